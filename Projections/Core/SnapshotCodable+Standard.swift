import Foundation
import Events

// The snapshot encodings of standard values and of Hindsight's ids and times: exactly the bytes
// of their log encodings (the `BinaryCodable` conformances in `Events`, which these call), so a
// read model written by an app and a built-in one share one format.

extension Int: SnapshotCodable {
    /// A zigzag varint.
    public func encode(to writer: inout SnapshotWriter) { encode(to: &writer.binary) }
    /// - Throws: ``EventDecodingError`` for a truncated or malformed varint, or one too large.
    public init(from reader: inout SnapshotReader) throws(EventDecodingError) { try self.init(from: &reader.binary) }
}

extension Int64: SnapshotCodable {
    /// A zigzag varint.
    public func encode(to writer: inout SnapshotWriter) { encode(to: &writer.binary) }
    /// - Throws: ``EventDecodingError`` for a truncated or malformed varint.
    public init(from reader: inout SnapshotReader) throws(EventDecodingError) { try self.init(from: &reader.binary) }
}

extension UInt64: SnapshotCodable {
    /// A varint.
    public func encode(to writer: inout SnapshotWriter) { encode(to: &writer.binary) }
    /// - Throws: ``EventDecodingError`` for a truncated or malformed varint.
    public init(from reader: inout SnapshotReader) throws(EventDecodingError) { try self.init(from: &reader.binary) }
}

extension UInt32: SnapshotCodable {
    /// A varint.
    public func encode(to writer: inout SnapshotWriter) { encode(to: &writer.binary) }
    /// - Throws: ``EventDecodingError`` for a truncated or malformed varint, or one too large.
    public init(from reader: inout SnapshotReader) throws(EventDecodingError) { try self.init(from: &reader.binary) }
}

extension Double: SnapshotCodable {
    /// The 8 IEEE-754 bytes, little-endian.
    public func encode(to writer: inout SnapshotWriter) { encode(to: &writer.binary) }
    /// - Throws: ``EventDecodingError`` when fewer than 8 bytes are left.
    public init(from reader: inout SnapshotReader) throws(EventDecodingError) { try self.init(from: &reader.binary) }
}

extension Bool: SnapshotCodable {
    /// One byte, 0 or 1.
    public func encode(to writer: inout SnapshotWriter) { encode(to: &writer.binary) }
    /// - Throws: ``EventDecodingError`` when the input ends or the byte is neither 0 nor 1.
    public init(from reader: inout SnapshotReader) throws(EventDecodingError) { try self.init(from: &reader.binary) }
}

extension String: SnapshotCodable {
    /// The UTF-8 byte count, then the bytes.
    public func encode(to writer: inout SnapshotWriter) { encode(to: &writer.binary) }
    /// - Throws: ``EventDecodingError`` for a truncated text or invalid UTF-8.
    public init(from reader: inout SnapshotReader) throws(EventDecodingError) { try self.init(from: &reader.binary) }
}

extension UUID: SnapshotCodable {
    /// The 16 bytes in RFC 4122 order.
    public func encode(to writer: inout SnapshotWriter) { encode(to: &writer.binary) }
    /// - Throws: ``EventDecodingError`` when fewer than 16 bytes are left.
    public init(from reader: inout SnapshotReader) throws(EventDecodingError) { try self.init(from: &reader.binary) }
}

extension Identifier: SnapshotCodable {
    /// The id's UUID.
    public func encode(to writer: inout SnapshotWriter) { uuid.encode(to: &writer) }
    /// - Throws: ``EventDecodingError`` when fewer than 16 bytes are left.
    public init(from reader: inout SnapshotReader) throws(EventDecodingError) { self.init(try UUID(from: &reader)) }
}

extension Timestamp: SnapshotCodable {
    /// The milliseconds since 1970 as in the log.
    public func encode(to writer: inout SnapshotWriter) { encode(to: &writer.binary) }
    /// - Throws: ``EventDecodingError`` for malformed bytes or a time outside the allowed range.
    public init(from reader: inout SnapshotReader) throws(EventDecodingError) { try self.init(from: &reader.binary) }
}

extension EventTime: SnapshotCodable {
    /// The instant and the UTC offset, as in the log.
    public func encode(to writer: inout SnapshotWriter) { encode(to: &writer.binary) }
    /// - Throws: ``EventDecodingError`` for malformed bytes or values out of range.
    public init(from reader: inout SnapshotReader) throws(EventDecodingError) { try self.init(from: &reader.binary) }
}

extension Optional: SnapshotCodable where Wrapped: SnapshotCodable {
    /// A presence byte (0 absent, 1 present), then the value when present.
    public func encode(to writer: inout SnapshotWriter) {
        (self != nil).encode(to: &writer)
        self?.encode(to: &writer)
    }
    /// - Throws: ``EventDecodingError`` as the wrapped value's decoding, or for a bad presence byte.
    public init(from reader: inout SnapshotReader) throws(EventDecodingError) {
        self = try Bool(from: &reader) ? try Wrapped(from: &reader) : nil
    }
}

extension Array: SnapshotCodable where Element: SnapshotCodable {
    /// The element count, then the elements in order (a drain point after each).
    public func encode(to writer: inout SnapshotWriter) {
        writer.binary.writeVarint(UInt64(count))
        for element in self {
            element.encode(to: &writer)
            writer.binary.drainIfFull()
        }
    }
    /// - Throws: ``EventDecodingError`` as the elements' decoding, or for a count larger than the
    ///   bytes left could hold.
    public init(from reader: inout SnapshotReader) throws(EventDecodingError) {
        let count = try reader.binary.readCount()
        var elements: [Element] = []
        elements.reserveCapacity(count)
        for _ in 0..<count { elements.append(try Element(from: &reader)) }
        self = elements
    }
}

extension Dictionary: SnapshotCodable where Key: SnapshotCodable & Comparable, Value: SnapshotCodable {
    /// The pair count, then the pairs in ascending key order (the same bytes for the same
    /// dictionary; a drain point after each pair).
    /// - Complexity: O(n log n).
    public func encode(to writer: inout SnapshotWriter) {
        writer.binary.writeVarint(UInt64(count))
        for key in keys.sorted() {
            key.encode(to: &writer)
            self[key]!.encode(to: &writer)
            writer.binary.drainIfFull()
        }
    }
    /// - Throws: ``EventDecodingError`` as the keys' and values' decoding, or when a key repeats.
    public init(from reader: inout SnapshotReader) throws(EventDecodingError) {
        let count = try reader.binary.readCount()
        self.init(minimumCapacity: count)
        for _ in 0..<count {
            let key = try Key(from: &reader)
            guard updateValue(try Value(from: &reader), forKey: key) == nil else {
                throw reader.binary.error(.invalidValue, "a dictionary key appears twice")
            }
        }
    }
}
