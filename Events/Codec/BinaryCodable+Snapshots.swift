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
        try self.init(readingPairs: &reader) { reader throws(EventDecodingError) in
            (try Key(from: &reader), try Value(from: &reader))
        }
    }

    /// Writes the count, then the pairs in ascending key order (deterministic bytes).
    /// - Complexity: O(n log n).
    package func encode(to writer: inout BinaryWriter) {
        writeInKeyOrder(to: &writer) { key, value, writer in
            key.encode(to: &writer)
            value.encode(to: &writer)
        }
    }
}

// A dictionary's binary form, in one home: a count, then the pairs in ascending key order. The
// conformance above calls these; so does code in another module that reads or writes a large
// table, with closures of its concrete types: these are inlinable, so they are specialized there,
// where the conformance runs generically (a witness-table call per pair, per hash, per
// comparison: most of a second for a command ledger of 50k cards).
extension Dictionary {
    /// Reads a count and that many pairs, each read by `readPair`; a repeated key is an error.
    /// - Throws: ``EventDecodingError`` when the bytes are truncated or malformed or a key repeats.
    @inlinable package init(
        readingPairs reader: inout BinaryReader, _ readPair: (inout BinaryReader) throws(EventDecodingError) -> (Key, Value)
    ) throws(EventDecodingError) {
        let count = try reader.readCount()
        self.init(minimumCapacity: count)
        for _ in 0..<count {
            let (key, value) = try readPair(&reader)
            guard updateValue(value, forKey: key) == nil else {
                throw reader.error(.invalidValue, "a dictionary key appears twice")
            }
        }
    }
}

extension Dictionary where Key: Comparable {
    /// Writes the count, then each pair in ascending key order with `writePair`, a drain point
    /// after each (``BinaryWriter/drainIfFull()``).
    /// - Complexity: O(n log n).
    @inlinable package func writeInKeyOrder(to writer: inout BinaryWriter, _ writePair: (Key, Value, inout BinaryWriter) -> Void) {
        writer.writeVarint(UInt64(count))
        for key in keys.sorted() {
            writePair(key, self[key]!, &writer)
            writer.drainIfFull()
        }
    }
}

extension Identifier: Comparable {
    /// Identifiers order by their UUIDs' bytes: a total order, the same on every machine.
    public static func < (lhs: Identifier, rhs: Identifier) -> Bool { lhs.words < rhs.words }
}
