/// The last two fields of a known event's envelope as the log encoding writes them (see
/// `Events/FORMAT.md`): its type name, length-prefixed UTF-8, then its schema version as a
/// varint. Both are the same for every event of a kind, so they are laid out once per kind,
/// with ``BinaryWriter``'s own primitives, and an event's encoder copies them: fetching each
/// event's type name `String`, reaching its UTF-8 and retaining and releasing it cost more
/// than the rest of the envelope.
enum EnvelopeTail {
    /// Room for each kind's bytes in ``table``: a byte holding their count, then the bytes
    /// (a type name is at most 48 bytes, its prefix 1, a schema version's varint at most 5).
    private static let stride = 64

    /// The bytes of every kind, kind by kind, in memory that is never freed (read through a
    /// pointer: no array access per event). Written once, before any read, then only read.
    nonisolated(unsafe) private static let table: UnsafePointer<UInt8> = {
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: EventKind.allCases.count * stride)
        memory.initialize(repeating: 0, count: EventKind.allCases.count * stride)
        for kind in EventKind.allCases {
            var writer = BinaryWriter()
            writer.writeString(kind.typeName)
            writer.writeVarint(UInt64(kind.schemaVersion))
            precondition(writer.bytes.count < stride, "the envelope tail of \(kind.typeName) needs more than \(stride - 1) bytes")
            let slot = memory + Int(kind.rawValue) * stride
            slot.initialize(to: UInt8(writer.bytes.count))
            (slot + 1).update(from: writer.bytes, count: writer.bytes.count)
        }
        return UnsafePointer(memory)
    }()

    /// The type name and schema version of an event of `kind`, as ``BinarySink/writeString(_:)``
    /// and ``BinarySink/writeVarint(_:)`` write `kind.typeName` and `kind.schemaVersion`.
    @inline(__always) static func bytes(of kind: EventKind) -> UnsafeRawBufferPointer {
        let slot = table + Int(kind.rawValue) &* stride
        return UnsafeRawBufferPointer(start: slot + 1, count: Int(slot.pointee))
    }
}
