import EventLog
import Events
import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// An import chunk encoded into one buffer of frames (``ImportStaging/encode(_:)``) holds, frame
/// after frame, the very payloads the one-event encoder (``LogCodec/encode(_:)-(RecordedEvent)``)
/// gives, each behind a header holding only its length; and they decode back to the events.
@Suite struct ImportStagingEncodeTests {
    /// Seeded random events: reviews, cards with hard texts, events of unknown types, with
    /// random envelopes (ids, streams of every category, versions and times at their extremes).
    static func events(seed: UInt64, count: Int) throws -> [RecordedEvent] {
        var random = SplitMix64(seed: seed)
        func uuid() -> UUID {
            let b = random.bytes(16)
            return UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
        }
        func extreme(_ range: ClosedRange<Int64>) -> Int64 {
            switch random.next() % 4 {
            case 0: range.lowerBound
            case 1: range.upperBound
            default: Int64.random(in: range, using: &random)
            }
        }
        let texts = ["", "a", "Haus", "🐕", "👩‍👩‍👧‍👦", "e\u{301}", "שָׁלוֹם", "\u{0}", "line\nbreak", String(repeating: "long ", count: 80)]
        let categories = ["card", "deck", "story", "profile", "spelling-session", "x", "a-very-long-category-name-32char"]
        var events: [RecordedEvent] = []
        for index in 0..<count {
            let event: DomainEvent
            switch random.next() % 4 {
            case 0, 1:
                event = .reviewGraded(ReviewGraded(card: CardID(uuid()), rating: Rating(rawValue: UInt8(1 + random.next() % 4))!,
                                                   mode: random.next() % 2 == 0 ? .scheduled : .cram,
                                                   duration: try ElapsedTime(milliseconds: extreme(0...86_400_000))))
            case 2:
                event = .cardCreated(CardCreated(card: CardID(uuid()), deck: DeckID(uuid()),
                                                 front: texts[Int(random.next() % UInt64(texts.count))],
                                                 back: texts[Int(random.next() % UInt64(texts.count))]))
            default:
                event = .unknown(UnknownEvent(typeName: "future.event-\(random.next() % 100)", schemaVersion: UInt32(random.next() % 9),
                                              payload: random.bytes(Int(random.next() % 600))))
            }
            let stream = try StreamID(category: categories[Int(random.next() % UInt64(categories.count))], id: uuid())
            let occurred = EventTime(instant: Timestamp(milliseconds: extreme(0...253_402_300_799_999)),
                                     utcOffset: try UTCOffset(seconds: Int(extreme(-64_800...64_800))))
            events.append(RecordedEvent(position: UInt64(index + 1), id: EventID(uuid()), stream: stream,
                                        streamVersion: UInt64(extreme(0...Int64.max)), profile: ProfileID(uuid()), occurred: occurred,
                                        recordedAt: Timestamp(milliseconds: extreme(0...4_000_000_000_000)), event: event))
        }
        return events
    }

    @Test(arguments: 0..<12 as Range<UInt64>)
    func chunkFramesHoldTheOneEventPayloads(seed: UInt64) throws {
        let events = try Self.events(seed: seed, count: seed == 0 ? 1 : Int(seed) * 37)
        let records = ImportStaging.encode(events)
        var expected: [UInt8] = []
        for event in events {
            let payload = LogCodec.encode(event)
            expected += [0, 0, 0, 0] + withUnsafeBytes(of: UInt32(payload.count).littleEndian, Array.init)
                + [UInt8](repeating: 0, count: 12) + payload
        }
        #expect(records.bytes == expected)
        #expect(records.count == events.count)

        var offset = 0
        for event in events {
            let length = records.bytes.withUnsafeBytes { Int(UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))) }
            let payload = Array(records.bytes[(offset + 20)..<(offset + 20 + length)])
            #expect(try LogCodec.decode(payload, position: event.position) == event)
            offset += 20 + length
        }
        #expect(offset == records.bytes.count)
    }
}
