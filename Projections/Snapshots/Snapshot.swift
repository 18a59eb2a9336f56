import Events

/// A projection's state at a log position, with what it was computed by: the projection's
/// name and version, the fingerprint of its configuration, and the anchor of the log record it
/// ends at (so a snapshot is never trusted against a log that lost or replaced that record).
///
/// The file layout and its versions are in `Projections/Snapshots/FORMAT.md`.
public struct Snapshot: Sendable, Equatable {
    /// The projection's stable name.
    public let projection: String
    /// The projection version that wrote the state.
    public let version: UInt32
    /// The fingerprint of the configuration the state was folded with.
    public let fingerprint: UInt64
    /// The last log position folded into the state.
    public let position: UInt64
    /// What the log held at ``position`` when the state was folded (see ``LogAnchor``); nil for
    /// a snapshot made from its parts and not yet anchored, or read from a format before 3.
    public let logAnchor: LogAnchor?
    /// The bytes the state lies in: the state alone, or (for a decoded file) the whole file,
    /// kept as read or mapped so that loading copies nothing.
    private let storage: Storage
    /// Where the state lies in ``storage``.
    private let stateRange: Range<Int>

    /// Where a snapshot's bytes live.
    private enum Storage: @unchecked Sendable {
        // @unchecked: retained bytes are read-only and live as long as their Sendable owner.
        /// In an array (a snapshot made from its parts, or decoded from bytes in memory).
        case array([UInt8])
        /// In memory an owner keeps alive (a snapshot file mapped read-only by the store).
        case retained(UnsafeRawBufferPointer, owner: any AnyObject & Sendable)
    }

    /// The state, as the projection encodes it (a copy when the snapshot was decoded from a
    /// file; restores read it in place through ``withUnsafeStateBytes(_:)``).
    public var state: [UInt8] {
        if case .array(let bytes) = storage, stateRange == bytes.indices { return bytes }
        return withUnsafeStateBytes { Array($0) }
    }

    /// The size of the encoded state in bytes.
    public var stateByteCount: Int { stateRange.count }

    /// What keeps the bytes alive when they are read in place (``init(retaining:owner:)``), else nil.
    package var owner: (any AnyObject & Sendable)? {
        if case .retained(_, let owner) = storage { return owner }
        return nil
    }

    /// A snapshot from its parts.
    public init(projection: String, version: UInt32, fingerprint: UInt64, position: UInt64,
                logAnchor: LogAnchor? = nil, state: [UInt8]) {
        self.init(projection: projection, version: version, fingerprint: fingerprint, position: position,
                  logAnchor: logAnchor, storage: .array(state), stateRange: state.indices)
    }

    private init(projection: String, version: UInt32, fingerprint: UInt64, position: UInt64, logAnchor: LogAnchor?,
                 storage: Storage, stateRange: Range<Int>) {
        self.projection = projection
        self.version = version
        self.fingerprint = fingerprint
        self.position = position
        self.logAnchor = logAnchor
        self.storage = storage
        self.stateRange = stateRange
    }

    /// This snapshot with `anchor` as the anchor of the log record at its position (the state is
    /// shared, not copied).
    public func anchored(_ anchor: LogAnchor) -> Snapshot {
        Snapshot(projection: projection, version: version, fingerprint: fingerprint, position: position,
                 logAnchor: anchor, storage: storage, stateRange: stateRange)
    }

    /// Calls `body` with the state's bytes, in place (valid only during the call).
    /// - Throws: what `body` throws.
    package func withUnsafeStateBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        switch storage {
        case .array(let bytes):
            let result: Result<R, E> = bytes.withUnsafeBytes { raw in
                Result { () throws(E) -> R in try body(UnsafeRawBufferPointer(rebasing: raw[stateRange])) }
            }
            return try result.get()
        case .retained(let bytes, let owner):
            return try withExtendedLifetime(owner) { () throws(E) -> R in
                try body(UnsafeRawBufferPointer(rebasing: bytes[stateRange]))
            }
        }
    }

    /// Calls `body` with a reader of the state's bytes, in place. For a snapshot loaded from a
    /// file the reader's ``BinaryReader/owner`` is the file's mapping, so a decoder may keep
    /// regions of the state without copying them (see ``BinaryReader/retaining(_:)``).
    /// - Throws: what `body` throws.
    package func withStateReader<R, E: Error>(_ body: (inout BinaryReader) throws(E) -> R) throws(E) -> R {
        switch storage {
        case .array:
            return try withUnsafeStateBytes { bytes throws(E) -> R in
                var reader = BinaryReader(bytes)
                return try body(&reader)
            }
        case .retained(let bytes, let owner):
            var reader = BinaryReader(UnsafeRawBufferPointer(rebasing: bytes[stateRange]), owner: owner)
            return try withExtendedLifetime(owner) { () throws(E) -> R in try body(&reader) }
        }
    }

    /// Equal when every part and the state's bytes are equal (wherever the state lies).
    public static func == (lhs: Snapshot, rhs: Snapshot) -> Bool {
        lhs.projection == rhs.projection && lhs.version == rhs.version && lhs.fingerprint == rhs.fingerprint
            && lhs.position == rhs.position && lhs.logAnchor == rhs.logAnchor
            && lhs.withUnsafeStateBytes { left in rhs.withUnsafeStateBytes { right in left.elementsEqual(right) } }
    }

    static let magic: [UInt8] = Array("HSNAPSHT".utf8)
    /// The format written: 3, with the log anchor.
    static let formatVersion: UInt8 = 3
    /// The format before the log anchor (read; its snapshots carry no anchor).
    static let unanchoredFormatVersion: UInt8 = 2
    /// The format whose checksum is FNV-1a-64 (read, no longer written).
    static let fnvFormatVersion: UInt8 = 1

    /// The checksum of `body` in snapshot format `format`, or nil for an unknown format. With
    /// `pages` (the owner of mapped bytes), the pages of `body` are let go of a
    /// ``RetainedBytes/releaseStride`` at a time as they are read, so that checking a snapshot
    /// file of hundreds of megabytes holds a few of them resident, not the whole file.
    static func checksum(_ body: UnsafeRawBufferPointer, format: UInt8, releasing pages: (any ResidentPageOwner)? = nil) -> UInt64? {
        switch format {
        case formatVersion, unanchoredFormatVersion:
            var hasher = StableHash.Words64()
            var start = 0
            while start < body.count {
                let stretch = UnsafeRawBufferPointer(rebasing: body[start..<min(body.count, start + RetainedBytes.releaseStride)])
                hasher.combine(stretch)
                pages?.releaseResidentPages(of: stretch)
                start += stretch.count
            }
            return hasher.finalize()
        case fnvFormatVersion: return StableHash.fnv1a64(body)
        default: return nil
        }
    }

    /// The snapshot file's bytes (format 3; an unanchored snapshot is written with anchor 0,
    /// which reads back as none, so it is never trusted against a log): ``withFileParts(_:)``'s
    /// three parts joined.
    public func encoded() -> [UInt8] {
        withFileParts { header, state, checksum in
            var bytes = [UInt8]()
            bytes.reserveCapacity(header.count + state.count + checksum.count)
            bytes.append(contentsOf: header)
            bytes.append(contentsOf: state)
            bytes.append(contentsOf: checksum)
            return bytes
        }
    }

    /// Calls `body` with the snapshot file's bytes (see ``encoded()``) in the three parts that
    /// follow one another in the file: the header (everything before the state), the state, in
    /// place, and the 8-byte checksum of the two. A snapshot is saved by writing the parts, so its
    /// state is never copied whole to be saved.
    /// - Throws: what `body` throws.
    package func withFileParts<R, E: Error>(
        _ body: (_ header: UnsafeRawBufferPointer, _ state: UnsafeRawBufferPointer, _ checksum: UnsafeRawBufferPointer) throws(E) -> R
    ) throws(E) -> R {
        let descriptor = SnapshotDescriptor(projection: projection, version: version, fingerprint: fingerprint, position: position)
        let header = Self.fileHeader(of: descriptor, logAnchor: logAnchor, stateByteCount: stateRange.count)
        return try withUnsafeStateBytes { state throws(E) -> R in
            let result: Result<R, E> = header.withUnsafeBytes { header in
                var hasher = StableHash.Words64()
                hasher.combine(header)
                hasher.combine(state)
                let checksum = hasher.finalize().littleEndian
                return withUnsafeBytes(of: checksum) { checksum in
                    Result { () throws(E) -> R in try body(header, state, checksum) }
                }
            }
            return try result.get()
        }
    }

    /// The bytes of a snapshot file before its state (format 3): magic, format, the
    /// `descriptor`'s fields, `logAnchor` (0 when nil: never trusted against a log) and the
    /// state's length, `stateByteCount`. The file is these, the state, then the checksum
    /// (``StableHash/Words64`` of the two).
    package static func fileHeader(of descriptor: SnapshotDescriptor, logAnchor: LogAnchor?, stateByteCount: Int) -> [UInt8] {
        var writer = BinaryWriter(bytes: Self.magic)
        writer.writeByte(Self.formatVersion)
        writer.writeString(descriptor.projection)
        writer.writeVarint(UInt64(descriptor.version))
        writeFixed64(descriptor.fingerprint, to: &writer)
        writer.writeVarint(descriptor.position)
        writeFixed64(logAnchor?.rawValue ?? 0, to: &writer)
        writer.writeVarint(UInt64(stateByteCount))
        return writer.bytes
    }

    /// The snapshot in `bytes` (a whole snapshot file), kept as given: the state is read in
    /// place, nothing is copied.
    /// - Throws: ``SnapshotError`` when the bytes are not a whole, undamaged snapshot file of a
    ///   format this build reads.
    /// - Complexity: O(n): one checksum pass.
    public init(decoding bytes: [UInt8]) throws(SnapshotError) {
        let header = try bytes.withUnsafeBytes { raw in Self.header(ofFile: raw) }.get()
        self.init(projection: header.projection, version: header.version, fingerprint: header.fingerprint,
                  position: header.position, logAnchor: header.logAnchor, storage: .array(bytes), stateRange: header.state)
    }

    /// The snapshot in `bytes` (a whole snapshot file, for example mapped read-only), read in
    /// place: `owner` keeps the bytes alive and the snapshot keeps `owner`; nothing is copied.
    /// - Throws: ``SnapshotError`` when the bytes are not a whole, undamaged snapshot file of a
    ///   format this build reads.
    /// - Complexity: O(n): one checksum pass.
    package init(retaining bytes: UnsafeRawBufferPointer, owner: any AnyObject & Sendable) throws(SnapshotError) {
        let pages = owner as? any ResidentPageOwner
        let header = try withExtendedLifetime(owner) { () throws(SnapshotError) in try Self.header(checking: bytes, releasing: pages) }
        self.init(projection: header.projection, version: header.version, fingerprint: header.fingerprint,
                  position: header.position, logAnchor: header.logAnchor, storage: .retained(bytes, owner: owner),
                  stateRange: header.state)
    }

    /// What a snapshot file says about its state: everything but the state, and where it lies.
    private struct Header {
        var projection: String
        var version: UInt32
        var fingerprint: UInt64
        var position: UInt64
        var logAnchor: LogAnchor?
        var state: Range<Int>
    }

    /// ``header(checking:)`` as a result (for closures that cannot throw typed errors).
    private static func header(ofFile bytes: UnsafeRawBufferPointer) -> Result<Header, SnapshotError> {
        Result { () throws(SnapshotError) in try header(checking: bytes) }
    }

    /// Checks the file bytes `bytes` (magic, format, checksum) and reads its header; the
    /// checksum pass lets go of the pages it has read through `pages`, when given.
    /// - Throws: ``SnapshotError`` when the bytes are not a whole, undamaged snapshot file of a
    ///   format this build reads.
    private static func header(checking bytes: UnsafeRawBufferPointer,
                               releasing pages: (any ResidentPageOwner)? = nil) throws(SnapshotError) -> Header {
        guard bytes.count >= magic.count + 1 + 8, bytes.prefix(magic.count).elementsEqual(magic) else {
            throw SnapshotError(.notASnapshot, "the file does not start with a snapshot header")
        }
        let body = bytes.count - 8
        let stored = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: body, as: UInt64.self))
        let format = bytes[magic.count]
        let checked = UnsafeRawBufferPointer(rebasing: bytes[..<body])
        guard let computed = checksum(checked, format: format, releasing: pages) else {
            throw SnapshotError(.damaged, "the snapshot's header does not decode: snapshot format \(format) is not known to this build")
        }
        guard computed == stored else {
            throw SnapshotError(.damaged, "the snapshot's checksum does not match its contents")
        }
        do {
            var reader = BinaryReader(UnsafeRawBufferPointer(rebasing: bytes[..<body]))
            for _ in magic { _ = try reader.readByte() }
            _ = try reader.readByte()  // the format, checked above
            let name = try reader.readString()
            let version = try reader.readVarint(as: UInt32.self, "projection version")
            let fingerprint = try readFixed64(from: &reader)
            let position = try reader.readVarint()
            let anchorValue = format == formatVersion ? try readFixed64(from: &reader) : 0
            let anchor = anchorValue == 0 ? nil : LogAnchor(rawValue: anchorValue)
            let state = try reader.readLengthPrefixed().count
            try reader.expectEnd()  // so the state ends where the checksum starts
            return Header(projection: name, version: version, fingerprint: fingerprint, position: position,
                          logAnchor: anchor, state: (body - state)..<body)
        } catch {
            throw SnapshotError(.damaged, "the snapshot's header does not decode: \(error)")
        }
    }
}

private func writeFixed64(_ value: UInt64, to writer: inout BinaryWriter) {
    for shift in 0..<8 { writer.writeByte(UInt8(truncatingIfNeeded: value >> (8 * UInt64(shift)))) }
}

private func readFixed64(from reader: inout BinaryReader) throws(EventDecodingError) -> UInt64 {
    var value: UInt64 = 0
    for shift in 0..<8 { value |= UInt64(try reader.readByte()) << (8 * UInt64(shift)) }
    return value
}
