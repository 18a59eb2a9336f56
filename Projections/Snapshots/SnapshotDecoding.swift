import Events

// The collection decoders of the snapshot states, defined in this module so that the optimizer
// specializes them for each concrete key, value and element type (the `BinaryCodable`
// conformances of `Dictionary` and `Array` live in `Events`, and called from here they run
// generically: a witness-table call per element, per hash and per comparison). The bytes read
// are exactly those of the `Events` conformances, which still write them.

extension Dictionary where Key: BinaryCodable & Comparable, Value: BinaryCodable {
    /// Reads a count and that many key-value pairs, as `init(from:)` of `Events` does; a
    /// repeated key is an error.
    /// - Throws: ``EventDecodingError`` when the bytes are truncated or malformed or a key repeats.
    /// - Complexity: O(n) for n pairs (the storage is reserved up front).
    @inline(__always)
    init(decoding reader: inout BinaryReader) throws(EventDecodingError) {
        try self.init(readingPairs: &reader) { reader throws(EventDecodingError) in
            (try Key(from: &reader), try Value(from: &reader))
        }
    }
}

extension Array where Element: BinaryCodable {
    /// Reads a varint count and that many elements, as `init(from:)` of `Events` does.
    /// - Throws: ``EventDecodingError`` when the bytes are truncated or malformed.
    /// - Complexity: O(n) for n elements (one allocation).
    @inline(__always)
    init(decoding reader: inout BinaryReader) throws(EventDecodingError) {
        let count = try reader.readCount()
        var elements: [Element] = []
        elements.reserveCapacity(count)
        for _ in 0..<count { elements.append(try Element(from: &reader)) }
        self = elements
    }
}

// The scalar decoders of the snapshot states, inlined here: the `BinaryCodable` conformances of
// `Int64`, `Int`, `Float` and `Bool` are in `Events` and cost a call each from this module (a
// card record holds some thirty scalars). Same bytes, same errors as those conformances.
extension BinaryReader {
    /// A zigzag varint, as `Int64(from:)` reads it.
    /// - Throws: ``EventDecodingError`` when the varint is truncated or malformed.
    @inline(__always) mutating func readInt64() throws(EventDecodingError) -> Int64 {
        try readSignedVarint()
    }

    /// A zigzag varint that must fit in `Int`, as `Int(from:)` reads it.
    /// - Throws: ``EventDecodingError`` when the varint is truncated, malformed or too large.
    @inline(__always) mutating func readInt() throws(EventDecodingError) -> Int {
        let value = try readSignedVarint()
        guard let narrowed = Int(exactly: value) else {
            throw error(.malformedInteger, "integer \(value) does not fit in \(Int.bitWidth) bits")
        }
        return narrowed
    }

    /// A float's bits as a varint, as `Float(from:)` reads it.
    /// - Throws: ``EventDecodingError`` when the varint is truncated, malformed or too large.
    @inline(__always) mutating func readFloat() throws(EventDecodingError) -> Float {
        Float(bitPattern: try readVarint(as: UInt32.self, "float bits"))
    }

    /// A boolean byte (0 or 1), as `Bool(from:)` reads it.
    /// - Throws: ``EventDecodingError`` when the input ends or the byte is neither 0 nor 1.
    @inline(__always) mutating func readBool() throws(EventDecodingError) -> Bool {
        switch try readByte() {
        case 0: return false
        case 1: return true
        case let other:
            throw EventDecodingError(.invalidValue, "a boolean byte must be 0 or 1, not \(other)", offset: offset - 1)
        }
    }
}
