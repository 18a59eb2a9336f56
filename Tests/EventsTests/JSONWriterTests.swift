import Events
import Foundation
import Testing
import TestSupport

/// The JSON writer spells strings and numbers exactly as Foundation's `JSONEncoder`
/// (`.sortedKeys`, `.withoutEscapingSlashes`) did: the export's bytes did not change with it.
@Suite struct JSONWriterTests {
    /// What `JSONEncoder` writes for `value` on its own.
    static func foundation<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func written(_ write: (inout JSONWriter) throws -> Void) rethrows -> String {
        var writer = JSONWriter()
        try write(&writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test(arguments: [
        ("plain", #""plain""#),
        ("say \"hi\" \\ /", #""say \"hi\" \\ /""#),
        ("\u{8}\u{9}\u{A}\u{C}\u{D}", #""\b\t\n\f\r""#),
        ("\u{0}\u{1}\u{1F}\u{7F}", "\"\\u0000\\u0001\\u001f\u{7F}\""),
        ("é猫😀\u{2028}\u{FEFF}", "\"é猫😀\u{2028}\u{FEFF}\""),
        ("12345678\"12345678", #""12345678\"12345678""#),
    ])
    func stringsAreEscapedAsTheExportAlwaysWas(text: String, json: String) throws {
        #expect(Self.written { $0.write(text) } == json)
        #expect(try Self.foundation(text) == json)
    }

    @Test(arguments: 0..<30 as Range<UInt64>)
    func randomStringsMatchFoundation(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<50 {
            var text = ""
            for _ in 0..<Int.random(in: 0...40, using: &rng) {
                // Mostly ASCII (control characters, quotes and backslashes included), some of everything else.
                let value: UInt32 = Bool.random(using: &rng) ? UInt32.random(in: 0...0x7F, using: &rng)
                                                             : UInt32.random(in: 0x80...0x10FFFF, using: &rng)
                if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
            }
            #expect(Self.written { $0.write(text) } == (try Self.foundation(text)), "\(text.debugDescription)")
        }
    }

    @Test(arguments: [0.0, -0.0, 1, -3.25, 0.1, 1e-7, 1e15, 1e16, 123_456_789_012, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
                      0.0001, 0.00001, 1e21, 2.5e-5, 0.2172, 1.0 / 3])
    func doublesAreShortestRoundTripWithoutTrailingZero(value: Double) throws {
        let text = try Self.written { try $0.write(value) }
        #expect(text == (try Self.foundation(value)))
        #expect(Double(text) == value)
    }

    @Test(arguments: 0..<10 as Range<UInt64>)
    func randomDoublesAndIntegersMatchFoundation(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<200 {
            let double = Double(bitPattern: rng.next())
            if double.isFinite { #expect(try Self.written { try $0.write(double) } == (try Self.foundation(double))) }
            let float = Float(bitPattern: UInt32(truncatingIfNeeded: rng.next()))
            if float.isFinite { #expect(try Self.written { try $0.write(float) } == (try Self.foundation(float))) }
            let signed = Int64(bitPattern: rng.next()) >> Int64.random(in: 0...63, using: &rng)
            #expect(Self.written { $0.write(signed) } == (try Self.foundation(signed)))
            let unsigned = rng.next() >> UInt64.random(in: 0...63, using: &rng)
            #expect(Self.written { $0.write(unsigned) } == (try Self.foundation(unsigned)))
        }
        for extreme in [Int64.min, Int64.max, 0, -1, 9, 10, 99, 100] {
            #expect(Self.written { $0.write(extreme) } == String(extreme))
        }
        #expect(Self.written { $0.write(UInt64.max) } == String(UInt64.max))
    }

    @Test func nonFiniteDoublesAreRefused() {
        for value in [Double.nan, .infinity, -.infinity] {
            #expect(throws: EncodingError.self) { try Self.written { try $0.write(value) } }
        }
    }

    @Test func uuidsAreUpperCaseCanonical() throws {
        let uuid = try #require(UUID(uuidString: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"))
        #expect(Self.written { $0.write(uuid) } == "\"0A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D\"")
        #expect(Self.written { $0.write(unquoted: uuid) } == uuid.uuidString)
        // Seeded UUIDs (every digit value in every place), as Foundation spells them.
        var random = SplitMix64(seed: 38)
        for _ in 0..<2_000 {
            let seeded = UUID(uuid: withUnsafeBytes(of: (random.next(), random.next())) { $0.loadUnaligned(as: uuid_t.self) })
            #expect(Self.written { $0.write(seeded) } == "\"\(seeded.uuidString)\"")
        }
    }

    /// A value whose keys are declared out of order, with an optional left out and nested values.
    struct Shuffled: Codable, Equatable {
        var zeta: Int
        var alpha: [String]
        var Beta: Double?
        var middle: [String: Int]
        var nested: Inner?
        struct Inner: Codable, Equatable { var y: Bool; var x: UUID }
    }

    /// The `Codable` reader (kept for payloads of earlier schema versions) reads what Foundation
    /// wrote back to the same value.
    @Test(arguments: 0..<20 as Range<UInt64>)
    func codableValuesFoundationWroteReadBack(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let value = Shuffled(zeta: Int.random(in: -9...9, using: &rng), alpha: ["a/b", "\u{7}", ""],
                             Beta: Bool.random(using: &rng) ? nil : Double(Int.random(in: 0...100, using: &rng)) / 8,
                             middle: ["k\(Int.random(in: 0...9, using: &rng))": 1, "K": 2, "a10": 3, "a9": 4],
                             nested: Bool.random(using: &rng) ? nil : .init(y: true, x: UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))))
        let json = Array(try Self.foundation(value).utf8)
        var parser = JSONParser()
        let decoded = try json.withUnsafeBytes { bytes in
            let document = try parser.parse(bytes)
            return try JSONValueDecoder().decode(Shuffled.self, from: document, at: document.root)
        }
        #expect(decoded == value)
    }
}
