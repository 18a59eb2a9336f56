import Foundation
import Testing
import TestSupport
@testable import EventLog
@testable import Events
@testable import Hindsight
@testable import Projections
import EventLog

/// The log + codec as an event source, on real files.
@Suite struct LogEventSourceTests {
    /// A small consistent history: decks, then renames in batches of varying size.
    func batches(seed: UInt64) throws -> [[PendingEvent]] {
        var rng = SplitMix64(seed: seed)
        let profile = ProfileID(UUID(uuid: (1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
        var batches: [[PendingEvent]] = []
        var n: UInt8 = 0
        for _ in 0..<60 {
            let size = Int(rng.next() % 7) + 1
            var batch: [PendingEvent] = []
            for _ in 0..<size {
                n &+= 1
                let id = UUID(uuid: (2, n, UInt8(batches.count), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(batch.count)))
                let deck = DeckID(UUID(uuid: (3, n % 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
                let time = EventTime(instant: Timestamp(milliseconds: 1_770_000_000_000 + Int64(batches.count) * 60_000),
                                     utcOffset: .zero)
                batch.append(PendingEvent(id: EventID(id), stream: .deck(deck), profile: profile, occurred: time,
                                          event: .deckCreated(DeckCreated(deck: deck, name: "Deck \(n)"))))
            }
            batches.append(batch)
        }
        return batches
    }

    func write(_ batches: [[PendingEvent]], to dir: TemporaryDirectory) async throws -> (LogWriter, [UInt64]) {
        let writer = try await LogWriter.open(directory: dir.path, options: LogOptions(durability: .fsyncEachAppend))
        var batchEnds: [UInt64] = []
        for batch in batches {
            let payloads = batch.map { LogCodec.encode($0, streamVersion: 1, recordedAt: $0.occurred.instant) }
            batchEnds.append(try await writer.append(contentsOf: payloads).upperBound)
        }
        return (writer, batchEnds)
    }

    /// Fresh read models with every event of `history` handed to each projector directly, as
    /// `write(_:to:)` records them (positions from 1, stream version 1).
    func directlyFolded(_ history: [[PendingEvent]]) async throws -> ReadModels {
        let direct = try ReadModels(configuration: ReadModelConfiguration())
        var position: UInt64 = 0
        let recorded = history.flatMap { $0 }.map { pending -> RecordedEvent in
            position += 1
            return RecordedEvent(pending, position: position, streamVersion: 1, recordedAt: pending.occurred.instant)
        }
        for projector in direct.all { await projector.apply(recorded) }
        return direct
    }

    @Test(arguments: [1, 2, 5, 16])
    func readsStopOnlyAtBatchEnds(limit: Int) async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let (writer, batchEnds) = try await write(try batches(seed: UInt64(limit)), to: dir)
        let source = LogEventSource(writer: writer)
        var cursor: UInt64 = 0
        var seen: [UInt64] = []
        while true {
            let events = try await source.events(after: cursor, limit: limit)
            guard let last = events.last else { break }
            #expect(events.count >= min(limit, Int(writer.lastPosition - cursor)))
            #expect(batchEnds.contains(last.position), "a read ended inside a batch at \(last.position)")
            seen += events.map(\.position)
            cursor = last.position
        }
        #expect(seen == Array(1...writer.lastPosition))
        try await writer.close()
    }

    @Test func runnerOverTheLogEqualsADirectFold() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let history = try batches(seed: 9)
        let (writer, _) = try await write(history, to: dir)
        let models = try ReadModels(configuration: ReadModelConfiguration())
        let runner = ProjectionRunner(source: LogEventSource(writer: writer), projectors: models.all, batchSize: 10)
        #expect(try await runner.catchUp() == writer.lastPosition)

        let direct = try await directlyFolded(history)
        for (a, b) in zip(models.all, direct.all) {
            #expect(await a.snapshot() == b.snapshot(), "\(a.name) differs")
        }
        try await writer.close()
    }

    /// Batches of events of kinds the read models fold (decks) mixed with kinds none of them
    /// reads (translations, study sessions) and a type of a newer build; batch 25 is 120 events
    /// long, and the last batch holds only events none of them reads.
    func mixedBatches(seed: UInt64) throws -> [[PendingEvent]] {
        var rng = SplitMix64(seed: seed)
        let profile = ProfileID(UUID(uuid: (1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
        var batches: [[PendingEvent]] = []
        var n: UInt16 = 0
        for index in 0..<50 {
            var batch: [PendingEvent] = []
            // One long batch: a read with a small limit returns it whole, past the room it reserved.
            for _ in 0..<(index == 25 ? 120 : Int(rng.next() % 6) + 1) {
                n &+= 1
                let id = EventID(UUID(uuid: (4, UInt8(n >> 8), UInt8(n & 0xFF), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
                let deck = DeckID(UUID(uuid: (3, UInt8(n % 7), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
                let card = CardID(UUID(uuid: (5, UInt8(n % 11), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
                let time = EventTime(instant: Timestamp(milliseconds: 1_770_000_000_000 + Int64(n) * 60_000), utcOffset: .zero)
                let roll = index == 49 ? 1 + rng.next() % 3 : rng.next() % 4
                let (stream, event): (StreamID, DomainEvent) = switch roll {
                case 0: (.deck(deck), .deckCreated(DeckCreated(deck: deck, name: "Deck \(n)")))
                case 1: (.card(card), .translationAttached(TranslationAttached(
                    card: card, translation: "a translation long enough to live on the heap \(n)", language: try LanguageTag("en"))))
                case 2: (.studySession(StudySessionID(id.uuid)), .studySessionStarted(StudySessionStarted(
                    session: StudySessionID(id.uuid), deck: deck)))
                default: (.profile(profile), .unknown(UnknownEvent(typeName: "future.somethingNew", schemaVersion: 1,
                                                                   payload: [1, 2, 3])))
                }
                batch.append(PendingEvent(id: id, stream: stream, profile: profile, occurred: time, event: event))
            }
            batches.append(batch)
        }
        return batches
    }

    @Test("reading only some kinds gives the full read's events of those kinds, batch for batch", arguments: [1, 3, 8, 64])
    func readingSomeKindsSkipsTheOthers(limit: Int) async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let (writer, batchEnds) = try await write(try mixedBatches(seed: UInt64(limit)), to: dir)
        let source = LogEventSource(writer: writer)
        let kinds = EventKindSet(.deckCreated, .studySessionStarted)
        var cursor: UInt64 = 0
        var skipped = 0
        while true {
            let all = try await source.events(after: cursor, limit: limit)
            let batch = try await source.events(after: cursor, limit: limit, decoding: kinds)
            guard let last = all.last else {
                #expect(batch.events.isEmpty && batch.last == cursor)
                break
            }
            #expect(batch.events == all.filter { kinds.contains($0.event) })
            #expect(batch.last == last.position)
            #expect(batchEnds.contains(batch.last), "a read ended inside a batch at \(batch.last)")
            skipped += all.count - batch.events.count
            cursor = batch.last
        }
        #expect(cursor == writer.lastPosition)
        #expect(skipped > 0)
        try await writer.close()
    }

    @Test("the runner decodes only what the read models read, and every checkpoint reaches the log's end")
    func runnerSkipsUnreadKinds() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let history = try mixedBatches(seed: 21)
        let (writer, _) = try await write(history, to: dir)
        for parallel in [false, true] {
            let models = try ReadModels(configuration: ReadModelConfiguration())
            let runner = ProjectionRunner(source: LogEventSource(writer: writer), projectors: models.all,
                                          parallel: parallel, batchSize: 7)
            #expect(try await runner.catchUp() == writer.lastPosition)
            let direct = try await directlyFolded(history)
            for (a, b) in zip(models.all, direct.all) {
                // The log ends with events no read model reads: the checkpoints still reach it.
                let checkpoint = await a.checkpoint
                #expect(checkpoint == writer.lastPosition, "\(a.name) stopped at \(checkpoint)")
                #expect(await a.snapshot() == b.snapshot(), "\(a.name) differs")
            }
        }
        try await writer.close()
    }

    @Test func waitingReturnsWhenAnAppendIsPublished() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let (writer, _) = try await write(Array(try batches(seed: 3).prefix(2)), to: dir)
        let source = LogEventSource(writer: writer)
        let last = writer.lastPosition
        async let waited: Void = source.waitForEvents(after: last)
        try await Task.sleep(for: .milliseconds(20))
        _ = try await writer.append(contentsOf: try batches(seed: 4)[0].map {
            LogCodec.encode($0, streamVersion: 1, recordedAt: $0.occurred.instant)
        })
        try await waited
        #expect(try await source.events(after: last, limit: 100).first?.position == last + 1)
        try await writer.close()
    }
}
