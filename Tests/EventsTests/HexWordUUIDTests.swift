@testable import Events
import Foundation
import Testing
import TestSupport

/// UUID strings read eight hex digits at a time (``HexWord/uuid(_:)``): exactly a digit-by-digit
/// reference reader on random UUIDs in every case mix and on every one-byte damage, and the bytes
/// round-trip through the UUID built from them and through the canonical reader. Written two
/// digits a byte (``HexWord/pair(_:)``): exactly Foundation's `uuidString`.
@Suite struct HexWordUUIDTests {
    /// The UUID `HexWord` reads from `text`, or nil.
    static func read(_ text: [UInt8]) -> UUID? {
        text.withUnsafeBytes { JSONDocument.uuid($0) }
    }

    @Test(arguments: 0..<16 as Range<UInt64>)
    func randomUUIDsRoundTripExactly(seed: UInt64) throws {
        var random = SplitMix64(seed: seed ^ 0x0055_1D)
        for _ in 0..<200 {
            var bytes = [UInt8](repeating: 0, count: 16)
            for index in bytes.indices { bytes[index] = UInt8.random(in: 0...255, using: &random) }
            let uuid = bytes.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
            // Upper, lower and mixed case all spell the same UUID.
            let upper = uuid.uuidString
            let mixed = String(upper.map { Bool.random(using: &random) ? Character($0.lowercased()) : $0 })
            for spelling in [upper, upper.lowercased(), mixed] {
                let read = try #require(Self.read(Array(spelling.utf8)), "\(spelling)")
                #expect(read == uuid, "\(spelling)")
                #expect(withUnsafeBytes(of: read.uuid) { Array($0) } == bytes, "\(spelling)")
                #expect(read.uuidString == upper)
            }
            // The two words are the bytes in order.
            let words = try #require(Array(upper.utf8).withUnsafeBytes { HexWord.uuid($0.baseAddress!) })
            #expect(withUnsafeBytes(of: (words.low.littleEndian, words.high.littleEndian)) { Array($0) } == bytes)
            #expect(HexWord.uuid(low: words.low, high: words.high) == uuid)
        }
    }

    /// UUIDs are written from a table of each byte's two digits: every byte value's entry is its
    /// two upper-case hex digits, in order.
    @Test(arguments: 0...255 as ClosedRange<UInt8>)
    func everyBytesPairIsItsTwoUpperCaseDigits(byte: UInt8) {
        let expected = Array((byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true))
        let pair = withUnsafeBytes(of: HexWord.pair(byte)) { Array($0) }
        #expect(String(decoding: pair, as: UTF8.self) == String(expected))
    }

    /// Written UUIDs are Foundation's `uuidString`, quoted or not, on UUIDs whose bytes take every
    /// value in every place.
    @Test(arguments: 0..<16 as Range<Int>)
    func writtenUUIDsAreFoundationsSpelling(place: Int) {
        for value in 0...255 {
            var bytes = [UInt8](repeating: UInt8(truncatingIfNeeded: 255 &- value), count: 16)
            bytes[place] = UInt8(value)
            let uuid = bytes.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
            var room = [UInt8](repeating: 0, count: 38)
            let quoted = room.withUnsafeMutableBufferPointer { JSONSpelling.uuid(uuid, quoted: true, to: $0.baseAddress!) }
            #expect(String(decoding: room[..<quoted], as: UTF8.self) == "\"\(uuid.uuidString)\"")
            let bare = room.withUnsafeMutableBufferPointer { JSONSpelling.uuid(uuid, quoted: false, to: $0.baseAddress!) }
            #expect(String(decoding: room[..<bare], as: UTF8.self) == uuid.uuidString)
        }
    }

    @Test(arguments: 0..<8 as Range<UInt64>)
    func everyOneByteDamageIsReadAsFoundationReadsIt(seed: UInt64) {
        var random = SplitMix64(seed: seed &+ 0xDA7A)
        let uuid = UUID(uuid: (UInt8.random(in: 0...255, using: &random), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
                               UInt8.random(in: 0...255, using: &random)))
        let text = Array((Bool.random(using: &random) ? uuid.uuidString : uuid.uuidString.lowercased()).utf8)
        // Every byte value that matters at every place: the dash, digits and letters at the edges
        // of their ranges, bytes beyond ASCII, and a random one.
        let values: [UInt8] = [0x00, 0x2D, 0x2F, 0x30, 0x39, 0x3A, 0x40, 0x41, 0x46, 0x47, 0x60, 0x61, 0x66, 0x67,
                               0x7F, 0x80, 0xB0, 0xC6, 0xE6, 0xFF, UInt8.random(in: 0...255, using: &random)]
        for place in text.indices {
            for value in values {
                var damaged = text
                damaged[place] = value
                let expected = Self.reference(damaged)
                #expect(Self.read(damaged) == expected, "byte \(place) set to \(value)")
            }
        }
        // Too short or too long: no UUID.
        #expect(Self.read(Array(text.dropLast())) == nil)
        #expect(Self.read(text + [0x30]) == nil)
    }

    @Test(arguments: 0..<8 as Range<UInt64>)
    func uuidsOfEveryFieldRoundTripThroughTheCanonicalReader(seed: UInt64) throws {
        var g = EventGenerator(seed: seed ^ 0x00D5)
        let codec = EventJSONCodec()
        for kind in EventKind.allCases {
            let event = try g.recorded(kind)
            // Lower-case UUIDs are read in one pass too, to the same event.
            let line = Array(try codec.encode(event))
            let lower = Self.lowercasingUUIDs(line)
            #expect(lower != line)
            #expect(CanonicalJSONReaderTests.canonical(line) == event, "seed \(seed), \(kind.typeName)")
            #expect(CanonicalJSONReaderTests.canonical(lower) == event, "seed \(seed), \(kind.typeName), lower case")
        }
    }

    /// The UUID `text` spells, read a digit at a time: 32 hex digits (either case) with a dash
    /// after the 8th, 12th, 16th and 20th, nothing else. (Foundation's `UUID(uuidString:)` is no
    /// reference: on Linux it takes some bytes that are not hex digits, such as `/` and `G`.)
    static func reference(_ text: [UInt8]) -> UUID? {
        guard text.count == 36 else { return nil }
        var bytes: [UInt8] = []
        var high: UInt8?
        for (offset, byte) in text.enumerated() {
            if [8, 13, 18, 23].contains(offset) {
                guard byte == 0x2D else { return nil }
                continue
            }
            let value: UInt8
            switch byte {
            case 0x30...0x39: value = byte - 0x30
            case 0x41...0x46: value = byte - 0x41 + 10
            case 0x61...0x66: value = byte - 0x61 + 10
            default: return nil
            }
            if let first = high {
                bytes.append(first << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
        return bytes.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
    }

    /// `line` with every quoted UUID string (36 characters, as the codec writes them) in lower case.
    static func lowercasingUUIDs(_ line: [UInt8]) -> [UInt8] {
        var out = line
        var offset = 0
        while offset + 37 < line.count {
            let candidate = Array(line[offset + 1 ..< offset + 37])
            if line[offset] == 0x22, line[offset + 37] == 0x22, let text = String(bytes: candidate, encoding: .utf8),
               UUID(uuidString: text) != nil {
                out.replaceSubrange(offset + 1 ..< offset + 37, with: Array(text.lowercased().utf8))
                offset += 38
            } else {
                offset += 1
            }
        }
        return out
    }
}
