import SystemSeam
/// Where the complete batches of a last segment end, as a directory reader sees them.
struct CompleteBatches {
    /// The last position of the last complete batch at or after the cursor the look started
    /// from (the cursor's position - 1 when none is complete yet).
    var lastPosition: UInt64
    /// True when the file ends right after that batch: nothing torn, nothing incomplete, no
    /// zero-filled space (the segment may still grow, or have been sealed).
    var endsTheFile: Bool
    /// Damage met after the cursor (an invalid record that valid records follow): the records
    /// before it may be handed out, then this is thrown.
    var damage: LogError?
}

extension LogReader {
    /// Looks ahead in segment `name` from `cursor` (a record boundary of the segment) for the
    /// end of its last complete batch: a directory reader (one without a writer's published
    /// tail) hands out records only up to there, so it never shows a batch whose end-of-batch
    /// record was never written (an append killed mid-write, which the next writer open cuts).
    ///
    /// Where the scan stops before the file's end, ``TornTailRule`` judges the stop: a valid
    /// record of a later position after it makes it damage. A writer in another process may be
    /// writing right there, so the record at the stop is read once more before it is called
    /// damage: a record completed meanwhile was a write in progress, and the look goes on.
    /// - Returns: where the complete batches end, and the damage (a `.corruptRecord` error
    ///   naming segment, offset and position) if any was met.
    /// - Throws: ``LogError`` `.io` when a read fails.
    /// - Complexity: O(bytes from the cursor to the end of the file): the last segment's records
    ///   are checked once ahead of being handed out.
    func completeBatches(from cursor: ReadCursor, name: String, buffer: ReadBuffer) throws(LogError) -> CompleteBatches {
        let path = directory + "/" + name
        let fileSystem = self.fileSystem
        let directory = self.directory
        return try LogError.mapping("reading", directory: directory, segment: name) { () throws(SystemCallError) -> CompleteBatches in
            let fd = try fileSystem.open(path, .readOnly)
            defer { fileSystem.close(fd) }
            var from = (offset: cursor.offset, position: cursor.position)
            var lastComplete = cursor.position &- 1
            while true {
                let size = try fileSystem.size(fd, path)
                let end = try Self.scanChecked(fd: fd, path: path, size: size, from: from.offset, expecting: from.position,
                                               buffer: buffer, fileSystem: fileSystem)
                if end.batchEndPosition &+ 1 > from.position { lastComplete = end.batchEndPosition }
                if end.reason == .endOfFile {
                    return CompleteBatches(lastPosition: lastComplete, endsTheFile: lastComplete == end.nextPosition &- 1)
                }
                guard try TornTailRule.judge(end, fd: fd, path: path, fileSize: size, buffer: buffer,
                                             fileSystem: fileSystem) == .damage else {
                    return CompleteBatches(lastPosition: lastComplete, endsTheFile: false)
                }
                // A later record is valid: damage, unless the record at the stop was being written.
                let again = try Self.scanChecked(fd: fd, path: path, size: try fileSystem.size(fd, path), from: end.offset,
                                                 expecting: end.nextPosition, through: end.nextPosition, buffer: buffer,
                                                 fileSystem: fileSystem)
                guard again.reason == .limitReached else {
                    let damage = RecordCheck.damage(end, name: name, directory: directory,
                                                    detail: "the last segment (valid records follow it)")
                    return CompleteBatches(lastPosition: lastComplete, endsTheFile: false, damage: damage)
                }
                from = (end.offset, end.nextPosition)
            }
        }
    }

    /// A scan that hands nothing out (it only finds where the records stop).
    private static func scanChecked(fd: Int32, path: String, size: Int64, from offset: Int64, expecting position: UInt64,
                                    through last: UInt64 = .max, buffer: ReadBuffer,
                                    fileSystem: FileSystem) throws(SystemCallError) -> ScanEnd {
        do {
            return try SegmentScanner.scan(fd: fd, path: path, fileSize: size, from: offset, expecting: position, through: last,
                                           buffer: buffer, fileSystem: fileSystem) { _ in true }
        } catch let error as SystemCallError {
            throw error
        } catch {
            preconditionFailure("a scan whose body never throws threw \(error)")
        }
    }
}
