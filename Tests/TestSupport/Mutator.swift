/// A seeded mutation engine for fuzzing decoders without a fuzzer library: it takes a valid
/// input (an encoded event, a snapshot, a CSV file...) and damages it the ways disks, bugs and
/// hostile files do: bit flips, byte sets, truncations, splices of two inputs, duplicated and
/// removed stretches, huge varint and length fields, invalid UTF-8, deep nesting and extreme
/// numbers. The same seed gives the same mutations on every machine, so a failing case is
/// replayed from its seed alone.
public struct Mutator: Sendable {
    /// One way of damaging an input.
    public enum Mutation: String, CaseIterable, Sendable {
        /// One bit inverted.
        case bitFlip = "bit-flip"
        /// One byte set to a random or boundary value (0x00, 0x7F, 0x80, 0xFF...).
        case byteSet = "byte-set"
        /// The input cut at a random length.
        case truncate
        /// The head of the input followed by the tail of another one (or of itself).
        case splice
        /// A stretch repeated in place.
        case duplicate
        /// A stretch removed.
        case remove
        /// A varint of 2^62, 2^63, 2^64-1, or one that overflows 64 bits, written over the
        /// input at a random place (as a length or count field would be).
        case hugeVarint = "huge-varint"
        /// A little-endian 32- or 64-bit boundary value written over the input (a length,
        /// count or position of a fixed-width header).
        case hugeFixed = "huge-fixed"
        /// A byte sequence that is not UTF-8 (a lone continuation byte, an overlong form, a
        /// surrogate, a truncated sequence, 0xFF) inserted at a random place.
        case invalidUTF8 = "invalid-utf8"
        /// Random bytes inserted.
        case insert
    }

    /// Tokens that stress a text format's number and structure parsing: numbers beyond every
    /// integer and double range, signs and exponents, NaN and infinities, and nesting.
    public static let extremeTokens: [String] = [
        "0", "-0", "-1", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "-9223372036854775809", "18446744073709551616", "99999999999999999999999999999", "1e309", "-1e309",
        "1e-400", "4.9e-324", "NaN", "Infinity", "-Infinity", "0x10", "+5", "1.5", "1_000", " ", "",
        "\"", "\\", "\\u0000", "\\uD800", "null", "true", "[", "]", "{", "}", ",", ":", "\r", "\n", "\t",
    ]

    /// The invalid UTF-8 sequences ``Mutation/invalidUTF8`` inserts.
    public static let invalidUTF8Sequences: [[UInt8]] = [
        [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
        [0xF8, 0x88, 0x80, 0x80, 0x80], [0xFF], [0xFE], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xC3],
    ]

    /// The huge varints ``Mutation/hugeVarint`` writes (LEB128).
    public static let hugeVarints: [[UInt8]] = [
        leb128(1 << 62), leb128(1 << 63), leb128(UInt64.max), leb128(UInt64(UInt32.max)), leb128(1 << 31),
        [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F],  // beyond 64 bits
        [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01],  // eleven bytes
        [0x80, 0x80, 0x80, 0x00],  // overlong zero
    ]

    /// The generator; every choice comes from it.
    public var random: SplitMix64

    /// A mutator whose choices are fixed by `seed`.
    public init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// A random integer in `0 ..< bound` (`bound` > 0).
    public mutating func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }

    /// `input` damaged by one to `maximum` random mutations; `other`, when given, is the
    /// partner of splices (else the input splices with itself).
    public mutating func mutate(_ input: [UInt8], splicingWith other: [UInt8]? = nil, maximum: Int = 3) -> [UInt8] {
        var bytes = input
        for _ in 0..<(1 + below(max(1, maximum))) {
            let mutation = Mutation.allCases[below(Mutation.allCases.count)]
            bytes = apply(mutation, to: bytes, splicingWith: other ?? input)
        }
        return bytes
    }

    /// `input` damaged by `mutation` (an empty input only grows).
    public mutating func apply(_ mutation: Mutation, to input: [UInt8], splicingWith other: [UInt8]) -> [UInt8] {
        var bytes = input
        let count = bytes.count
        switch mutation {
        case .bitFlip where count > 0:
            bytes[below(count)] ^= 1 << UInt8(below(8))
        case .byteSet where count > 0:
            let values: [UInt8] = [0x00, 0x01, 0x7F, 0x80, 0xFF, 0xFE, 0x30, 0x2C, 0x0A, 0x22, UInt8(truncatingIfNeeded: random.next())]
            bytes[below(count)] = values[below(values.count)]
        case .truncate where count > 0:
            bytes.removeLast(1 + below(count))
        case .splice:
            let head = count == 0 ? 0 : below(count + 1)
            let tail = other.isEmpty ? 0 : below(other.count + 1)
            bytes = Array(bytes[..<head]) + Array(other[tail...])
        case .duplicate where count > 0:
            let start = below(count)
            let length = 1 + below(min(count - start, 64))
            bytes.insert(contentsOf: bytes[start ..< start + length], at: start)
        case .remove where count > 0:
            let start = below(count)
            bytes.removeSubrange(start ..< start + 1 + below(min(count - start, 64)))
        case .hugeVarint:
            overwrite(&bytes, with: Self.hugeVarints[below(Self.hugeVarints.count)])
        case .hugeFixed:
            let values: [UInt64] = [UInt64(UInt32.max), 1 << 31, UInt64.max, 1 << 62, 1 << 63, UInt64(Int64.max), 0]
            let value = values[below(values.count)]
            let width = below(2) == 0 ? 4 : 8
            overwrite(&bytes, with: (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) })
        case .invalidUTF8:
            bytes.insert(contentsOf: Self.invalidUTF8Sequences[below(Self.invalidUTF8Sequences.count)], at: below(count + 1))
        case .insert:
            bytes.insert(contentsOf: random.bytes(1 + below(16)), at: below(count + 1))
        default:  // an empty input: grow it
            bytes = random.bytes(1 + below(16))
        }
        return bytes
    }

    /// `text` damaged at the byte level (``mutate(_:splicingWith:maximum:)``) or by inserting
    /// or substituting a token of ``extremeTokens`` at a random place; the result may not be UTF-8.
    public mutating func mutateText(_ text: [UInt8], splicingWith other: [UInt8]? = nil) -> [UInt8] {
        var bytes = text
        for _ in 0..<(1 + below(3)) {
            switch below(3) {
            case 0:
                bytes = mutate(bytes, splicingWith: other, maximum: 1)
            case 1:
                let token = Array(Self.extremeTokens[below(Self.extremeTokens.count)].utf8)
                bytes.insert(contentsOf: token, at: below(bytes.count + 1))
            default:
                bytes = replacingNumber(in: bytes)
            }
        }
        return bytes
    }

    /// `text` with the digits around a random digit replaced by an extreme integer (the largest
    /// and smallest 64-bit values and beyond, 0, -1): the text stays well-formed, its number not.
    public mutating func replacingNumber(in text: [UInt8]) -> [UInt8] {
        var bytes = text
        let digits = bytes.indices.filter { (0x30...0x39).contains(bytes[$0]) }
        guard !digits.isEmpty else { return bytes }
        var start = digits[below(digits.count)]
        while start > 0, (0x30...0x39).contains(bytes[start - 1]) || bytes[start - 1] == 0x2D { start -= 1 }
        var end = start
        while end < bytes.count, (0x30...0x39).contains(bytes[end]) || bytes[end] == 0x2D { end += 1 }
        bytes.replaceSubrange(start ..< end, with: Array(Self.extremeTokens[below(9)].utf8))
        return bytes
    }

    /// `depth` nested JSON arrays (`[[[...]]]`), the classic stack-overflow input.
    public static func nestedJSONArrays(depth: Int) -> [UInt8] {
        [UInt8](repeating: UInt8(ascii: "["), count: depth) + [UInt8](repeating: UInt8(ascii: "]"), count: depth)
    }

    /// The unsigned LEB128 encoding of `value` in its shortest form.
    public static func leb128(_ value: UInt64) -> [UInt8] {
        var bytes: [UInt8] = []
        var rest = value
        repeat {
            let low = UInt8(rest & 0x7F)
            rest >>= 7
            bytes.append(rest == 0 ? low : low | 0x80)
        } while rest != 0
        return bytes
    }

    /// Writes `field` over `bytes` at a random offset (growing it if the field runs past the end).
    private mutating func overwrite(_ bytes: inout [UInt8], with field: [UInt8]) {
        let at = below(bytes.count + 1)
        let end = min(bytes.count, at + field.count)
        bytes.replaceSubrange(at ..< end, with: field)
    }
}
