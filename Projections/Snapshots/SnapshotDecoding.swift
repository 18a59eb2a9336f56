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
        let count = try reader.readCount()
        self.init(minimumCapacity: count)
        for _ in 0..<count {
            let key = try Key(from: &reader)
            let value = try Value(from: &reader)
            guard updateValue(value, forKey: key) == nil else {
                throw reader.error(.invalidValue, "a dictionary key appears twice")
            }
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
