import SystemSeam
/// A segment's seal, kept in `<base>.seal` beside it: the CRC32C of the segment's first
/// ``length`` bytes as the writer wrote them, and the position after the last record in them.
///
/// Open checks a segment whose seal matches with one pass of the checksum over the file
/// instead of one checksum per record. The seal is a cache like the sparse index: one that
/// is missing, damaged or does not match sends open back to the per-record check, which
/// names the damaged record if there is one, and the seal is then rebuilt.
///
/// File layout (version 1, little-endian, 48 bytes):
/// ```
/// 8 bytes magic "HSLOGSEL" | u32 version | u32 reserved 0 | u64 base position
/// | u64 length covered | u64 next position | u32 crc32c of the segment's bytes 0 ..< length
/// | u32 crc32c of the 44 bytes before
/// ```
package struct SegmentSeal: Equatable, Sendable {
    static let magic: [UInt8] = Array("HSLOGSEL".utf8)
    static let version: UInt32 = 1
    /// The file's size in bytes.
    package static let size = 48

    /// The segment's base position.
    package var basePosition: UInt64
    /// The length of the segment prefix covered: the whole file for a sealed segment, the
    /// records written before a clean close for the last one. Always ends with a whole batch.
    package var length: Int64
    /// The position of the first record after the prefix.
    package var nextPosition: UInt64
    /// CRC32C of the segment's bytes `0 ..< length` (header included).
    package var checksum: UInt32

    /// A seal of a segment prefix.
    package init(basePosition: UInt64, length: Int64, nextPosition: UInt64, checksum: UInt32) {
        self.basePosition = basePosition
        self.length = length
        self.nextPosition = nextPosition
        self.checksum = checksum
    }

    /// The file's bytes.
    package func encoded() -> [UInt8] {
        var bytes = SegmentSeal.magic
        bytes.reserveCapacity(SegmentSeal.size)
        func put<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        put(SegmentSeal.version)
        put(UInt32(0))
        put(basePosition)
        put(UInt64(length))
        put(nextPosition)
        put(checksum)
        put(bytes.withUnsafeBytes { CRC32C.extend(0, $0) })
        return bytes
    }

    /// Decodes a seal file, or nil when it is damaged, of another version or malformed.
    package static func decode(_ bytes: [UInt8]) -> SegmentSeal? {
        guard bytes.count == size, Array(bytes[0..<8]) == magic else { return nil }
        return bytes.withUnsafeBytes { raw -> SegmentSeal? in
            func load<T: FixedWidthInteger>(_ offset: Int, _: T.Type) -> T {
                T(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: T.self))
            }
            guard load(8, UInt32.self) == version, load(12, UInt32.self) == 0,
                  CRC32C.extend(0, UnsafeRawBufferPointer(rebasing: raw[0..<44])) == load(44, UInt32.self) else { return nil }
            let length = load(24, UInt64.self)
            let base = load(16, UInt64.self)
            let next = load(32, UInt64.self)
            guard length >= UInt64(SegmentHeader.size), length <= UInt64(Int64.max), base >= 1, next >= base else { return nil }
            return SegmentSeal(basePosition: base, length: Int64(length), nextPosition: next, checksum: load(40, UInt32.self))
        }
    }
}

extension SegmentFiles {
    /// Writes the seal of segment `seal.basePosition` durably: a temporary file, synced,
    /// renamed into place. The directory is not synced here: a seal lost in a crash only
    /// makes the next open check that segment record by record (and write the seal again).
    /// - Throws: ``LogError`` `.io`.
    package static func writeSeal(_ seal: SegmentSeal, directory: String, fileSystem fs: FileSystem) throws(LogError) {
        let name = SegmentName.seal(base: seal.basePosition)
        let temporary = directory + "/" + name + SegmentName.temporarySuffix
        try LogError.mapping("writing the seal", directory: directory, segment: SegmentName.segment(base: seal.basePosition)) {
            () throws(SystemCallError) in
            let fd = try fs.open(temporary, .createTruncate)
            defer { fs.close(fd) }
            try fs.writeAll(fd, seal.encoded(), at: 0, path: temporary)
            try fs.sync(fd, .full, temporary)
            try fs.rename(temporary, directory + "/" + name)
        }
    }

    /// The seal of segment `base` if its file is intact and names that segment (whether it
    /// matches the segment's bytes is for the caller to check).
    package static func loadSeal(base: UInt64, directory: String, fileSystem fs: FileSystem) -> SegmentSeal? {
        guard let bytes = try? fs.readFile(directory + "/" + SegmentName.seal(base: base)),
              let seal = SegmentSeal.decode(bytes), seal.basePosition == base else { return nil }
        return seal
    }
}
