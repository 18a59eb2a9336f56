import CPrefetch
import Events

/// One card's record in the ledger, as plain data: its header (``LedgerEntry``: owner, count,
/// ring start, first-scheduled flag) and its window of reviews side by side (136 bytes), so a
/// review reads and writes one record, and a batch fold can prefetch it whole.
package struct LedgerCard: Sendable, Equatable, BitwiseCopyable {
    /// The owner and the window's state.
    package var entry: LedgerEntry
    /// The card's last reviews.
    package var window: LedgerWindow

    /// A card owned by profile number `profile`, with no review yet.
    @inline(__always) package init(profile: UInt32) {
        entry = LedgerEntry(profile: profile)
        window = LedgerWindow()
    }

    /// A card with header `entry` and reviews `window`.
    @inline(__always) package init(entry: LedgerEntry, window: LedgerWindow) {
        self.entry = entry
        self.window = window
    }

    /// Remembers a review (`fact`, whose ``ReviewFact/wasFirst`` is decided here) with event id `id`.
    /// - Returns: the fact as counted.
    @inline(__always) mutating func remember(_ fact: ReviewFact, id: IDKey) -> ReviewFact {
        var fact = fact
        fact.wasFirst = fact.mode == .scheduled && !entry.hasScheduledReview
        if fact.wasFirst { entry.hasScheduledReview = true }
        window.append(LedgerReview(id: id, fact), to: &entry)
        return fact
    }

    /// Forgets the review with event id `review`.
    /// - Returns: what it had counted and the day of the review that became the card's first
    ///   scheduled one in its place, or nil (nothing changed) when it is not remembered.
    mutating func forget(_ review: IDKey) -> (removed: ReviewFact, newFirstDay: Int64?)? {
        guard let removed = window.remove(id: review, from: &entry) else { return nil }
        var newFirstDay: Int64?
        if removed.wasFirst {
            // Every review after the first is still remembered (the window keeps the newest),
            // so the earliest remaining scheduled one is exactly the new first.
            if let next = (0..<entry.count).first(where: { window[$0, of: entry].isScheduled }) {
                window[next, of: entry].wasFirst = true
                newFirstDay = window[next, of: entry].fact.day
            } else {
                entry.hasScheduledReview = false
            }
        }
        return (removed.fact, newFirstDay)
    }
}

extension UnsafePointer<LedgerCard> {
    /// Starts loading the record into the cache, for writing (a hint: it changes nothing): every
    /// cache line of its 136 bytes.
    @inline(__always) func prefetchRecord() {
        let raw = UnsafeRawPointer(self)
        hindsight_prefetch_for_write(raw)
        hindsight_prefetch_for_write(raw + 64)
        hindsight_prefetch_for_write(raw + 128)
        hindsight_prefetch_for_write(raw + (MemoryLayout<LedgerCard>.size - 1))
    }

    /// Starts loading the review slot the card's next review will be written to (a hint: it
    /// changes nothing). Reads the header: call it once the header's line is cached.
    @inline(__always) func prefetchNextReview() {
        let entry = pointee.entry
        let filled = entry.count
        let physical = (filled == LedgerWindow.capacity ? entry.start : entry.start + filled) & 3
        let review = UnsafeRawPointer(self) + MemoryLayout<LedgerCard>.offset(of: \.window)!
            + physical * MemoryLayout<LedgerReview>.stride
        hindsight_prefetch_for_write(review)
        hindsight_prefetch_for_write(review + (MemoryLayout<LedgerReview>.size - 1))
    }
}
