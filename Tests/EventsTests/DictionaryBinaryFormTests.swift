import Foundation
import Testing
import TestSupport
@testable import Events

/// A dictionary's binary form (a count, then the pairs in ascending key order) has one home,
/// `Dictionary.writeInKeyOrder` and `init(readingPairs:)`, which the `BinaryCodable`
/// conformance calls: the bytes do not depend on the dictionary's insertion order, read back
/// equal, and a repeated key is refused.
@Suite struct DictionaryBinaryFormTests {
    /// A dictionary of `count` random ids to random numbers, inserted in random order.
    static func dictionary(count: Int, using random: inout SplitMix64) -> [Identifier<CardTag>: Int64] {
        var values: [Identifier<CardTag>: Int64] = [:]
        while values.count < count {
            let id = Identifier<CardTag>(UUID(uuid: (UInt8.random(in: 0...255, using: &random), 0, 0, 0, 0, 0, 0x40, 0,
                                                     0x80, 0, 0, 0, 0, 0, UInt8.random(in: 0...255, using: &random), 1)))
            values[id] = Int64.random(in: -1_000_000...1_000_000, using: &random)
        }
        return values
    }

    @Test(arguments: 0..<12)
    func bytesAreInKeyOrderAndReadBack(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let values = Self.dictionary(count: Int.random(in: 0...60, using: &random), using: &random)
        var writer = BinaryWriter()
        values.encode(to: &writer)
        // The same pairs inserted in another order write the same bytes.
        var reordered: [Identifier<CardTag>: Int64] = [:]
        for (key, value) in values.shuffled(using: &random) { reordered[key] = value }
        var other = BinaryWriter()
        reordered.encode(to: &other)
        #expect(writer.bytes == other.bytes)
        // The form, spelled out: the count, then key and value, keys ascending.
        var expected = BinaryWriter()
        expected.writeVarint(UInt64(values.count))
        for key in values.keys.sorted() {
            key.encode(to: &expected)
            expected.writeSignedVarint(values[key]!)
        }
        #expect(writer.bytes == expected.bytes)
        let decoded = try writer.bytes.withUnsafeBytes { raw throws(EventDecodingError) in
            var reader = BinaryReader(raw)
            return try [Identifier<CardTag>: Int64](from: &reader)
        }
        #expect(decoded == values)
    }

    @Test func aRepeatedKeyIsRefused() {
        let key = Identifier<CardTag>(UUID(uuid: (1, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1)))
        var writer = BinaryWriter()
        writer.writeVarint(2)
        for value: Int64 in [1, 2] {
            key.encode(to: &writer)
            writer.writeSignedVarint(value)
        }
        let error = writer.bytes.withUnsafeBytes { raw in
            var reader = BinaryReader(raw)
            return #expect(throws: EventDecodingError.self) { try [Identifier<CardTag>: Int64](from: &reader) }
        }
        #expect(error?.code == .invalidValue)
        #expect(error?.message.contains("a dictionary key appears twice") == true)
    }
}
