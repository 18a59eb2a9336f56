/// The one rule that tells a torn tail from damage where a scan of the **last** segment stops
/// before the end of its file: if a valid record of a later position follows the stop anywhere
/// in the file, the bytes at the stop are damage (records were written after them); otherwise
/// the tail is torn (a crash or a write in progress), and everything after the last complete
/// batch is not part of the log yet.
///
/// Writer recovery (``LastSegmentCheck``), directory readers (``LogReader``) and
/// ``LogVerifier`` all judge the stop by this rule, so they never disagree about where the
/// log ends.
package enum TornTailRule {
    /// True when a valid record of a position after `end.nextPosition - 1` lies anywhere after
    /// the stop `end` in the file `fd` (of `fileSize` bytes): the stop is damage, not a torn tail.
    /// - Throws: ``SystemCallError`` from reads.
    /// - Complexity: O(bytes after the stop); used only where a scan stopped early.
    package static func validRecordFollows(_ end: ScanEnd, fd: Int32, path: String, fileSize: Int64, buffer: ReadBuffer,
                                           fileSystem: FileSystem) throws(SystemCallError) -> Bool {
        try SegmentScanner.findValidFrame(fd: fd, path: path, fileSize: fileSize, after: end.offset,
                                          positions: end.nextPosition...(end.nextPosition &+ (1 << 40)),
                                          buffer: buffer, fileSystem: fileSystem) != nil
    }

    /// Why the bytes after the last complete batch are not part of the log, in words for
    /// ``TornTail/reason`` and error messages: `incompleteRecords` whole records of a batch
    /// that never got its last record, and where the scan stopped.
    package static func explain(incompleteRecords: Int, stop: ScanEnd.Reason) -> String {
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
