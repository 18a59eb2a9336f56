import SystemSeam
extension LogWriter {
    /// Cuts the active segment back to `offset`, the end of the last batch written and synced
    /// without error, after a write or sync past it failed; returns `cause`, noting when the cut
    /// failed too.
    ///
    /// The batches past `offset` were never acknowledged (their append throws), so they must not
    /// stay in the file: a failed write leaves whatever part of the batch reached the disk (a
    /// full disk writes up to the last free block), and until the next open for writing cuts it,
    /// every reader (`export`, `tail`, `verify`, another process) would meet records of a batch
    /// whose caller was told it failed. The cut is synced; the writer stays failed either way
    /// (that sync only makes the cut durable: it is never taken to make earlier data durable).
    /// When the cut itself fails, the next open for writing cuts the incomplete batch (the
    /// recovery rule), and the note says so.
    /// - Complexity: one `ftruncate` and one sync.
    func discardFailedWrite(from offset: Int64, cause: LogError) -> LogError {
        let path = directory + "/" + segment.name
        segment.allocatedEnd = offset
        do {
            try fileSystem.truncate(segment.fd, offset, path)
            try fileSystem.sync(segment.fd, .data, path)
            return cause
        } catch {
            var noted = cause
            noted.message += " (cutting off the unacknowledged records also failed: \(error); the next open cuts them)"
            return noted
        }
    }
}
