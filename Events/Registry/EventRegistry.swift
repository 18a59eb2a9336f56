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
    /// - Complexity: O(n) in the name's length: one hash and one comparison.
    @inline(__always) package static func kind(named bytes: UnsafeRawBufferPointer) -> EventKind? {
        guard let kind = table.byHash[fnv1a(bytes)] else { return nil }
        let expected = table.names[Int(kind.rawValue)]
        guard expected.count == bytes.count else { return nil }
        let same = expected.withUnsafeBytes { $0.elementsEqual(bytes) }
        return same ? kind : nil
    }

    private struct Table {
        let byHash: [UInt64: EventKind]
        let names: [[UInt8]]
    }

    private static let table: Table = {
        var byHash: [UInt64: EventKind] = [:]
        for kind in EventKind.allCases {
            let hash = Array(kind.typeName.utf8).withUnsafeBytes { fnv1a($0) }
            precondition(byHash.updateValue(kind, forKey: hash) == nil, "event type names collide: \(kind.typeName)")
        }
        return Table(byHash: byHash, names: EventKind.allCases.map { Array($0.typeName.utf8) })
    }()

    /// 64-bit FNV-1a of `bytes`.
    @inline(__always) private static func fnv1a(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }
}
