import Events

/// A projection's state at a log position, with what it was computed by: the projection's
/// name and version and the fingerprint of its configuration.
///
/// File layout, all integers LEB128 varints unless said otherwise:
/// `"HSNAPSHT"` (8 bytes) · format version (1 byte) · name (length-prefixed UTF-8) ·
/// projection version · fingerprint (8 bytes little-endian) · position · state length ·
/// state bytes · checksum of everything before it (8 bytes little-endian).
///
/// The checksum is ``StableHash/words64(_:)`` in format 2 (written now: it runs at memory
/// speed, and snapshots are tens of MB), ``StableHash/fnv1a64(_:seed:)`` in format 1 (still
/// read). Nothing else differs between the two.
public struct Snapshot: Sendable, Equatable {
    /// The projection's stable name.
    public let projection: String
    /// The projection version that wrote the state.
    public let version: UInt32
    /// The fingerprint of the configuration the state was folded with.
    public let fingerprint: UInt64
    /// The last log position folded into the state.
    public let position: UInt64
    /// The state, as the projection encodes it.
    public let state: [UInt8]

    /// A snapshot from its parts.
    public init(projection: String, version: UInt32, fingerprint: UInt64, position: UInt64, state: [UInt8]) {
        self.projection = projection
        self.version = version
        self.fingerprint = fingerprint
        self.position = position
        self.state = state
    }

    static let magic: [UInt8] = Array("HSNAPSHT".utf8)
    static let formatVersion: UInt8 = 2
    /// The format whose checksum is FNV-1a-64 (read, no longer written).
    static let fnvFormatVersion: UInt8 = 1

    /// The checksum of `body` in snapshot format `format`, or nil for an unknown format.
    static func checksum(_ body: UnsafeRawBufferPointer, format: UInt8) -> UInt64? {
        switch format {
        case formatVersion: StableHash.words64(body)
        case fnvFormatVersion: StableHash.fnv1a64(body)
        default: nil
        }
    }

    /// The snapshot file's bytes.
    public func encoded() -> [UInt8] {
        var writer = BinaryWriter(bytes: Self.magic)
        writer.writeByte(Self.formatVersion)
        writer.writeString(projection)
        writer.writeVarint(UInt64(version))
        writeFixed64(fingerprint, to: &writer)
        writer.writeVarint(position)
        writer.writeVarint(UInt64(state.count))
        writer.writeRaw(state)
        let checksum = writer.bytes.withUnsafeBytes { StableHash.words64($0) }
        writeFixed64(checksum, to: &writer)
        return writer.bytes
    }

    /// The snapshot in `bytes`.
    /// - Throws: ``SnapshotError`` when the bytes are not a whole, undamaged snapshot file of a
    ///   format this build reads.
    public init(decoding bytes: [UInt8]) throws(SnapshotError) {
        self = try bytes.withUnsafeBytes { raw in Snapshot.decoding(file: raw) }.get()
    }

    /// ``init(decodingFile:)`` as a result (for closures that cannot throw typed errors).
    static func decoding(file bytes: UnsafeRawBufferPointer) -> Result<Snapshot, SnapshotError> {
        Result { () throws(SnapshotError) in try Snapshot(decodingFile: bytes) }
    }

    /// The snapshot in the file bytes `bytes`, read in place: only the state is copied out.
    /// - Throws: ``SnapshotError`` when the bytes are not a whole, undamaged snapshot file of a
    ///   format this build reads.
    /// - Complexity: O(n): one checksum pass and one copy of the state.
    init(decodingFile bytes: UnsafeRawBufferPointer) throws(SnapshotError) {
        guard bytes.count >= Self.magic.count + 1 + 8, bytes.prefix(Self.magic.count).elementsEqual(Self.magic) else {
            throw SnapshotError(.notASnapshot, "the file does not start with a snapshot header")
        }
        let body = bytes.count - 8
        let stored = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: body, as: UInt64.self))
        let format = bytes[Self.magic.count]
        guard let computed = Self.checksum(UnsafeRawBufferPointer(rebasing: bytes[..<body]), format: format) else {
            throw SnapshotError(.damaged, "the snapshot's header does not decode: snapshot format \(format) is not known to this build")
        }
        guard computed == stored else {
            throw SnapshotError(.damaged, "the snapshot's checksum does not match its contents")
        }
        do {
            var reader = BinaryReader(UnsafeRawBufferPointer(rebasing: bytes[..<body]))
            for _ in Self.magic { _ = try reader.readByte() }
            _ = try reader.readByte()  // the format, checked above
            let name = try reader.readString()
            let version = try reader.readVarint(as: UInt32.self, "projection version")
            var fingerprint: UInt64 = 0
            for shift in 0..<8 { fingerprint |= UInt64(try reader.readByte()) << (8 * UInt64(shift)) }
            let position = try reader.readVarint()
            let state = try reader.readLengthPrefixed()
            try reader.expectEnd()
            self.init(projection: name, version: version, fingerprint: fingerprint, position: position, state: Array(state))
        } catch {
            throw SnapshotError(.damaged, "the snapshot's header does not decode: \(error)")
        }
    }
}

private func writeFixed64(_ value: UInt64, to writer: inout BinaryWriter) {
    for shift in 0..<8 { writer.writeByte(UInt8(truncatingIfNeeded: value >> (8 * UInt64(shift)))) }
}
