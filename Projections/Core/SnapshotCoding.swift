import Foundation
import Events

/// Writes a read model's state as snapshot bytes: the same compact binary encoding the log uses
/// (LEB128 varints, zigzag for signed numbers, length-prefixed UTF-8, 16-byte UUIDs; see
/// `Events/FORMAT.md`). Writing never fails. A state must write the same bytes for the same
/// value (write dictionaries in key order: the `Dictionary` conformance does), so that a
/// snapshot can be compared byte for byte and confirmed after a rebuild.
public struct SnapshotWriter {
    /// The log encoding's writer underneath.
    package var binary: BinaryWriter

    /// An empty writer.
    public init() { binary = BinaryWriter() }

    /// A writer handing its bytes to `drain` as they fill its limit (a snapshot written to its
    /// file as it is encoded; see ``BinaryWriter/drainIfFull()``).
    package init(draining drain: BinaryWriterDrain) { binary = BinaryWriter(draining: drain) }

    /// The bytes written so far (with a drain: since it last took them).
    public var bytes: [UInt8] { binary.bytes }

    /// Appends `value`'s bytes (a drain point follows: a state written value by value is written
    /// to its file through a bounded buffer).
    @inline(__always) public mutating func write<Value: SnapshotCodable>(_ value: Value) {
        value.encode(to: &self)
        binary.drainIfFull()
    }
}

/// Reads snapshot bytes written by ``SnapshotWriter``, checking every length against the bytes
/// left: damaged bytes give an ``EventDecodingError`` with the offset, never a crash. (A snapshot
/// is also checksummed as a whole before any state reads it.)
/// A reader borrows the snapshot's bytes: it never outlives the call that hands it to a state.
public struct SnapshotReader {
    /// The log encoding's reader underneath.
    package var binary: BinaryReader

    /// A reader continuing at `binary`'s offset.
    package init(_ binary: BinaryReader) { self.binary = binary }

    /// Reads the next value of type `Value`.
    /// - Throws: ``EventDecodingError`` when the bytes are truncated or malformed.
    @inline(__always) public mutating func read<Value: SnapshotCodable>(_ type: Value.Type = Value.self) throws(EventDecodingError) -> Value {
        try Value(from: &self)
    }
}

/// A value with a snapshot encoding: it writes its fields in a fixed order and reads them back in
/// the same order. Integers, floating point numbers, booleans, strings, UUIDs, Hindsight's ids,
/// times, optionals, arrays and dictionaries (keys in order) conform.
public protocol SnapshotCodable {
    /// Appends the value's bytes (the same bytes for the same value).
    func encode(to writer: inout SnapshotWriter)
    /// Reads a value written by ``encode(to:)``.
    /// - Throws: ``EventDecodingError`` when the bytes are truncated, malformed or break a rule.
    init(from reader: inout SnapshotReader) throws(EventDecodingError)
}
