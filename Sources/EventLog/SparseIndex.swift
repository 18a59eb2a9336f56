/// A segment's sparse index (position -> byte offset of its frame), kept in
/// `<base>.idx` beside the segment. It is only a cache: every entry is checked against the
/// segment before it is used, and a missing, damaged or stale index is rebuilt.
///
/// File layout (version 1, little-endian):
/// ```
/// 8 bytes magic "HSLOGIDX" | u32 version | u32 entry count | u64 base position
/// | u64 covered segment length | (u64 position, u64 offset) * count | u32 crc32c of all before
/// ```
package struct SparseIndex: Equatable, Sendable {
    /// Bytes of records between two entries.
    package static let interval: Int64 = 64 * 1024
    static let magic: [UInt8] = Array("HSLOGIDX".utf8)
    static let version: UInt32 = 1

    /// The segment's base position.
    package var basePosition: UInt64
    /// The length of the segment prefix the entries describe.
    package var coveredLength: Int64
    /// Entries in ascending order of position (and offset).
    package private(set) var entries: [Entry] = []
    private var lastEntryOffset: Int64 = -interval

    /// One entry: the frame of `position` starts at `offset`.
    package struct Entry: Equatable, Sendable {
        package var position: UInt64
        package var offset: Int64
    }

    /// An empty index of the segment starting at `basePosition`.
    package init(basePosition: UInt64) {
        self.basePosition = basePosition
        coveredLength = Int64(SegmentHeader.size)
    }

    /// Notes a record at `offset`, adding an entry when the last one is an interval behind.
    @inline(__always)
    package mutating func note(position: UInt64, offset: Int64) {
        if offset - lastEntryOffset >= SparseIndex.interval {
            entries.append(Entry(position: position, offset: offset))
            lastEntryOffset = offset
        }
    }

    /// Appends the entries of `other`, an index of the same segment that holds these entries and
    /// possibly more, past the ones this index holds; when `other` holds fewer (it was cut back),
    /// takes its entries. The entries are copied into this index's own array.
    /// - Complexity: O(new entries).
    package mutating func catchUp(with other: SparseIndex) {
        if other.entries.count < entries.count { entries.removeAll(keepingCapacity: true) }
        entries.append(contentsOf: other.entries[entries.count...])
        lastEntryOffset = other.lastEntryOffset
        coveredLength = other.coveredLength
    }

    /// The last entry at or before `position`, if any.
    /// - Complexity: O(log n).
    package func entry(atOrBefore position: UInt64) -> Entry? {
        var low = 0, high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].position <= position { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? nil : entries[low - 1]
    }

    /// The file's bytes.
    package func encoded() -> [UInt8] {
        var bytes = SparseIndex.magic
        func put<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        put(SparseIndex.version)
        put(UInt32(entries.count))
        put(basePosition)
        put(UInt64(coveredLength))
        for entry in entries {
            put(entry.position)
            put(UInt64(entry.offset))
        }
        put(bytes.withUnsafeBytes { CRC32C.extend(0, $0) })
        return bytes
    }

    /// Decodes an index file, or nil when it is damaged, of another version, or malformed.
    package static func decode(_ bytes: [UInt8]) -> SparseIndex? {
        guard bytes.count >= 36, Array(bytes[0..<8]) == magic else { return nil }
        return bytes.withUnsafeBytes { raw -> SparseIndex? in
            func load<T: FixedWidthInteger>(_ offset: Int, _: T.Type) -> T {
                T(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: T.self))
            }
            guard load(8, UInt32.self) == version else { return nil }
            let count = Int(load(12, UInt32.self))
            guard bytes.count == 32 + count * 16 + 4 else { return nil }
            let crc = CRC32C.extend(0, UnsafeRawBufferPointer(rebasing: raw[0..<(bytes.count - 4)]))
            guard crc == load(bytes.count - 4, UInt32.self) else { return nil }
            var index = SparseIndex(basePosition: load(16, UInt64.self))
            // A length or offset beyond Int64.max is damage (a checksum can match by chance or by hand).
            guard let covered = Int64(exactly: load(24, UInt64.self)) else { return nil }
            index.coveredLength = covered
            for i in 0..<count {
                guard let offset = Int64(exactly: load(40 + i * 16, UInt64.self)) else { return nil }
                let entry = Entry(position: load(32 + i * 16, UInt64.self), offset: offset)
                if let last = index.entries.last, entry.position <= last.position || entry.offset <= last.offset { return nil }
                index.entries.append(entry)
            }
            index.lastEntryOffset = index.entries.last?.offset ?? -interval
            return index
        }
    }
}
