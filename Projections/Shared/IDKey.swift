import Foundation
import Events

/// An identifier as a dictionary key that hashes fast: its 16 bytes as two words fed to the
/// hasher (`UUID` hashes through the byte-buffer path, about twice the cost). The fold's hot
/// tables are keyed by it; queries convert from the typed ids.
package struct IDKey: Sendable, Hashable, Comparable, BinaryCodable, BitwiseCopyable {
    /// The UUID's first 8 bytes, big-endian.
    package let high: UInt64
    /// The UUID's last 8 bytes, big-endian.
    package let low: UInt64

    /// The key of `uuid`.
    @inline(__always) package init(_ uuid: UUID) {
        (high, low) = withUnsafeBytes(of: uuid.uuid) { raw in
            (UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
             UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
        }
    }

    /// The key whose UUID is `high` then `low`, big-endian.
    @inline(__always) package init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The key of a typed identifier.
    @inline(__always) package init<Tag>(_ id: Identifier<Tag>) { self.init(id.uuid) }

    /// The UUID again.
    package var uuid: UUID {
        var bytes = (high.bigEndian, low.bigEndian)
        return withUnsafeBytes(of: &bytes) { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
    }

    @inline(__always) package func hash(into hasher: inout Hasher) {
        hasher.combine(high)
        hasher.combine(low)
    }

    /// The hash tables use, without a `Hasher` (see `Identifier._rawHashValue(seed:)`).
    @inline(__always) package func _rawHashValue(seed: Int) -> Int {
        IdentifierHash.mix(high, low, seed: seed)
    }

    /// By the UUID's bytes, as ``Identifier`` orders: a total order.
    package static func < (lhs: IDKey, rhs: IDKey) -> Bool { (lhs.high, lhs.low) < (rhs.high, rhs.low) }

    package init(from reader: inout BinaryReader) throws(EventDecodingError) { self.init(try reader.readUUID()) }
    package func encode(to writer: inout BinaryWriter) { writer.writeUUID(uuid) }
}
