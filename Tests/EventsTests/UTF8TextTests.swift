import Foundation
import Testing
import TestSupport
@testable import Events

/// The decoder's UTF-8 check accepts exactly what the standard library accepts, and builds the
/// same strings.
@Suite struct UTF8TextTests {
    /// The standard library's verdict on `bytes`, and whether they are ASCII.
    static func reference(_ bytes: [UInt8]) -> (string: String?, ascii: Bool) {
        (String(validating: bytes, as: UTF8.self), bytes.allSatisfy { $0 < 0x80 })
    }

    static func check(_ bytes: [UInt8]) {
        let (expected, ascii) = reference(bytes)
        bytes.withUnsafeBytes { raw in
            let verdict = UTF8Text.validate(raw)
            #expect(verdict == (expected == nil ? nil : ascii), "bytes \(bytes.map { String($0, radix: 16) })")
            #expect(UTF8Text.validateWithTable(raw) == verdict, "table path, bytes \(bytes.map { String($0, radix: 16) })")
            let string = UTF8Text.string(raw)
            #expect(string == expected)
            if let string { #expect(Array(string.utf8) == bytes) }
        }
    }

    /// Every pair of bytes, alone and followed by one or two continuation bytes: every row and
    /// state of the table, at every position of an eight-byte word the prefix puts it at, and
    /// across the SIMD validator's 16-byte blocks (prefixes 13 to 17).
    @Test(arguments: Array(0..<8) + Array(13...17))
    func everyBytePairAgreesWithTheStandardLibrary(prefix: Int) {
        let head = [UInt8](repeating: 0x61, count: prefix)
        for first in 0...255 as ClosedRange<UInt8> {
            for second in 0...255 as ClosedRange<UInt8> where prefix == 0 || second % 7 == 0 || second >= 0x80 {
                for tail in [[], [0x80], [0x80, 0xBF], [0xBF, 0x80, 0x61]] as [[UInt8]] {
                    let bytes = head + [first, second] + tail
                    let (expected, ascii) = Self.reference(bytes)
                    let verdict = bytes.withUnsafeBytes { UTF8Text.validate($0) }
                    let tableVerdict = bytes.withUnsafeBytes { UTF8Text.validateWithTable($0) }
                    if verdict != (expected == nil ? nil : ascii) || tableVerdict != verdict {
                        Issue.record("bytes \(bytes.map { String($0, radix: 16) }): \(String(describing: verdict)), table \(String(describing: tableVerdict))")
                        return
                    }
                }
            }
        }
    }

    @Test(arguments: 0..<16 as Range<UInt64>)
    func randomBytesAgreeWithTheStandardLibrary(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let interesting: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0,
                                    0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF]
        for _ in 0..<2000 {
            let count = Bool.random(using: &rng) ? Int.random(in: 0...40, using: &rng) : Int.random(in: 60...160, using: &rng)
            let bytes = (0..<count).map { _ in
                Bool.random(using: &rng) ? interesting[Int.random(in: 0..<interesting.count, using: &rng)] : UInt8.random(in: 0...255, using: &rng)
            }
            Self.check(bytes)
        }
    }

    /// Valid text of every kind (combining marks, emoji, CJK, right-to-left), at every offset
    /// against the eight- and sixteen-byte steps, whole and cut at every byte.
    @Test(arguments: 0..<8 as Range<UInt64>)
    func realTextAndEveryCutOfIt(seed: UInt64) {
        var generator = EventGenerator(seed: seed)
        for _ in 0..<20 {
            var text = Array(generator.text().utf8)
            if text.count > 300 { text = Array(text.prefix(300)) }
            for shift in 0..<16 {
                let bytes = [UInt8](repeating: 0x20, count: shift) + text
                Self.check(bytes)
            }
            for cut in stride(from: 0, through: text.count, by: max(1, text.count / 40)) { Self.check(Array(text.prefix(cut))) }
        }
    }

    /// Long text (cut in two halves by the validator) with one byte changed anywhere, near
    /// the cut above all: the verdict still agrees with the standard library.
    @Test(arguments: 0..<8 as Range<UInt64>)
    func longTextWithOneByteChanged(seed: UInt64) {
        var generator = EventGenerator(seed: seed)
        let replacements: [UInt8] = [0x41, 0x80, 0xBF, 0xC3, 0xE3, 0xED, 0xF0, 0xF4, 0xFF]
        for _ in 0..<12 {
            var text: [UInt8] = []
            while text.count < 64 { text += Array(generator.text().utf8.prefix(200)) + [0x20] }
            let middle = text.count / 2
            let positions = Array(max(0, middle - 6)...min(text.count - 1, middle + 6))
                + (0..<10).map { _ in Int.random(in: 0..<text.count, using: &generator.rng) }
            for position in positions {
                for replacement in replacements {
                    var bytes = text
                    bytes[position] = replacement
                    Self.check(bytes)
                }
            }
        }
    }

    /// On x86-64 (every machine with SSSE3, CI's included) the SIMD validator is the one in use,
    /// so the tests above check it against the standard library.
    @Test func theSIMDValidatorIsUsedOnX86() {
        #if arch(x86_64)
        #expect(UTF8Text.usesSIMD)
        #else
        #expect(!UTF8Text.usesSIMD)
        #endif
    }

    @Test(arguments: [
        ("", true), ("plain ascii words", true), ("Straße über 猫が好き 🐕", false), ("gpt-4o-mini", true),
    ])
    func asciiIsReported(text: String, ascii: Bool) {
        let bytes = Array(text.utf8)
        #expect(bytes.withUnsafeBytes { UTF8Text.validate($0) } == ascii)
        #expect(bytes.withUnsafeBytes { UTF8Text.string($0) } == text)
    }
}
