import Events

// What the store's command validation asks of a card's history (``CardHistoryRule``): the
// review its undo command takes back, and the instant a new review may not precede. The undo
// ring remembers exactly the reviews the rule keeps (``UndoRing``), so the store reads them here
// rather than keep a trail of its own.
extension VocabularyState {
    /// The review the store's undo command takes back for `card`
    /// (``CardHistoryRule/reviewToUndo(count:)``): its latest remembered review; nil when the
    /// card is unknown or has none left to undo.
    /// - Complexity: O(1), or O(n) for n cards while a restored snapshot's undo entries are
    ///   still encoded (the card's entries are then found by the counts of the cards before it).
    package func reviewToUndo(of card: CardID) -> EventID? {
        guard let slot = cards.slot(of: IDKey(card)) else { return nil }
        guard let place = CardHistoryRule.reviewToUndo(count: Int(cards.hot[Int(slot)].ring.count)) else { return nil }
        return EventID(cards.recentReview(slot, at: place).review.uuid)
    }

    /// The instant (ms since the epoch) of `card`'s latest counted review not undone, or of the
    /// newest one it forgot (``CardHistoryRule``): a new review may not be dated before it; nil
    /// when the card is unknown or has neither.
    /// - Complexity: O(1), or O(n) while a restored snapshot's undo entries are still encoded.
    package func lastReviewInstantMs(of card: CardID) -> Int64? {
        guard let slot = cards.slot(of: IDKey(card)) else { return nil }
        return cards.lastReviewInstantMs(slot)
    }
}
