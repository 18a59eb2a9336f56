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
}
