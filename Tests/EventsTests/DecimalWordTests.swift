@testable import Events
import Testing
import TestSupport

/// Integers are written eight digits at a time (``DecimalWord``): exactly Swift's `description`
/// for every digit count, at every power of ten and its neighbours, on random values of every
/// magnitude, and never past the 20 bytes of room the writers reserve.
@Suite struct DecimalWordTests {
    /// What ``DecimalWord/write(_:to:)`` writes for `value`, and whether it stored past 20 bytes.
    static func written(_ value: UInt64) -> (text: String, overran: Bool) {
        var room = [UInt8](repeating: 0xEE, count: 28)
        let count = room.withUnsafeMutableBufferPointer { DecimalWord.write(value, to: $0.baseAddress!) }
        return (String(decoding: room[..<count], as: UTF8.self), room[20...].contains { $0 != 0xEE })
    }

    /// 0, every power of ten with its neighbours, and the largest values.
    static let edges: [UInt64] = [0, 1, 9, UInt64.max, UInt64.max - 1, UInt64(Int64.max), UInt64(Int64.max) + 1]
        + (1...19).flatMap { k -> [UInt64] in
            let power = (0..<k).reduce(UInt64(1)) { value, _ in value * 10 }
            return [power - 1, power, power + 1]
        }

    @Test(arguments: edges)
    func edgesAreSpelledAsSwiftSpellsThem(value: UInt64) {
        let (text, overran) = Self.written(value)
        #expect(text == String(value))
        #expect(!overran)
    }

    @Test(arguments: 0..<16 as Range<UInt64>)
    func randomValuesOfEveryMagnitudeAreSpelledAsSwiftSpellsThem(seed: UInt64) {
        var random = SplitMix64(seed: seed ^ 0xDEC1_3A1)
        for _ in 0..<500 {
            let value = random.next() >> UInt64.random(in: 0...63, using: &random)
            let (text, overran) = Self.written(value)
            #expect(text == String(value))
            #expect(!overran)
        }
    }

    @Test(arguments: 0..<4 as Range<UInt64>)
    func eightDigitWordsHoldEveryDigitInOrder(seed: UInt64) {
        var random = SplitMix64(seed: seed ^ 0x8D16)
        for _ in 0..<1_000 {
            let value = UInt32.random(in: 0..<100_000_000, using: &random)
            let word = DecimalWord.digits(value).littleEndian
            let text = withUnsafeBytes(of: word) { String(decoding: $0, as: UTF8.self) }
            #expect(text == String(repeating: "0", count: 8 - String(value).count) + String(value))
        }
    }

    @Test func negativeIntegersKeepTheirSign() {
        for value in [Int64.min, Int64.min + 1, -1, -10, -99_999_999, -100_000_000, -1_735_689_600_000] {
            var writer = JSONWriter()
            writer.write(value)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == String(value))
        }
    }
}
