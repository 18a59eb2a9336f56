import EventLog
import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// Read models as of a past position or instant equal a fresh fold of the events up to it.
@Suite struct TimeTravelTests {
    @Test(arguments: [UInt64(1), 2, 3])
    func modelsAsOfAPositionEqualAFoldOfTheFirstEvents(seed: UInt64) async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let (builder, _) = ScheduleRebuildTests.history(seed: seed)
        try await builder.write(to: dir.path)
        let configuration = ReadModelConfiguration()
        var rng = SplitMix64(seed: seed)
        let count = UInt64(builder.events.count)
        for p in [0, count, rng.next() % count, rng.next() % count, 160] {
            let (models, position) = try await ReadModels.asOf(.position(p), dataDirectory: dir.path, configuration: configuration)
            #expect(position == p)
            let direct = try await HistoryBuilder.fold(builder.events.prefix(Int(p)), configuration: configuration)
            for (a, b) in zip(models.all, direct.all) {
                #expect(await a.snapshot() == b.snapshot(), "\(a.name) differs as of position \(p)")
            }
        }
    }

    @Test func modelsAsOfAnInstantStopAtTheLastEventRecordedByThen() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let (builder, _) = ScheduleRebuildTests.history(seed: 4)
        try await builder.write(to: dir.path)
        let cut = builder.events[99].recordedAt
        let expected = builder.events.lastIndex { $0.recordedAt <= cut }! + 1
        let (models, position) = try await ReadModels.asOf(.instant(cut), dataDirectory: dir.path,
                                                           configuration: ReadModelConfiguration())
        #expect(position == UInt64(expected))
        let direct = try await HistoryBuilder.fold(builder.events.prefix(expected), configuration: ReadModelConfiguration())
        #expect(await models.vocabulary.snapshot() == direct.vocabulary.snapshot())
    }

    @Test(arguments: [UInt64(6), 7])
    func modelsAsOfAnOccurredInstantFoldEveryEventThatHappenedByThen(seed: UInt64) async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let (builder, _) = ScheduleRebuildTests.history(seed: seed)
        // Every fifth event happened two days later than its neighbours (as an imported history
        // out of order may): the cut skips it and reads on past it.
        let events = builder.events.enumerated().map { index, event in
            guard index % 5 == 4 else { return event }
            let later = EventTime(instant: Timestamp(milliseconds: event.occurred.instant.milliseconds + 2 * 86_400_000),
                                  utcOffset: event.occurred.utcOffset)
            return RecordedEvent(position: event.position, id: event.id, stream: event.stream, streamVersion: event.streamVersion,
                                 profile: event.profile, occurred: later, recordedAt: event.recordedAt, event: event.event)
        }
        let writer = try await LogWriter.open(directory: dir.path + "/log", options: LogOptions(durability: .groupCommit))
        _ = try await writer.append(contentsOf: events.map { LogCodec.encode($0) })
        try await writer.close()

        let cut = events[events.count / 2].occurred.instant
        let kept = events.filter { $0.occurred.instant <= cut }
        let firstSkipped = try #require(events.firstIndex { $0.occurred.instant > cut })
        #expect(kept.count > firstSkipped, "the cut must keep events after one it skips")
        let (models, position) = try await ReadModels.asOf(.occurred(cut), dataDirectory: dir.path,
                                                           configuration: ReadModelConfiguration())
        #expect(position == kept.last?.position)
        let direct = try await HistoryBuilder.fold(kept, configuration: ReadModelConfiguration())
        for (a, b) in zip(models.all, direct.all) {
            #expect(await a.snapshot() == b.snapshot(), "\(a.name) differs from a fold of the events that happened by the cut")
        }
    }
}
