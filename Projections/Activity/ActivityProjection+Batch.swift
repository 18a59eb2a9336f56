import Events

// The batch fold: events read in place (no copy of each `RecordedEvent`), and a software
// pipeline that overlaps the ledger's cache misses across events. At event i it starts loading
// the index bucket of event i + 2D's card (a review's, an undo's, a creation's or a deletion's), looks up the slot of event i + D's card (its bucket
// now cached) and starts loading that card's record, then folds event i, whose bucket and record
// were asked for D and 2D events ago. D is ``ActivityProjection/prefetchDistance``.
//
// It folds exactly what the single-event fold does: both go through ``fold(_:lookahead:to:)``,
// and a looked-up slot is used only while the ledger's ``ReviewLedger/layout`` is unchanged.
extension ActivityProjection {
    /// Folds the events of `batch` after `checkpoint`, in order (never fails).
    /// - Complexity: O(n) folds for the n events after `checkpoint`.
    package func apply(_ batch: [RecordedEvent], after checkpoint: UInt64, to state: inout State) -> BatchOutcome {
        let distance = prefetchDistance
        var ring = [CardLookahead](repeating: .none, count: Self.ringSize)
        let last = batch.withUnsafeBufferPointer { events -> UInt64 in
            ring.withUnsafeMutableBufferPointer { ring -> UInt64 in
                guard let base = events.baseAddress else { return checkpoint }
                let count = events.count, mask = Self.ringSize - 1
                for ahead in 0..<min(2 * distance, count) {
                    if let card = Self.indexedCard(of: base + ahead) { state.ledger.prefetchBucket(of: card) }
                }
                for ahead in 0..<min(distance, count) {
                    if let card = Self.card(of: base + ahead) { ring[ahead & mask] = state.ledger.lookAhead(card) }
                }
                var last = checkpoint
                for index in 0..<count {
                    let far = index + 2 * distance, near = index + distance
                    if far < count, let card = Self.indexedCard(of: base + far) { state.ledger.prefetchBucket(of: card) }
                    if near < count, let card = Self.card(of: base + near) { ring[near & mask] = state.ledger.lookAhead(card) }
                    let event = base + index
                    let position = event.pointee.position
                    guard position > checkpoint else { continue }
                    fold(event, lookahead: ring[index & mask], to: &state)
                    last = position
                }
                return last
            }
        }
        return BatchOutcome(lastApplied: last, failure: nil)
    }

    /// The ring of look-ups in flight: a power of two above the largest distance.
    static let ringSize = 64
    /// The largest ``prefetchDistance``.
    package static let maximumPrefetchDistance = ringSize / 2 - 1

    /// The card whose index bucket an event reads: the card a review, an undo, a creation or a
    /// deletion names (nil for other events).
    @inline(__always) static func indexedCard(of event: UnsafePointer<RecordedEvent>) -> CardID? {
        switch event.pointee.event {
        case .reviewGraded(let review): review.card
        case .reviewUndone(let undone): undone.card
        case .cardCreated(let created): created.card
        case .cardDeleted(let deleted): deleted.card
        default: nil
        }
    }

    /// The card a review or an undo names (nil for other events).
    @inline(__always) static func card(of event: UnsafePointer<RecordedEvent>) -> CardID? {
        switch event.pointee.event {
        case .reviewGraded(let review): review.card
        case .reviewUndone(let undone): undone.card
        default: nil
        }
    }
}

/// A card's slot as the batch fold's look-ahead found it, and the ledger ``ReviewLedger/layout``
/// it was found under: good while the layout is the same.
package struct CardLookahead: Sendable, BitwiseCopyable {
    /// The slot, or -1 when the card was not found (or not looked up).
    package var slot: Int32
    /// The ledger's layout at the look-up.
    package var layout: UInt

    /// Nothing looked up.
    package static let none = CardLookahead(slot: -1, layout: 0)

    @inline(__always) package init(slot: Int32, layout: UInt) {
        self.slot = slot
        self.layout = layout
    }
}
