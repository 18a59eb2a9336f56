import Foundation

// Conformances the projections' snapshots need beyond the event catalog's own: integers,
// floats, and dictionaries written in key order so that the same state gives the same bytes.

extension Int: BinaryCodable {
    @inline(__always) package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        let value = try reader.readSignedVarint()
        guard let narrowed = Int(exactly: value) else {
            throw reader.error(.malformedInteger, "integer \(value) does not fit in \(Int.bitWidth) bits")
        }
        self = narrowed
    }
    @inline(__always) package func encode(to writer: inout BinaryWriter) { writer.writeSignedVarint(Int64(self)) }
}

extension Float: BinaryCodable {
    @inline(__always) package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        self = Float(bitPattern: try reader.readVarint(as: UInt32.self, "float bits"))
    }
    @inline(__always) package func encode(to writer: inout BinaryWriter) { writer.writeVarint(UInt64(bitPattern)) }
}

extension Dictionary: BinaryCodable where Key: BinaryCodable & Comparable, Value: BinaryCodable {
    /// Reads a count and that many key-value pairs; a repeated key is an error.
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
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

    /// Writes the count, then the pairs in ascending key order (deterministic bytes).
    /// - Complexity: O(n log n).
    package func encode(to writer: inout BinaryWriter) {
        writer.writeVarint(UInt64(count))
        for key in keys.sorted() {
            key.encode(to: &writer)
            self[key]!.encode(to: &writer)
        }
    }
}

extension Identifier: Comparable {
    /// Identifiers order by their UUIDs' bytes: a total order, the same on every machine.
    public static func < (lhs: Identifier, rhs: Identifier) -> Bool { lhs.words < rhs.words }
}
