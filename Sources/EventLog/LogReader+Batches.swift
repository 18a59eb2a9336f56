extension LogReader {
    /// Calls `body` with each record from `position` through `lastPosition` with its
    /// end-of-batch flag, in order, without copying (the payload is valid only during the
    /// call); `body` returns false to stop. Lets a consumer stop only at batch boundaries, so
    /// that it never shows half of an atomic batch.
    /// - Throws: as ``forEach(from:through:_:)``.
    package func forEachRecord(from position: UInt64, through lastPosition: UInt64 = .max,
                               _ body: (_ position: UInt64, _ payload: UnsafeRawBufferPointer, _ endsBatch: Bool) throws -> Bool) throws {
        try forEachRecord(from: position, through: lastPosition, resuming: LogReadPlace(), body)
    }
}

extension LogWriter {
    /// Returns once the log's published tail is beyond `position`, the writer closed, or the
    /// calling task is cancelled.
    package nonisolated func waitForAppends(beyond position: UInt64) async {
        await tail.wait(beyond: position)
    }
}
