import SystemSeam
/// One pass of CRC32C over a stretch of a segment file, reading it through memory-mapped
/// windows (no copy out of the page cache), or through ``FileSystem/read`` when the file
/// system cannot map it. Windows are mapped one at a time, so memory use stays bounded
/// whatever the segment's size.
package enum SegmentDigest {
    /// Bytes checksummed per mapped window.
    static let window = 4 << 20
    /// Mappings start at multiples of this (a multiple of every platform's page size).
    static let alignment: Int64 = 64 << 10

    /// What one pass found.
    package struct Result: Equatable, Sendable {
        /// CRC32C of the stretch, extended from the value passed in.
        package var checksum: UInt32
        /// For each probe offset, the little-endian u64 stored 8 bytes after it (where a
        /// record frame keeps its position).
        package var probed: [UInt64]
    }

    /// Checksums bytes `range` of the file `fd` (of which `range` must lie inside),
    /// extending `crc`, and reads the position field of a frame at each of `probes`
    /// (ascending offsets with `offset + 16 <= range.upperBound`), mapping `window` bytes at
    /// a time.
    /// - Throws: ``SystemCallError`` from a read (a failed mapping falls back to reads).
    /// - Complexity: O(bytes in `range`), one mapping per 4 MiB.
    package static func checksum(fd: Int32, path: String, range: Range<Int64>, extending crc: UInt32 = 0,
                                 probes: [Int64] = [], window: Int = SegmentDigest.window, buffer: ReadBuffer,
                                 fileSystem fs: FileSystem) throws(SystemCallError) -> Result {
        var result = Result(checksum: crc, probed: [])
        result.probed.reserveCapacity(probes.count)
        var nextProbe = 0
        var mapping = true
        var start = range.lowerBound
        while start < range.upperBound {
            let end = min(start + Int64(max(window, 4096)), range.upperBound)
            // Extra bytes past `end` let a probe near the window's end read its field whole.
            let reach = min(end + 16, range.upperBound)
            let from = start - start % alignment
            var bytes = UnsafeRawBufferPointer(start: nil, count: 0)
            var mapped = false
            if mapping {
                do {
                    bytes = try fs.map(fd, from, Int(reach - from), path)
                    mapped = true
                } catch {
                    mapping = false
                }
            }
            if !mapped {
                let count = Int(reach - from)
                buffer.reserve(count, keeping: 0)
                let got = try fs.readFully(fd, into: UnsafeMutableRawBufferPointer(start: buffer.pointer, count: count),
                                           at: from, path: path)
                guard got == count else { throw SystemCallError(call: "pread", path: path, errno: 5) }
                bytes = UnsafeRawBufferPointer(start: buffer.pointer, count: count)
            }
            let base = bytes.baseAddress!
            result.checksum = CRC32C.extend(result.checksum, UnsafeRawBufferPointer(start: base + Int(start - from),
                                                                                   count: Int(end - start)))
            while nextProbe < probes.count && probes[nextProbe] < end {
                let offset = Int(probes[nextProbe] - from)
                result.probed.append(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)))
                nextProbe += 1
            }
            if mapped { fs.unmap(bytes) }
            start = end
        }
        return result
    }
}
