import Events
import Foundation
import Testing
import TestSupport

/// Bad bytes and bad JSON give a typed error that says what is wrong, never a crash.
@Suite struct MalformedInputTests {
    /// Decodes, and when the bytes are accepted, checks they are canonical: encoding the result
    /// gives them back (or, for an upcast legacy record, decoding that gives the same event).
    static func decodeOrFail(_ bytes: [UInt8]) {
        do {
            let event = try LogCodec.decode(bytes, position: 1)
            let again = LogCodec.encode(event)
            if again != bytes {
                #expect(event.typeName == ReviewGraded.typeName, "accepted non-canonical bytes for \(event.typeName)")
                #expect(try LogCodec.decode(again, position: 1) == event)
            }
        } catch {
            #expect(error.position == 1)
            #expect(!error.message.isEmpty)
        }
    }

    @Test(arguments: 0..<20 as Range<UInt64>)
    func randomBuffersNeverCrash(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<250 {
            var bytes = rng.bytes(Int.random(in: 0...120, using: &rng))
            if !bytes.isEmpty && Bool.random(using: &rng) { bytes[0] = LogCodec.formatVersion }
            Self.decodeOrFail(bytes)
        }
    }

    @Test(arguments: 0..<20 as Range<UInt64>)
    func mutatedRecordsNeverCrash(seed: UInt64) throws {
        var g = EventGenerator(seed: seed)
        for kind in EventKind.allCases {
            let original = LogCodec.encode(try g.recorded(kind))
            for _ in 0..<8 {
                var bytes = original
                switch Int.random(in: 0..<4, using: &g.rng) {
                case 0: bytes[Int.random(in: 0..<bytes.count, using: &g.rng)] = UInt8.random(in: 0...255, using: &g.rng)
                case 1: bytes[Int.random(in: 0..<bytes.count, using: &g.rng)] ^= 1 << UInt8.random(in: 0...7, using: &g.rng)
                case 2: bytes.insert(UInt8.random(in: 0...255, using: &g.rng), at: Int.random(in: 0...bytes.count, using: &g.rng))
                default: bytes.remove(at: Int.random(in: 0..<bytes.count, using: &g.rng))
                }
                Self.decodeOrFail(bytes)
            }
        }
    }

    @Test func everyTruncationIsATypedError() throws {
        var g = EventGenerator(seed: 1)
        for kind in EventKind.allCases {
            let bytes = LogCodec.encode(try g.recorded(kind))
            for length in 0..<bytes.count {
                let error = try #require(throws: EventDecodingError.self) { try LogCodec.decode(Array(bytes[..<length]), position: 9) }
                #expect(error.position == 9)
                #expect([.truncated, .invalidValue, .malformedInteger, .invalidUTF8].contains(error.code),
                        "\(kind.typeName) cut at \(length): \(error)")
            }
        }
    }

    /// A review record whose body is `card, rating, mode, duration`, for targeted damage.
    static func review(rating: UInt8 = 3, mode: UInt8 = 0, trailing: [UInt8] = []) throws -> [UInt8] {
        let event = try RecordedEvent(
            position: 1, id: EventID(fixedUUID(1)), stream: .card(CardID(fixedUUID(2))), streamVersion: 1,
            profile: ProfileID(fixedUUID(3)), occurred: EventTime(instant: Timestamp(milliseconds: 0), utcOffset: .zero),
            recordedAt: Timestamp(milliseconds: 0),
            event: .reviewGraded(ReviewGraded(card: CardID(fixedUUID(2)), rating: .good, mode: .scheduled,
                                              duration: ElapsedTime(milliseconds: 100))))
        var bytes = LogCodec.encode(event)
        bytes[bytes.count - 3] = rating
        bytes[bytes.count - 2] = mode
        return bytes + trailing
    }

    @Test func aDecodedRatingOfSevenIsAnError() throws {
        let error = try #require(throws: EventDecodingError.self) { try LogCodec.decode(try Self.review(rating: 7), position: 12) }
        #expect(error.code == .invalidValue)
        #expect(error.typeName == "vocabulary.review-graded")
        #expect(error.position == 12)
        #expect(error.message.contains("rating 7 is not a grade"))
        #expect(error.description.contains("position 12"))
    }

    @Test func badBytesGiveTheirOwnCodes() throws {
        #expect(throws: EventDecodingError.self) { try LogCodec.decode(try Self.review(mode: 2), position: 1) }
        let trailing = try #require(throws: EventDecodingError.self) { try LogCodec.decode(try Self.review(trailing: [0]), position: 1) }
        #expect(trailing.code == .trailingBytes)
        var future = try Self.review()
        future[0] = 2
        let format = try #require(throws: EventDecodingError.self) { try LogCodec.decode(future, position: 1) }
        #expect(format.code == .unsupportedFormat && format.offset == 0)
        var overlong = try Self.review()
        overlong.replaceSubrange((overlong.count - 1)..., with: [0xE4, 0x80, 0x00])  // 100 as three bytes
        let varint = try #require(throws: EventDecodingError.self) { try LogCodec.decode(overlong, position: 1) }
        #expect(varint.code == .malformedInteger)
        var badText = try Self.review()
        badText[18] = 0xFF  // inside the stream category "card"
        let utf8 = try #require(throws: EventDecodingError.self) { try LogCodec.decode(badText, position: 1) }
        #expect(utf8.code == .invalidUTF8 || utf8.code == .invalidValue)
    }

    static let jsonTemplate = """
        {"eventId":"00000000-0000-4000-8000-000000000001","occurredAt":0,"payload":{"card":"00000000-0000-4000-8000-000000000002","duration":5300,"mode":"scheduled","rating":RATING},"position":5,"profileId":"00000000-0000-4000-8000-000000000004","recordedAt":0,"schemaVersion":2,"streamCategory":"card","streamId":"00000000-0000-4000-8000-000000000002","streamVersion":3,"type":"vocabulary.review-graded","utcOffsetSeconds":OFFSET}
        """

    @Test(arguments: [
        ("7", "0", EventDecodingError.Code.invalidValue, "rating 7 is not a grade"),
        ("\"good\"", "0", .invalidJSON, "payload.rating"),
        ("3", "90000", .invalidValue, "beyond ±18 h"),
        ("true", "0", .invalidJSON, "payload.rating"),
    ])
    func badJSONValuesGiveTypedErrors(rating: String, offset: String, code: EventDecodingError.Code, fragment: String) throws {
        let json = Self.jsonTemplate.replacingOccurrences(of: "RATING", with: rating).replacingOccurrences(of: "OFFSET", with: offset)
        let error = try #require(throws: EventDecodingError.self) { try EventJSONCodec().decode(Data(json.utf8)) }
        #expect(error.code == code, "\(error)")
        #expect(error.message.contains(fragment), "\(error)")
    }

    @Test func missingKeysAndGarbageAreInvalidJSON() throws {
        let missing = Self.jsonTemplate.replacingOccurrences(of: "\"position\":5,", with: "")
            .replacingOccurrences(of: "RATING", with: "3").replacingOccurrences(of: "OFFSET", with: "0")
        let error = try #require(throws: EventDecodingError.self) { try EventJSONCodec().decode(Data(missing.utf8)) }
        #expect(error.code == .invalidJSON && error.message.contains("\"position\" is missing"))
        var rng = SplitMix64(seed: 77)
        for _ in 0..<500 {
            #expect(throws: EventDecodingError.self) { try EventJSONCodec().decode(Data(rng.bytes(Int.random(in: 0...60, using: &rng)))) }
        }
    }
}
