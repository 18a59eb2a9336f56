/// The 32-byte header at the start of every segment file (see FORMAT.md):
///
/// ```
/// offset 0  8 bytes  magic "HSLOGSEG"
/// offset 8  u32      format version (1)
/// offset 12 u32      header size (32)
/// offset 16 u64      base position (the position of the segment's first record)
/// offset 24 u32      reserved, 0
/// offset 28 u32      crc32c of bytes 0 ..< 28
/// ```
package struct SegmentHeader: Equatable, Sendable {
    /// The format version this code writes. Readers accept every version up to it.
    package static let currentVersion: UInt32 = 1
    /// The header's size in bytes, for version 1.
    package static let size = 32
    /// The file magic.
    package static let magic: [UInt8] = Array("HSLOGSEG".utf8)

    /// The format version the segment was written with.
    package var version: UInt32
    /// The position of the segment's first record.
    package var basePosition: UInt64

    /// A header of the current version.
    package init(basePosition: UInt64, version: UInt32 = SegmentHeader.currentVersion) {
        self.basePosition = basePosition
        self.version = version
    }

    /// The header's bytes.
    package func encoded() -> [UInt8] {
        var bytes = SegmentHeader.magic
        func put<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        put(version)
        put(UInt32(SegmentHeader.size))
        put(basePosition)
        put(UInt32(0))
        let crc = bytes.withUnsafeBytes { CRC32C.extend(0, $0) }
        put(crc)
        return bytes
    }

    /// Decodes a header, or says why the bytes are not one.
    package static func decode(_ bytes: UnsafeRawBufferPointer) -> Result<SegmentHeader, DecodeFailure> {
        guard bytes.count >= size, let base = bytes.baseAddress else { return .failure(.tooShort) }
        guard Array(bytes[0..<8]) == magic else { return .failure(.damaged("bad magic")) }
        let stored = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: 28, as: UInt32.self))
        guard stored == CRC32C.extend(0, UnsafeRawBufferPointer(rebasing: bytes[0..<28])) else {
            return .failure(.damaged("header checksum mismatch"))
        }
        let version = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
        guard version >= 1 && version <= currentVersion else {
            return .failure(.damaged("format version \(version) is newer than this code reads (\(currentVersion)); update Hindsight"))
        }
        let headerSize = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
        guard headerSize == UInt32(size) else { return .failure(.damaged("header size \(headerSize), expected \(size)")) }
        let basePosition = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
        guard basePosition >= 1 else { return .failure(.damaged("base position 0")) }
        return .success(SegmentHeader(basePosition: basePosition, version: version))
    }

    /// Why bytes are not a header.
    package enum DecodeFailure: Error, Equatable {
        /// Fewer bytes than a header.
        case tooShort
        /// Present but wrong: the reason.
        case damaged(String)
    }
}
