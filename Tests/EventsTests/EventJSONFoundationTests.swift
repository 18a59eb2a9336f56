import Events
import Foundation
import Testing

/// The event JSON writer and reader against Foundation's coders, on seeded random events of every
/// type (text with every hard character, numbers at their extremes): the writer's bytes are
/// `JSONEncoder`'s, `JSONDecoder` reads them back to the same event, and the reader reads what
/// Foundation writes, also with the keys shuffled, spaces added and slashes escaped.
@Suite struct EventJSONFoundationTests {
    @Test(arguments: 0..<40 as Range<UInt64>)
    func writerGivesFoundationsBytesAndFoundationReadsThemBack(seed: UInt64) throws {
        var g = EventGenerator(seed: seed &* 0x9E37_79B9 ^ 0x51)
        let codec = EventJSONCodec()
        for kind in EventKind.allCases {
            let event = try g.recorded(kind)
            let ours = Array(try codec.encode(event))
            let reference = try FoundationEnvelope.encoded(event)
            #expect(ours == reference, "seed \(seed), \(kind.typeName):\n\(String(decoding: ours, as: UTF8.self))\n\(String(decoding: reference, as: UTF8.self))")
            #expect(try FoundationEnvelope.decoded(ours) == event, "seed \(seed), \(kind.typeName)")
        }
    }

    @Test(arguments: 0..<20 as Range<UInt64>)
    func readerReadsFoundationsJSONInAnyLayout(seed: UInt64) throws {
        var g = EventGenerator(seed: seed ^ 0x77)
        let codec = EventJSONCodec()
        for kind in EventKind.allCases {
            let event = try g.recorded(kind)
            let reference = try FoundationEnvelope.encoded(event)
            #expect(try codec.decode(Data(reference)) == event, "seed \(seed), \(kind.typeName)")
            // Spaces and line breaks between tokens, slashes and letters escaped: the same event.
            let loose = Self.loosened(reference)
            #expect(try codec.decode(Data(loose)) == event, "seed \(seed), \(kind.typeName): \(String(decoding: loose, as: UTF8.self))")
        }
    }

    /// `json` with whitespace after every `,` `:` `{` `[` outside strings, `/` written `\/` and
    /// `e` written `\u0065` inside strings: other spellings of the same JSON.
    static func loosened(_ json: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var inString = false
        var escaped = false
        for byte in json {
            if inString {
                if escaped { escaped = false; out.append(byte); continue }
                switch byte {
                case 0x5C: escaped = true; out.append(byte)
                case 0x22: inString = false; out.append(byte)
                case 0x2F: out.append(contentsOf: Array(#"\/"#.utf8))
                case 0x65: out.append(contentsOf: Array(#"\u0065"#.utf8))
                default: out.append(byte)
                }
                continue
            }
            out.append(byte)
            switch byte {
            case 0x22: inString = true
            case 0x2C, 0x3A, 0x7B, 0x5B: out.append(contentsOf: [0x20, 0x0A, 0x09])
            default: break
            }
        }
        return out
    }
}
