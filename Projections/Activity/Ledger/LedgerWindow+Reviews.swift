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
        fact.wasFirst = CardHistoryRule.isFirstScheduled(isScheduled: fact.mode == .scheduled,
                                                         hasScheduledReview: entry.hasScheduledReview)
        if fact.wasFirst { entry.hasScheduledReview = true }
        append(LedgerReview(id: id, fact), to: &entry)
        return fact
    }

    /// Forgets the review with event id `review`, updating `entry`.
    /// - Returns: what it had counted, or nil (nothing changed) when ``CardHistoryRule`` ignores
    ///   the undo.
    mutating func forget(_ review: IDKey, entry: inout LedgerEntry) -> ReviewFact? {
        let header = entry
        guard let index = CardHistoryRule.reviewTakenBack(review, count: header.count, id: { self[$0, of: header].id },
                                                          isScheduled: { self[$0, of: header].isScheduled })
        else { return nil }
        let removed = remove(at: index, from: &entry)
        entry.hasScheduledReview = CardHistoryRule.hasScheduledReview(afterUndo: removed.wasFirst,
                                                                      had: entry.hasScheduledReview)
        return removed.fact
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
