import CPrefetch
import Events

// What a card's window does with a review: remember it, forget it on an undo. The window's
// state (count, ring start, first-scheduled flag) lives in the card's ``LedgerEntry``, kept
// beside the card's key in ``LedgerBuckets``.
extension LedgerWindow {
    /// Remembers a review (`fact`, whose ``ReviewFact/wasFirst`` is decided here) with event id
    /// `id`, updating `entry`.
    /// - Returns: the fact as counted.
    @inline(__always) mutating func remember(_ fact: ReviewFact, id: IDKey, entry: inout LedgerEntry) -> ReviewFact {
        var fact = fact
        fact.wasFirst = fact.mode == .scheduled && !entry.hasScheduledReview
        if fact.wasFirst { entry.hasScheduledReview = true }
        append(LedgerReview(id: id, fact), to: &entry)
        return fact
    }

    /// Forgets the review with event id `review`, updating `entry`.
    /// - Returns: what it had counted and the day of the review that became the card's first
    ///   scheduled one in its place, or nil (nothing changed) when it is not remembered.
    mutating func forget(_ review: IDKey, entry: inout LedgerEntry) -> (removed: ReviewFact, newFirstDay: Int64?)? {
        guard let removed = remove(id: review, from: &entry) else { return nil }
        var newFirstDay: Int64?
        if removed.wasFirst {
            // Every review after the first is still remembered (the window keeps the newest),
            // so the earliest remaining scheduled one is exactly the new first.
            if let next = (0..<entry.count).first(where: { self[$0, of: entry].isScheduled }) {
                self[next, of: entry].wasFirst = true
                newFirstDay = self[next, of: entry].fact.day
            } else {
                entry.hasScheduledReview = false
            }
        }
        return (removed.fact, newFirstDay)
    }
}

extension UnsafePointer<LedgerWindow> {
    /// Starts loading the whole window (all of its cache lines) for writing (a hint: it
    /// changes nothing): what an undo reads.
    @inline(__always) func prefetchWindow() {
        for line in stride(from: 0, to: MemoryLayout<LedgerWindow>.size, by: 64) {
            hindsight_prefetch_for_write(UnsafeRawPointer(self) + line)
        }
    }

    /// Starts loading the review slot that the next review of a card whose header is `entry`
    /// will write (a hint: it changes nothing). The slot is 32 bytes of 64-byte-aligned
    /// memory: one line.
    @inline(__always) func prefetchNextReview(of entry: LedgerEntry) {
        let filled = entry.count
        let physical = LedgerWindow.slot(filled == LedgerWindow.capacity ? entry.start : entry.start + filled)
        hindsight_prefetch_for_write(UnsafeRawPointer(self) + physical * MemoryLayout<LedgerReview>.stride)
    }
}
