import Synchronization

/// Where a reader that reads a log forward in consecutive calls stopped, kept between the calls
/// with the buffer it read into and the mapping of the sealed segment it was reading: the next
/// call that starts right there resumes without seeking (no directory listing, no index load, no
/// scan to validate an index entry), without a fresh buffer (no page faults on new memory),
/// without mapping the segment again, and, for a reader without a writer, without looking ahead
/// again over the last segment's batches already found complete: chunked reads of a long last
/// segment stay linear in its size. A call that starts anywhere else seeks as usual (and keeps
/// the mapping only when it lands in the same segment).
///
/// The mapping (a ``SegmentMapping``) is released when a read moves to another segment, when a
/// read through the place throws, and when the place is dropped. It stays valid over a roll, a
/// writer's `close` and a reopen: sealed segments never shrink (see ``SegmentMapping`` for the
/// one rule: a sealed segment must never be shortened while a place maps it).
///
/// Safe to share between tasks: a call takes the saved place out while it reads and puts its own
/// back after, so concurrent calls never share a buffer (the one that finds none seeks). A place
/// belongs to one log; pass it only to readers of that log.
package final class LogReadPlace: Sendable {
    private struct Saved: @unchecked Sendable {
        // @unchecked: the buffer is only ever used by the call that took it out of the mutex.
        var cursor: ReadCursor
        var buffer: ReadBuffer
        var access: SegmentAccess
    }

    private let saved = Mutex<Saved?>(nil)

    /// No place yet: the first read seeks.
    package init() {}

    /// The saved cursor, buffer and segment access, taken out, when the saved cursor stands at
    /// `position`; otherwise a nil cursor (and the saved buffer and access are still handed out
    /// for reuse: the read uses the mapping only if it reads that segment).
    fileprivate func take(at position: UInt64) -> (cursor: ReadCursor?, buffer: ReadBuffer?, access: SegmentAccess) {
        guard let taken = saved.withLock({ saved -> Saved? in
            defer { saved = nil }
            return saved
        }) else { return (nil, nil, .undecided) }
        return (taken.cursor.position == position ? taken.cursor : nil, taken.buffer, taken.access)
    }

    /// Saves where a read stopped.
    fileprivate func keep(_ cursor: ReadCursor, buffer: ReadBuffer, access: SegmentAccess) {
        let value = Saved(cursor: cursor, buffer: buffer, access: access)
        saved.withLock { $0 = value }
    }

    /// The base of the segment the place holds mapped, if any (tests).
    package var mappedSegmentBase: UInt64? { saved.withLock { $0?.access.mapping?.base } }
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
        var (resumed, reused, access) = place.take(at: position)
        let buffer = reused ?? ReadBuffer()
        guard var cursor = try resumed ?? seek(to: position, buffer: buffer) else { return }
        _ = try read(from: &cursor, through: lastPosition, buffer: buffer, access: &access) { record in
            guard record.position >= position else { return true }
            return try body(record.position, record.payload, record.flags & RecordFrame.endOfBatch != 0)
        }
        place.keep(cursor, buffer: buffer, access: access)
    }
}
