import Synchronization

/// Where a reader that reads a log forward in consecutive calls stopped, kept between the calls
/// with the buffer it read into: the next call that starts right there resumes without seeking
/// (no directory listing, no index load, no scan to validate an index entry) and without a fresh
/// buffer (no page faults on new memory). A call that starts anywhere else seeks as usual.
///
/// Safe to share between tasks: a call takes the saved place out while it reads and puts its own
/// back after, so concurrent calls never share a buffer (the one that finds none seeks). A place
/// belongs to one log; pass it only to readers of that log.
package final class LogReadPlace: Sendable {
    private struct Saved: @unchecked Sendable {
        // @unchecked: the buffer is only ever used by the call that took it out of the mutex.
        var cursor: ReadCursor
        var buffer: ReadBuffer
    }

    private let saved = Mutex<Saved?>(nil)

    /// No place yet: the first read seeks.
    package init() {}

    /// The saved cursor and buffer, taken out, when the saved cursor stands at `position`;
    /// otherwise nil (and a saved buffer is still handed out for reuse).
    fileprivate func take(at position: UInt64) -> (cursor: ReadCursor?, buffer: ReadBuffer?) {
        guard let taken = saved.withLock({ saved -> Saved? in
            defer { saved = nil }
            return saved
        }) else { return (nil, nil) }
        return (taken.cursor.position == position ? taken.cursor : nil, taken.buffer)
    }

    /// Saves where a read stopped.
    fileprivate func keep(_ cursor: ReadCursor, buffer: ReadBuffer) {
        let value = Saved(cursor: cursor, buffer: buffer)
        saved.withLock { $0 = value }
    }
}

extension LogReader {
    /// ``forEachRecord(from:through:_:)`` resuming from `place` when the previous read through it
    /// stopped right before `position`, and saving where this one stops. A read that throws
    /// saves nothing (the next one seeks).
    /// - Throws: as ``forEachRecord(from:through:_:)``.
    package func forEachRecord(from position: UInt64, through lastPosition: UInt64 = .max, resuming place: LogReadPlace,
                               _ body: (_ position: UInt64, _ payload: UnsafeRawBufferPointer, _ endsBatch: Bool) throws -> Bool) throws {
        guard position >= 1 else {
            throw LogError(.invalidPosition, "positions start at 1", directory: directory, position: position)
        }
        let (resumed, reused) = place.take(at: position)
        let buffer = reused ?? ReadBuffer()
        guard var cursor = try resumed ?? seek(to: position, buffer: buffer) else { return }
        _ = try read(from: &cursor, through: lastPosition, buffer: buffer) { record in
            guard record.position >= position else { return true }
            return try body(record.position, record.payload, record.flags & RecordFrame.endOfBatch != 0)
        }
        place.keep(cursor, buffer: buffer)
    }
}
