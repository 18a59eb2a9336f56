import Foundation
import Testing
import TestSupport
@testable import Events

/// ``LogCodec/decode(_:position:initializing:)`` builds the event in place: the same event as
/// ``LogCodec/decode(_:position:)``, and on a bad record the same error with nothing left behind.
@Suite struct InPlaceDecodeTests {
    /// Seeded random records of every kind, encoded back to back.
    static func log(seed: UInt64, count: Int) throws -> [[UInt8]] {
        var generator = EventGenerator(seed: seed)
        return try (0..<count).map { index in
            LogCodec.encode(try generator.recorded(EventKind.allCases[index % EventKind.allCases.count]))
        }
    }

    /// Decodes `payloads` into one buffer as a batch is built; the events, or the error and how
    /// many were decoded before it. Every initialized slot is deinitialized again.
    static func decodeInPlace(_ payloads: [[UInt8]]) -> (events: [RecordedEvent], error: EventDecodingError?) {
        let buffer = UnsafeMutablePointer<RecordedEvent>.allocate(capacity: payloads.count)
        defer { buffer.deallocate() }
        var count = 0
        var failure: EventDecodingError?
        for (index, payload) in payloads.enumerated() {
            do {
                try payload.withUnsafeBytes { bytes in
                    try LogCodec.decode(bytes, position: UInt64(index + 1), initializing: buffer + count)
                }
                count += 1
            } catch {
                failure = error as? EventDecodingError
                break
            }
        }
        let events = Array(UnsafeBufferPointer(start: buffer, count: count))
        buffer.deinitialize(count: count)
        return (events, failure)
    }

    @Test(arguments: 0..<6 as Range<UInt64>)
    func inPlaceEqualsOneByOne(seed: UInt64) throws {
        let payloads = try Self.log(seed: seed, count: EventKind.allCases.count * 3)
        let expected = try payloads.enumerated().map { try LogCodec.decode($1, position: UInt64($0 + 1)) }
        let (events, error) = Self.decodeInPlace(payloads)
        #expect(error == nil)
        #expect(events == expected)
    }

    /// A record with invalid UTF-8 in a card's text in the middle of the log: the same error
    /// (code, position, offset, type) as the one-by-one decode, and the events before it intact.
    @Test(arguments: 0..<6 as Range<UInt64>)
    func aBadRecordInTheMiddleThrowsTheSameError(seed: UInt64) throws {
        var payloads = try Self.log(seed: seed, count: 50)
        let card = CardCreated(card: CardID(fixedUUID(1)), deck: DeckID(fixedUUID(2)), front: "Straße", back: "street")
        let pending = PendingEvent(id: EventID(fixedUUID(3)), stream: .card(card.card), profile: ProfileID(fixedUUID(4)),
                                   occurred: EventTime(instant: Timestamp(milliseconds: 0), utcOffset: .zero),
                                   event: .cardCreated(card))
        var bad = LogCodec.encode(pending, streamVersion: 1, recordedAt: Timestamp(milliseconds: 0))
        let eszett = try #require(bad.firstIndex(of: 0xC3))
        bad[eszett + 1] = 0x28  // "ß" loses its continuation byte
        let middle = 20 + Int(seed)
        payloads.insert(bad, at: middle)

        let expected = try #require(throws: EventDecodingError.self) {
            try LogCodec.decode(bad, position: UInt64(middle + 1))
        }
        let (events, error) = Self.decodeInPlace(payloads)
        let thrown = try #require(error)
        #expect(thrown.code == .invalidUTF8)
        #expect(thrown == expected)
        #expect(thrown.position == UInt64(middle + 1))
        #expect(thrown.offset == eszett - 5)  // the length prefix of "Straße" (4 bytes before "ß")
        #expect(events.count == middle)
        #expect(events == (try payloads.prefix(middle).enumerated().map { try LogCodec.decode($1, position: UInt64($0 + 1)) }))
    }

    /// A card created (texts on the heap) followed by a stray byte: the body is built in place
    /// before the trailing byte is found, then dropped again; the error is the one-by-one decode's.
    @Test func trailingBytesAfterABuiltBodyThrowTheSameError() throws {
        let card = CardCreated(card: CardID(fixedUUID(1)), deck: DeckID(fixedUUID(2)),
                               front: String(repeating: "front text ", count: 4), back: String(repeating: "back ", count: 8))
        let pending = PendingEvent(id: EventID(fixedUUID(3)), stream: .card(card.card), profile: ProfileID(fixedUUID(4)),
                                   occurred: EventTime(instant: Timestamp(milliseconds: 0), utcOffset: .zero),
                                   event: .cardCreated(card))
        let bad = LogCodec.encode(pending, streamVersion: 1, recordedAt: Timestamp(milliseconds: 0)) + [0]
        var payloads = try Self.log(seed: 7, count: 10)
        payloads.insert(bad, at: 5)

        let expected = try #require(throws: EventDecodingError.self) { try LogCodec.decode(bad, position: 6) }
        let (events, error) = Self.decodeInPlace(payloads)
        #expect(expected.code == .trailingBytes)
        #expect(error == expected)
        #expect(events.count == 5)
    }

    /// Events this build keeps as unknown (a newer schema version of a known type, a type it does
    /// not know) come out of the in-place decode as out of the one-by-one decode, byte for byte.
    @Test func unknownVersionsAndTypesDecodeInPlaceAsOneByOne() throws {
        let review = try MalformedInputTests.review()
        // The schema version is the byte before the body (card, rating, mode, duration: 19 bytes).
        var newer = review
        newer[newer.count - 20] = 9
        // The type name "vocabulary.review-graded" spelled "vocabulary.review-gradex".
        var unknown = review
        let name = Array("vocabulary.review-graded".utf8)
        let at = try #require((0...(unknown.count - name.count)).first { Array(unknown[$0 ..< $0 + name.count]) == name })
        unknown[at + name.count - 1] = UInt8(ascii: "x")
        let payloads = [review, newer, unknown]

        let expected = try payloads.enumerated().map { try LogCodec.decode($1, position: UInt64($0 + 1)) }
        let (events, error) = Self.decodeInPlace(payloads)
        #expect(error == nil)
        #expect(events == expected)
        #expect(events.map(\.schemaVersion) == [2, 9, 2])
        #expect(events.map(\.typeName) == ["vocabulary.review-graded", "vocabulary.review-graded", "vocabulary.review-gradex"])
        guard case .unknown = events[1].event, case .unknown = events[2].event else {
            Issue.record("a newer version and an unknown type must decode as unknown events")
            return
        }
    }
}
