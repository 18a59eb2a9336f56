import Foundation

/// The registry of event types this build knows: maps a stored type name to its ``EventKind``
/// (whose schema version and decoders follow), in constant time, without building a `String`
/// for known names.
public enum EventRegistry {
    /// Every known type name with the schema version this build writes, in kind order.
    public static var knownTypes: [(typeName: String, schemaVersion: UInt32)] {
        EventKind.allCases.map { ($0.typeName, $0.schemaVersion) }
    }

    /// Whether this build can read events of `typeName` at `schemaVersion` (older versions are
    /// readable when an upcaster exists; this only checks the type name and current version).
    public static func isKnown(typeName: String) -> Bool { kind(named: typeName) != nil }

    /// The kind named `typeName`, or nil.
    package static func kind(named typeName: String) -> EventKind? {
        var name = typeName
        return name.withUTF8 { kind(named: UnsafeRawBufferPointer($0)) }
    }

    /// The kind whose UTF-8 type name is `bytes`, or nil.
    /// - Complexity: O(n) in the name's length: one hash of two words, a probe or two, each
    ///   checked by length and those two words, then the words between them for the candidate.
    @inline(__always) package static func kind(named bytes: UnsafeRawBufferPointer) -> EventKind? {
        let count = bytes.count
        // Every known name is 8 to `Table.nameStride` bytes long (checked when the table is built).
        guard count >= 8 && count <= Table.nameStride else { return nil }
        let head = bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
        let tail = bytes.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        let table = Self.table
        var index = Int(truncatingIfNeeded: nameHash(count: count, head: UInt64(littleEndian: head), tail: UInt64(littleEndian: tail)))
        return table.slots.withUnsafeBufferPointer { slots in
            while true {
                let slot = slots[index & Table.mask]
                if slot.kind < 0 { return nil }
                if slot.count == count && slot.head == head && slot.tail == tail
                    && table.names.withUnsafeBytes({ middleMatches(bytes, $0, at: Int(slot.kind) &* Table.nameStride) }) {
                    return EventKind(rawValue: UInt8(truncatingIfNeeded: slot.kind))
                }
                index &+= 1
            }
        }
    }

    /// Whether the bytes of `bytes` between its first and last eight equal those of the name
    /// stored at `start` in `names`.
    @inline(__always) private static func middleMatches(_ bytes: UnsafeRawBufferPointer, _ names: UnsafeRawBufferPointer,
                                                        at start: Int) -> Bool {
        var offset = 8
        while offset &+ 8 < bytes.count {
            if bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != names.loadUnaligned(fromByteOffset: start &+ offset, as: UInt64.self) {
                return false
            }
            offset &+= 8
        }
        return true
    }

    /// An open-addressing hash table of the known names (linear probing, at most half full).
    private struct Table {
        static let size = 256
        static let mask = size - 1
        /// Room for each name in ``names``: the longest name a kind may have.
        static let nameStride = 48

        /// A known name's length and first and last eight bytes (as loaded, unswapped), and its
        /// kind's raw value; kind -1 marks an empty slot.
        struct Slot {
            var head: UInt64 = 0
            var tail: UInt64 = 0
            var count: Int = 0
            var kind: Int = -1
        }

        let slots: [Slot]
        /// The UTF-8 name of kind `k` at `k * nameStride`, zero-padded.
        let names: [UInt8]
    }

    private static let table: Table = {
        let names = EventKind.allCases.map { Array($0.typeName.utf8) }
        precondition(names.count * 2 <= Table.size, "grow EventRegistry.Table.size")
        var slots = [Table.Slot](repeating: Table.Slot(), count: Table.size)
        var flat = [UInt8](repeating: 0, count: names.count * Table.nameStride)
        for (index, name) in names.enumerated() {
            precondition(name.count >= 8 && name.count <= Table.nameStride, "type name \(name) must be 8 to 48 bytes")
            let (head, tail) = name.withUnsafeBytes {
                ($0.loadUnaligned(fromByteOffset: 0, as: UInt64.self), $0.loadUnaligned(fromByteOffset: name.count - 8, as: UInt64.self))
            }
            var slot = Int(truncatingIfNeeded: nameHash(count: name.count, head: UInt64(littleEndian: head), tail: UInt64(littleEndian: tail))) & Table.mask
            while slots[slot].kind >= 0 { slot = (slot + 1) & Table.mask }
            slots[slot] = Table.Slot(head: head, tail: tail, count: name.count, kind: index)
            flat.replaceSubrange(index * Table.nameStride ..< index * Table.nameStride + name.count, with: name)
        }
        return Table(slots: slots, names: flat)
    }()

    /// A 64-bit hash of a type name from its length and its first and last eight bytes (two
    /// loads instead of a multiply per byte: names differ at their ends, and the compare decides).
    @inline(__always) private static func nameHash(count: Int, head: UInt64, tail: UInt64) -> UInt64 {
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        hash = (hash ^ head) &* 0xFF51_AFD7_ED55_8CCD
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        return hash ^ (hash >> 31)
    }
}
