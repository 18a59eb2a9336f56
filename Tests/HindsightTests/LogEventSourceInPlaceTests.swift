import Foundation
import Testing
import TestSupport
@testable import EventLog
@testable import Events
@testable import Hindsight
import EventLog

/// The batch that ``LogEventSource`` decodes in place: the same events as decoding each record
/// alone, appended batches longer than the room reserved, and a bad record that fails the read.
@Suite struct LogEventSourceInPlaceTests {
    /// A card created with `front`, as the log payload of version 1 of its stream.
    static func payload(_ n: Int, front: String = "Straße") -> [UInt8] {
        let card = CardID(UUID(uuid: (5, UInt8(n & 0xFF), UInt8(n >> 8), 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1)))
        let event = CardCreated(card: card, deck: DeckID(UUID(uuid: (6, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1))),
                                front: front, back: "la calle \(n) — 通り")
        let pending = PendingEvent(id: EventID(UUID(uuid: (7, UInt8(n & 0xFF), UInt8(n >> 8), 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1))),
                                   stream: .card(card), profile: ProfileID(UUID(uuid: (8, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1))),
                                   occurred: EventTime(instant: Timestamp(milliseconds: 1_770_000_000_000 + Int64(n)), utcOffset: .zero),
                                   event: .cardCreated(event))
        return LogCodec.encode(pending, streamVersion: 1, recordedAt: Timestamp(milliseconds: 1_770_000_000_000 + Int64(n)))
    }

    /// Batches of `sizes` records, appended in order; returns the writer and every payload.
    func write(sizes: [Int], in dir: TemporaryDirectory, bad: Int? = nil) async throws -> (LogWriter, [[UInt8]]) {
        let writer = try await LogWriter.open(directory: dir.path, options: LogOptions(durability: .fsyncEachAppend))
        var all: [[UInt8]] = []
        for size in sizes {
            var batch: [[UInt8]] = []
            for _ in 0..<size {
                var bytes = Self.payload(all.count + batch.count)
                if all.count + batch.count + 1 == bad, let eszett = bytes.firstIndex(of: 0xC3) { bytes[eszett + 1] = 0x28 }
                batch.append(bytes)
            }
            _ = try await writer.append(contentsOf: batch)
            all += batch
        }
        return (writer, all)
    }

    /// One appended batch of 300 records read with limits far below it: the whole batch comes
    /// back from one read (past the room reserved for limit + 16), equal to one-by-one decodes.
    @Test(arguments: [0, 1, 7, 100, 299, 300, 1000])
    func aLongBatchComesBackWhole(limit: Int) async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let (writer, payloads) = try await write(sizes: [3, 300, 5], in: dir)
        let source = LogEventSource(writer: writer)
        let expected = try payloads.enumerated().map { try LogCodec.decode($1, position: UInt64($0 + 1)) }
        var cursor: UInt64 = 0
        var ends: [UInt64] = []
        var seen: [RecordedEvent] = []
        while true {
            let events = try await source.events(after: cursor, limit: limit)
            guard let last = events.last else { break }
            ends.append(last.position)
            seen += events
            cursor = last.position
        }
        #expect(seen == expected)
        #expect(Set(ends).isSubset(of: [3, 303, 308]))
        #expect(ends.contains(303) || limit > 300)
        try await writer.close()
    }

    /// A record whose text is not UTF-8 fails the read that reaches it with its position and
    /// offset; the events before it read fine, and so does a new source after fixing nothing.
    @Test(arguments: [1, 40, 81])
    func aBadRecordFailsTheRead(bad: Int) async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let (writer, _) = try await write(sizes: [20, 20, 20, 21], in: dir, bad: bad)
        let source = LogEventSource(writer: writer)
        let error = await #expect(throws: EventDecodingError.self) {
            _ = try await source.events(after: 0, limit: 1000)
        }
        #expect(error?.code == .invalidUTF8)
        #expect(error?.position == UInt64(bad))
        #expect(error?.typeName == CardCreated.typeName)
        if bad > 20 {
            let before = try await source.events(after: 0, limit: 1)
            #expect(before.map(\.position) == Array(1...20))
        }
        try await writer.close()
    }
}
