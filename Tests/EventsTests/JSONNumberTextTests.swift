@testable import Events
import Foundation
import Testing
import TestSupport

/// Number text to doubles (``JSONNumberText/double(_:isInteger:)``), the same bits as the
/// standard library's correctly rounded conversion whichever path a number takes: short integers,
/// the exact decimal fast path, and everything else.
@Suite struct JSONNumberTextTests {
    /// The double of `text` as the rule says: a short integer through `Int64` (so `-0` is 0),
    /// any other number through `Double(String)`; nil for an infinity.
    static func reference(_ text: String) -> Double? {
        let isInteger = !text.contains { ".eE".contains($0) }
        if isInteger && text.utf8.count <= 15 { return Double(Int64(text)!) }
        return Double(text).flatMap { $0.isFinite ? $0 : nil }
    }

    static func converted(_ text: String) -> Double? {
        let isInteger = !text.contains { ".eE".contains($0) }
        return Array(text.utf8).withUnsafeBytes { JSONNumberText.double($0, isInteger: isInteger) }
    }

    @Test(arguments: ["0", "-0", "0.0", "-0.0", "0e400", "-0e-400", "1", "0.1", "0.3", "2.5e-3", "1.7976931348623157e308",
                      "1.8e308", "4.9e-324", "5e-325", "9007199254740992.5", "9007199254740993", "900719925474099.3",
                      "123456789012345678", "1234567890123456789012", "1e22", "1e23", "1.5e-22", "1.5e-23",
                      "0.000000000000000000000000001", "12.50e1", "1E2", "1e+2", "-123.456", "3.141592653589793",
                      "0.12345678901234567890", "100000000000000000000000e-10"])
    func doublesAreTheCorrectlyRoundedOnes(text: String) {
        #expect(Self.converted(text)?.bitPattern == Self.reference(text)?.bitPattern, "\(text)")
    }

    @Test(arguments: 0..<8 as Range<UInt64>)
    func randomDecimalsConvertToTheSameBits(seed: UInt64) {
        var random = SplitMix64(seed: seed ^ 0xD0_0B1E)
        for _ in 0..<2_000 {
            let whole = String(UInt64.random(in: 0...UInt64.max, using: &random) >> UInt64.random(in: 0...63, using: &random))
            let fraction = String(UInt64.random(in: 0...UInt64.max, using: &random) >> UInt64.random(in: 0...63, using: &random))
            var text = (Bool.random(using: &random) ? "-" : "") + whole
            if Bool.random(using: &random) { text += "." + fraction }
            if Bool.random(using: &random) { text += "e\(Int.random(in: -40...40, using: &random))" }
            #expect(Self.converted(text)?.bitPattern == Self.reference(text)?.bitPattern, "\(text)")
        }
    }

    @Test(arguments: 0..<4 as Range<UInt64>)
    func leadingDigitsOfAWordAreCountedAndReadExactly(seed: UInt64) {
        var random = SplitMix64(seed: seed ^ 0x8D16)
        let alphabet = Array("0123456789".utf8) + [0x00, 0x2F, 0x3A, 0x2E, 0x65, 0x2C, 0x7D, 0x80, 0xB9, 0xFF]
        for _ in 0..<5_000 {
            let bytes = (0..<8).map { _ in Int.random(in: 0..<4, using: &random) == 0 ? alphabet.randomElement(using: &random)! : UInt8(ascii: "0") + UInt8.random(in: 0...9, using: &random) }
            let word = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
            let count = bytes.firstIndex { !(0x30...0x39).contains($0) } ?? 8
            let value = bytes.prefix(count).reduce(UInt64(0)) { $0 * 10 + UInt64($1 - 0x30) }
            let found = CanonicalJSONScanner.leadingDigits(word)
            #expect(found.count == count && found.value == value, "\(bytes)")
        }
    }
}
