import Events
import Foundation
import TestSupport
import Testing

/// The JSON Lines export writes most records straight from their log bytes
/// (`RecordEnvelope.appendJSON`, no event built): every byte must be the one the decoded event's
/// JSON gives (`EventJSONCodec`), for every event type, and a damaged record must be refused.
@Suite struct RecordJSONTests {
    /// The JSON of the log record `record` at `position`, written straight from its bytes.
    /// - Throws: what the straight path throws, or when the record is not of a current known kind.
    static func straight(_ record: [UInt8], position: UInt64) throws -> [UInt8] {
        try record.withUnsafeBytes { bytes in
            let envelope = try RecordEnvelope(record: bytes, position: position)
            let kind = try #require(envelope.currentKind)
            // A small buffer, so that growing is exercised too.
            var out = JSONByteBuffer(capacity: 64)
            try envelope.appendJSON(record: bytes, position: position, kind: kind, to: &out)
            return out.bytes
        }
    }

    /// The JSON of the event the record decodes to, as the codec writes it.
    static func decoded(_ record: [UInt8], position: UInt64) throws -> [UInt8] {
        Array(try EventJSONCodec().encode(try LogCodec.decode(record, position: position)))
    }

    @Test(arguments: 0..<40 as Range<UInt64>)
    func theStraightPathWritesTheDecodedEventsBytesForEveryType(seed: UInt64) throws {
        var g = EventGenerator(seed: seed &* 0x2545_F491 ^ 0x3A)
        for kind in EventKind.allCases {
            let event = try g.recorded(kind)
            let record = LogCodec.encode(event)
            let straight = try Self.straight(record, position: event.position)
            #expect(straight == (try Self.decoded(record, position: event.position)),
                    "seed \(seed), \(kind.typeName):\n\(String(decoding: straight, as: UTF8.self))")
        }
    }

    /// The payload members' values one by one (what the CSV export makes its cells of): for every
    /// type, each member's bytes are the ones its key has in the decoded event's JSON payload, in
    /// the shape's order, and an absent optional is nil where the JSON leaves the key out; a
    /// damaged body is refused.
    @Test(arguments: 0..<40 as Range<UInt64>)
    func memberValuesAreThePayloadsMembersInShapeOrder(seed: UInt64) throws {
        var g = EventGenerator(seed: seed &* 0x9E37_79B9 ^ 0x5C)
        var values = JSONByteBuffer(capacity: 16)
        var bounds: [Range<Int>?] = []
        for kind in EventKind.allCases {
            let event = try g.recorded(kind)
            let record = LogCodec.encode(event)
            let json = try Self.decoded(record, position: event.position)
            values.removeAll()
            try record.withUnsafeBytes { bytes in
                let envelope = try RecordEnvelope(record: bytes, position: event.position)
                try envelope.appendMemberValues(record: bytes, kind: kind, to: &values, bounds: &bounds)
            }
            let keys = kind.jsonShape.fields.map { "\($0.key)" }
            #expect(bounds.count == keys.count, "\(kind.typeName)")
            try json.withUnsafeBytes { json in
                var parser = JSONParser()
                let document = try parser.parse(json)
                let payload = try #require(document.member(document.root, "payload"))
                #expect(document.count(payload) == bounds.compactMap { $0 }.count, "\(kind.typeName)")
                for (key, range) in zip(keys, bounds) {
                    let expected = document.member(payload, key).map { Array(document.text($0)) }
                    let written = values.withUnsafeBytes { bytes in range.map { Array(bytes[$0]) } }
                    #expect(written == expected, "seed \(seed), \(kind.typeName).\(key)")
                }
            }
            #expect(throws: (any Error).self) {
                try (record + [0]).withUnsafeBytes { bytes in
                    let envelope = try RecordEnvelope(record: bytes, position: event.position)
                    try envelope.appendMemberValues(record: bytes, kind: kind, to: &values, bounds: &bounds)
                }
            }
        }
    }

    @Test func olderVersionsAndUnknownTypesAreLeftToTheDecoder() throws {
        for sample in try LegacyGoldenSamples.all() {
            let record = LogCodec.encode(sample.stored)
            let envelope = try record.withUnsafeBytes { try RecordEnvelope(record: $0, position: 1) }
            #expect(envelope.kind != nil && envelope.currentKind == nil, "\(sample.stem)")
        }
        let unknown = try UnknownEventTests.unknownRecord(seed: 3, typeName: "future.thing-happened", version: 1)
        let envelope = try LogCodec.encode(unknown).withUnsafeBytes { try RecordEnvelope(record: $0, position: 1) }
        #expect(envelope.kind == nil && envelope.currentKind == nil)
        #expect(String(decoding: envelope.typeName, as: UTF8.self) == "future.thing-happened")
    }

    /// Texts at the edges of the eight-byte steps, with every kind of escape, in a card's front.
    @Test(arguments: [
        "", "a", "1234567", "12345678", "123456789", "123456789012345", "1234567890123456", "12345678901234567",
        "\"", "1234567\"", "12345678\\", "\u{1}\u{1F}\u{7F}", "tab\there\nnew line\r\u{8}\u{C}", "\u{0}1234567\u{0}",
        "é猫😀\u{2028}\u{FEFF}", "/slash/", String(repeating: "Zürich \"q\" ", count: 500),
    ])
    func edgeCaseTextsAreWrittenAsTheDecoderWrites(text: String) throws {
        let event = RecordedEvent(
            position: 7, id: EventID(fixedUUID(1)), stream: .card(CardID(fixedUUID(2))), streamVersion: 3,
            profile: ProfileID(fixedUUID(4)), occurred: EventTime(instant: Timestamp(milliseconds: 1_767_225_600_000),
                                                                  utcOffset: try UTCOffset(seconds: -3600)),
            recordedAt: Timestamp(milliseconds: 1_767_225_600_005),
            event: .cardCreated(CardCreated(card: CardID(fixedUUID(2)), deck: DeckID(fixedUUID(5)), front: text, back: text)))
        let record = LogCodec.encode(event)
        #expect(try Self.straight(record, position: 7) == (try Self.decoded(record, position: 7)))
    }

    /// A record cut short, with a byte too many, or with a text that is not UTF-8: the straight
    /// path refuses it (the export then lets the decoder name the damage).
    @Test func damagedRecordsAreRefused() throws {
        let event = RecordedEvent(
            position: 9, id: EventID(fixedUUID(1)), stream: .deck(DeckID(fixedUUID(2))), streamVersion: 1,
            profile: ProfileID(fixedUUID(4)), occurred: EventTime(instant: Timestamp(milliseconds: 1_000), utcOffset: try UTCOffset(seconds: 0)),
            recordedAt: Timestamp(milliseconds: 1_001), event: .deckCreated(DeckCreated(deck: DeckID(fixedUUID(2)), name: "ABCD")))
        let record = LogCodec.encode(event)
        #expect(throws: (any Error).self) { try Self.straight(Array(record.dropLast()), position: 9) }
        #expect(throws: (any Error).self) { try Self.straight(record + [0], position: 9) }
        // The name's last byte made a lone continuation byte.
        var broken = record
        let nameEnd = try #require(broken.lastIndex(of: UInt8(ascii: "D")))
        broken[nameEnd] = 0x80
        #expect(throws: (any Error).self) { try Self.straight(broken, position: 9) }
        #expect(throws: EventDecodingError.self) { try LogCodec.decode(broken, position: 9) }
    }

    /// Integers at every digit count and at their extremes are written as Swift prints them.
    @Test(arguments: 0..<10 as Range<UInt64>)
    func integersAreWrittenInDecimal(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var values: [UInt64] = [0, 9, 10, 99, 100, 999, 1_000, UInt64.max, UInt64.max - 1, 9_999_999_999_999_999_999,
                                10_000_000_000_000_000_000]
        for digits in 1...19 { values.append(UInt64.random(in: 0...(UInt64(pow(10.0, Double(digits))) - 1), using: &rng)) }
        for value in values {
            var buffer = JSONByteBuffer(capacity: 8)
            buffer.write(value)
            #expect(String(decoding: buffer.bytes, as: UTF8.self) == String(value))
            let signed = Int64(bitPattern: value)
            var writer = JSONWriter()
            writer.write(signed)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == String(signed))
        }
        for extreme in [Int64.min, Int64.max, -1, -9, -10] {
            var buffer = JSONByteBuffer()
            buffer.write(extreme)
            #expect(String(decoding: buffer.bytes, as: UTF8.self) == String(extreme))
        }
    }

    /// UUIDs are written as Foundation spells them, quoted and not.
    @Test(arguments: 0..<5 as Range<UInt64>)
    func uuidsAreWrittenAsFoundationSpellsThem(seed: UInt64) {
        var g = EventGenerator(seed: seed)
        for _ in 0..<50 {
            let uuid = g.uuid()
            var buffer = JSONByteBuffer()
            buffer.write(uuid)
            buffer.write(unquoted: uuid)
            #expect(String(decoding: buffer.bytes, as: UTF8.self) == "\"\(uuid.uuidString)\"\(uuid.uuidString)")
        }
    }

    /// The writing of a shape's keys assumes they need no escaping (they are property names).
    @Test func everyKeyOfEveryShapeNeedsNoEscaping() {
        func check(_ shape: JSONShape) {
            for field in shape.fields {
                let key = String(describing: field.key)
                #expect(!key.isEmpty && key.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }, "\(key)")
                check(field.kind)
            }
        }
        func check(_ kind: JSONFieldKind) {
            switch kind {
            case .optional(let wrapped), .array(let wrapped): check(wrapped)
            case .object(let shape): check(shape)
            case .oneOf(let variants): for variant in variants { if let kind = variant.kind { check(kind) } }
            default: break
            }
        }
        for kind in EventKind.allCases { check(kind.jsonShape) }
    }

    /// Which kinds hold personal data is read from the shapes: exactly the four the export
    /// documents (`PersonalDataField`).
    @Test func theKindsHoldingPersonalDataComeFromTheShapes() {
        let holding = Set(EventKind.allCases.filter(\.holdsPersonalData).map(\.typeName))
        #expect(holding == ["profiles.profile-created", "profiles.profile-renamed", "stories.story-requested", "stories.story-generated"])
    }
}
