@testable import Events
import Foundation
import Testing
import TestSupport

/// Escapes on the one-pass reader (``RecordedEvent/init(canonicalJSON:reader:personalData:)``):
/// exported lines whose strings are spelled with escapes of every kind (`\" \\ \/ \b \f \n \r \t`,
/// `\uXXXX` in either case, surrogate pairs) are read to the general path's event, the texts of
/// string fields in one pass; a malformed escape (an unknown letter, too few hex digits, a lone surrogate) is
/// left to the general path, so the codec refuses it with the parser's error, byte for byte.
@Suite struct CanonicalJSONEscapeTests {
    typealias Reader = CanonicalJSONReaderTests

    @Test(arguments: 0..<24 as Range<UInt64>)
    func linesWithEscapesOfEveryKindAreReadAsTheGeneralPathReadsThem(seed: UInt64) throws {
        var g = EventGenerator(seed: seed &* 0x9E37_79B9 ^ 0xE5C)
        var random = SplitMix64(seed: seed ^ 0x5EED)
        let codec = EventJSONCodec()
        var escapedInOnePass = 0
        for kind in EventKind.allCases {
            let event = try g.recorded(kind)
            let line = EscapeRespelling.respell(Array(try codec.encode(event)), payloadOnly: true, using: &random)
            #expect(Reader.general(line) == .success(event), "seed \(seed), \(kind.typeName): \(String(decoding: line, as: UTF8.self))")
            Reader.expectAgreement(line, codec, "seed \(seed), \(kind.typeName)")
            if line.contains(0x5C), Reader.canonical(line) != nil { escapedInOnePass += 1 }
            // Escapes anywhere (keys, the envelope, choices, UUIDs): the same event, whichever path reads it.
            let anywhere = EscapeRespelling.respell(Array(try codec.encode(event)), payloadOnly: false, using: &random)
            #expect(Reader.general(anywhere) == .success(event), "seed \(seed), \(kind.typeName)")
            Reader.expectAgreement(anywhere, codec, "seed \(seed), \(kind.typeName), escapes anywhere")
        }
        #expect(escapedInOnePass > 0, "seed \(seed): no line with escapes was read in one pass")
    }

    @Test(arguments: 0..<24 as Range<UInt64>)
    func malformedEscapesAreRefusedWithTheParsersError(seed: UInt64) throws {
        var g = EventGenerator(seed: seed ^ 0xBAD_E5C)
        var random = SplitMix64(seed: seed &+ 7)
        let codec = EventJSONCodec()
        for kind in EventKind.allCases {
            let line = Array(try codec.encode(try g.recorded(kind)))
            let bad = EscapeRespelling.malformed.randomElement(using: &random)!
            let damaged = EscapeRespelling.inserting(Array(bad.utf8), intoAStringOf: line, using: &random)
            #expect(Reader.canonical(damaged) == nil, "seed \(seed), \(kind.typeName): \(bad)")
            guard case .failure(let expected) = Reader.general(damaged) else {
                Issue.record("seed \(seed), \(kind.typeName): \(bad) was read")
                continue
            }
            #expect(Reader.decoded(damaged, codec) == .failure(expected), "seed \(seed), \(kind.typeName): \(bad)")
        }
    }

    /// A card's texts with escapes of every kind, read in one pass to the texts they spell.
    @Test(arguments: [
        (#"a\"b\\c\/d"#, "a\"b\\c/d"),
        (#"\b\f\n\r\t"#, "\u{8}\u{C}\n\r\t"),
        (#"\u0000\u001f\u007F"#, "\u{0}\u{1F}\u{7F}"),
        (#"\u00e9\u00C9\u20ac\uFFFF"#, "éÉ€\u{FFFF}"),
        (#"\ud83d\udc15 \uD83D\uDE00"#, "🐕 😀"),
        (#"Zürich \u00fcber 日本語"#, "Zürich über 日本語"),
        (#"\\u0041"#, "\\u0041"),
    ])
    func escapedTextsAreReadInOnePass(spelled: String, text: String) throws {
        let line = Array(Self.cardCreated(front: spelled).utf8)
        let event = try #require(Reader.canonical(line), "left to the general path: \(spelled)")
        guard case .cardCreated(let created) = event.event else {
            Issue.record("not a card: \(event.event)")
            return
        }
        #expect(created.front == text)
        #expect(Reader.general(line) == .success(event))
    }

    /// Malformed escapes in a card's text: left to the general path, which refuses them saying why.
    @Test(arguments: [
        (#"\x"#, "unknown escape sequence"),
        (#"\u12G4"#, "four hex digits"),
        (#"\u12"#, "four hex digits"),
        (#"\udc15"#, "low surrogate without a high one"),
        (#"\ud83d"#, "high surrogate without a low one"),
        (#"\ud83dx"#, "high surrogate without a low one"),
        (#"\ud83d\u0041"#, "high surrogate without a low one"),
        (#"\ud83d\ud83d"#, "high surrogate without a low one"),
        (#"\ud83d\n"#, "high surrogate without a low one"),
        (#"\ud83d\uZZZZ"#, "four hex digits"),
    ])
    func malformedEscapesInATextAreRefused(spelled: String, message: String) {
        let line = Array(Self.cardCreated(front: spelled).utf8)
        #expect(Reader.canonical(line) == nil)
        let result = Reader.decoded(line, EventJSONCodec())
        #expect(result == Reader.general(line))
        guard case .failure(let error) = result else {
            Issue.record("read: \(spelled)")
            return
        }
        #expect(error.code == .invalidJSON && error.message.contains(message), "\(spelled): \(error.message)")
    }

    /// A card-created line as an export writes it, its front spelled `front` (JSON string contents).
    static func cardCreated(front: String) -> String {
        #"{"eventId":"00000000-0000-4000-8000-00000000006E","occurredAt":1,"payload":{"back":"b","card":"00000000-0000-4000-8000-000000000013","deck":"00000000-0000-4000-8000-000000000014","front":""#
            + front
            + #""},"position":1,"profileId":"00000000-0000-4000-8000-0000000000FA","recordedAt":1,"schemaVersion":1,"streamCategory":"card","streamId":"00000000-0000-4000-8000-000000000013","streamVersion":1,"type":"vocabulary.card-created","utcOffsetSeconds":0}"#
    }
}

/// Other spellings of the strings of an exported line: each scalar of a string written as it is
/// or as an escape (`\"`, `\\`, `\/`, the short control escapes, `\uXXXX` in either case, a
/// surrogate pair for a scalar above the BMP), at random.
enum EscapeRespelling {
    /// Malformed escapes, each refused by the parser.
    static let malformed = [#"\x"#, #"\u12G4"#, #"\uDC00"#, #"\uD800"#, #"\uD800x"#, #"\uD800\u0041"#, #"\uDBFF\uD800"#,
                            #"\U0041"#, #"\uD800\n"#, #"\'"#, #"\0"#]

    /// `line` (as the codec writes it) with its strings respelled: only the values inside the
    /// payload when `payloadOnly`, else every string (keys and envelope values too).
    static func respell(_ line: [UInt8], payloadOnly: Bool, using random: inout SplitMix64) -> [UInt8] {
        var parser = JSONParser()
        return line.withUnsafeBytes { bytes in
            // Lines written by the codec always parse.
            let document = try! parser.parse(bytes)
            var out: [UInt8] = []
            emit(document, document.root, inPayload: false, payloadOnly: payloadOnly, into: &out, using: &random)
            return out
        }
    }

    private static func emit(_ document: JSONDocument, _ index: JSONDocument.Index, inPayload: Bool, payloadOnly: Bool,
                             into out: inout [UInt8], using random: inout SplitMix64) {
        switch document.kind(index) {
        case .object:
            out.append(0x7B)
            for (number, member) in document.members(index).enumerated() {
                if number > 0 { out.append(0x2C) }
                let key = document.string(member.key) ?? ""
                if payloadOnly { out += Array(document.text(member.key)) } else { out += spelled(key, using: &random) }
                out.append(0x3A)
                emit(document, member.value, inPayload: inPayload || (index == document.root && key == "payload"),
                     payloadOnly: payloadOnly, into: &out, using: &random)
            }
            out.append(0x7D)
        case .array:
            out.append(0x5B)
            for (number, element) in document.elements(index).enumerated() {
                if number > 0 { out.append(0x2C) }
                emit(document, element, inPayload: inPayload, payloadOnly: payloadOnly, into: &out, using: &random)
            }
            out.append(0x5D)
        case .string, .escapedString:
            if payloadOnly && !inPayload {
                out += Array(document.text(index))
            } else {
                out += spelled(document.string(index) ?? "", using: &random)
            }
        default:
            out += Array(document.text(index))
        }
    }

    /// `text` as a JSON string (with its quotes), each scalar spelled one of the ways it may be.
    static func spelled(_ text: String, using random: inout SplitMix64) -> [UInt8] {
        var out: [UInt8] = [0x22]
        for scalar in text.unicodeScalars {
            let escape = Int.random(in: 0..<3, using: &random) == 0
            switch scalar.value {
            case 0x22: out += Array((escape ? #"\u0022"# : #"\""#).utf8)
            case 0x5C: out += Array((escape ? #"\u005c"# : #"\\"#).utf8)
            case 0x2F: out += Array((escape ? #"\/"# : "/").utf8)
            case 0x08, 0x09, 0x0A, 0x0C, 0x0D:
                let short: [UInt32: String] = [0x08: #"\b"#, 0x09: #"\t"#, 0x0A: #"\n"#, 0x0C: #"\f"#, 0x0D: #"\r"#]
                out += Array((escape ? unit(scalar.value, using: &random) : short[scalar.value]!).utf8)
            case ..<0x20: out += Array(unit(scalar.value, using: &random).utf8)
            case 0x1_0000...:
                guard escape else { out += Array(String(scalar).utf8); continue }
                let value = scalar.value - 0x1_0000
                out += Array((unit(0xD800 + value >> 10, using: &random) + unit(0xDC00 + value & 0x3FF, using: &random)).utf8)
            default:
                out += Array((escape ? unit(scalar.value, using: &random) : String(scalar)).utf8)
            }
        }
        out.append(0x22)
        return out
    }

    /// `\uXXXX` for a UTF-16 unit, its hex digits in upper or lower case.
    private static func unit(_ value: UInt32, using random: inout SplitMix64) -> String {
        let hex = String(format: "%04X", value)
        return "\\u" + (Bool.random(using: &random) ? hex : hex.lowercased())
    }

    /// `line` with `escape` inserted inside one of its strings, chosen at random (after the
    /// opening quote, or after an unescaped character inside).
    static func inserting(_ escape: [UInt8], intoAStringOf line: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        // The offsets inside strings that are not within an escape.
        var places: [Int] = []
        var inString = false
        var offset = 0
        while offset < line.count {
            let byte = line[offset]
            if inString {
                // Not before a UTF-8 continuation byte: the escape goes between characters.
                if byte == 0x22 { inString = false } else if byte & 0xC0 != 0x80 { places.append(offset) }
                offset += byte == 0x5C ? (line[offset + 1] == 0x75 ? 6 : 2) : 1
                continue
            }
            if byte == 0x22 {
                inString = true
                places.append(offset + 1)
            }
            offset += 1
        }
        let place = places.randomElement(using: &random)!
        return Array(line[..<place]) + escape + Array(line[place...])
    }
}
