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
    /// - Complexity: O(n) in the name's length: one hash, a probe or two, one word-wise compare.
    @inline(__always) package static func kind(named bytes: UnsafeRawBufferPointer) -> EventKind? {
        let table = Self.table
        var slot = Int(truncatingIfNeeded: nameHash(bytes)) & Table.mask
        return table.names.withUnsafeBytes { names in
            while true {
                let entry = table.slots[slot]
                if entry < 0 { return nil }
                let range = table.ranges[Int(entry)]
                if ShortBytes.equal(UnsafeRawBufferPointer(rebasing: names[range]), bytes) {
                    return EventKind(rawValue: UInt8(entry))
                }
                slot = (slot + 1) & Table.mask
            }
        }
    }

    /// An open-addressing hash table of the known names (linear probing, at most half full).
    private struct Table {
        static let size = 256
        static let mask = size - 1
        /// The kind's raw value in each slot, or -1 for an empty slot.
        let slots: [Int16]
        /// The UTF-8 names of every kind, back to back.
        let names: [UInt8]
        /// Where each kind's name lies in ``names``, by raw value.
        let ranges: [Range<Int>]
    }

    private static let table: Table = {
        let names = EventKind.allCases.map { Array($0.typeName.utf8) }
        precondition(names.count * 2 <= Table.size, "grow EventRegistry.Table.size")
        var slots = [Int16](repeating: -1, count: Table.size)
        var flat: [UInt8] = []
        var ranges: [Range<Int>] = []
        for (index, name) in names.enumerated() {
            var slot = Int(truncatingIfNeeded: name.withUnsafeBytes { nameHash($0) }) & Table.mask
            while slots[slot] >= 0 { slot = (slot + 1) & Table.mask }
            slots[slot] = Int16(index)
            ranges.append(flat.count ..< flat.count + name.count)
            flat += name
        }
        return Table(slots: slots, names: flat, ranges: ranges)
    }()

    /// A 64-bit hash of a type name from its length and its first and last eight bytes (two
    /// loads instead of a multiply per byte: names differ at their ends, and `memcmp` decides).
    @inline(__always) private static func nameHash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let count = bytes.count
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        if count >= 8 {
            let head = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self))
            let tail = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
            hash = (hash ^ head) &* 0xFF51_AFD7_ED55_8CCD
            hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        } else {
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        }
        return hash ^ (hash >> 31)
    }
}
