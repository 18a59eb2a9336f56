import SystemSeam
/// The one rule that tells a torn tail from damage where a scan of the **last** segment stops
/// before the end of its file:
///
/// 1. If no valid record of a later position follows the stop anywhere in the file, the tail is
///    torn (a crash or a write in progress): everything after the last complete batch is not
///    part of the log yet.
/// 2. If one follows, but a sector (512 bytes, aligned in the file) of the invalid frame at the
///    stop reads as zeros (from the frame's start on, for the sector it starts in), the tail is
///    torn too: a power loss during a write that was never
///    synced, whose sectors reached the disk in another order (a later sector written, an earlier
///    one not). The writer never writes a zero sector inside a frame header, and bytes it has
///    synced never read back as an unwritten sector from a disk that honours its syncs; so the
///    bytes from the stop on were never acknowledged (etcd's WAL tells torn writes the same way).
/// 3. Otherwise the bytes at the stop are **damage**: records were written and synced after them.
///
/// Writer recovery (``LastSegmentCheck``), directory readers (``LogReader``) and
/// ``LogVerifier`` all judge the stop by this rule, so they never disagree about where the
/// log ends. What rule 2 costs on a disk that lies about syncs (a synced sector lost): the
/// records after it are cut as unacknowledged, and verify says so before the next open.
package enum TornTailRule {
    /// The sector size rule 2 looks at.
    package static let sectorSize: Int64 = 512

    /// How a stop is judged.
    package enum Judgement: Equatable, Sendable {
        /// No valid record follows: an ordinary torn tail.
        case tornTail
        /// Valid records follow, but the frame at the stop has a sector that was never written
        /// (a power loss during an unsynced write): those records are cut too.
        case tornWrite
        /// Valid records follow an invalid one: damage.
        case damage
    }

    /// Judges the stop `end` of a scan of the last segment `fd` (of `fileSize` bytes).
    /// - Throws: ``SystemCallError`` from reads.
    /// - Complexity: O(bytes after the stop); used only where a scan stopped early.
    package static func judge(_ end: ScanEnd, fd: Int32, path: String, fileSize: Int64, buffer: ReadBuffer,
                              fileSystem: FileSystem) throws(SystemCallError) -> Judgement {
        guard try validRecordFollows(end, fd: fd, path: path, fileSize: fileSize, buffer: buffer, fileSystem: fileSystem) else {
            return .tornTail
        }
        return try hasUnwrittenSector(at: end.offset, fd: fd, path: path, fileSize: fileSize, fileSystem: fileSystem)
            ? .tornWrite : .damage
    }

    /// True when a valid record of a position after `end.nextPosition - 1` lies anywhere after
    /// the stop `end` in the file `fd` (of `fileSize` bytes).
    /// - Throws: ``SystemCallError`` from reads.
    package static func validRecordFollows(_ end: ScanEnd, fd: Int32, path: String, fileSize: Int64, buffer: ReadBuffer,
                                           fileSystem: FileSystem) throws(SystemCallError) -> Bool {
        try SegmentScanner.findValidFrame(fd: fd, path: path, fileSize: fileSize, after: end.offset,
                                          positions: end.nextPosition...(end.nextPosition &+ (1 << 40)),
                                          buffer: buffer, fileSystem: fileSystem) != nil
    }

    /// True when a sector overlapping the frame at `offset` (its extent as its length field says,
    /// or its header alone when that length is implausible) reads as zeros from the frame's start
    /// on: the rest of the sector the frame starts in (a zero-filled header is never written),
    /// each later sector whole, the last sector of the file up to the file's end.
    /// - Throws: ``SystemCallError`` from reads.
    static func hasUnwrittenSector(at offset: Int64, fd: Int32, path: String, fileSize: Int64,
                                   fileSystem: FileSystem) throws(SystemCallError) -> Bool {
        var header = [UInt8](repeating: 0, count: RecordFrame.headerSize)
        let got = try header.withUnsafeMutableBytes { raw in
            Result { () throws(SystemCallError) in try fileSystem.readFully(fd, into: raw, at: offset, path: path) }
        }.get()
        var frameEnd = min(fileSize, offset + Int64(RecordFrame.headerSize))
        if got == RecordFrame.headerSize {
            let length = header.withUnsafeBytes { Int64(UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: 4, as: UInt32.self))) }
            if length <= Int64(RecordFrame.maxPayload) { frameEnd = min(fileSize, offset + Int64(RecordFrame.headerSize) + length) }
        }
        var sector = [UInt8](repeating: 0, count: Int(sectorSize))
        // Each sector the frame overlaps, from the frame's start on (the first sector's bytes
        // before the frame belong to the records before it, written earlier).
        var start = offset
        while start < frameEnd {
            let sectorEnd = min(fileSize, start - start % sectorSize + sectorSize)
            let count = Int(sectorEnd - start)
            let read = try sector.withUnsafeMutableBytes { raw in
                Result { () throws(SystemCallError) in
                    try fileSystem.readFully(fd, into: UnsafeMutableRawBufferPointer(rebasing: raw[0..<count]), at: start, path: path)
                }
            }.get()
            if count > 0 && read == count && sector[0..<count].allSatisfy({ $0 == 0 }) { return true }
            start = sectorEnd
        }
        return false
    }

    /// Why the bytes after the last complete batch are not part of the log, in words for
    /// ``TornTail/reason`` and error messages: `incompleteRecords` whole records of a batch
    /// that never got its last record, and where the scan stopped.
    package static func explain(incompleteRecords: Int, stop: ScanEnd.Reason, judgement: Judgement = .tornTail) -> String {
        if judgement == .tornWrite {
            return "a write torn by a power loss: sectors of it were never written (they read as zeros), so it and the records after it were never acknowledged"
        }
        if incompleteRecords > 0 {
            return "a batch that was never completed: the writer stopped mid-append; its records were never acknowledged"
        }
        switch stop {
        case .truncated:
            return "a record cut short: the writer stopped mid-write; it was never acknowledged"
        case .invalid(let why) where why.hasPrefix("no record"):
            return "zero-filled space the writer reserved ahead of its records (no record is lost)"
        case .invalid(let why):
            return "a record that was never completed (\(why)): the writer stopped mid-write; it was never acknowledged"
        default:
            return "bytes after the last complete batch"
        }
    }
}
