import Events

extension VocabularyState {
    /// What to cram in `deck` at `time` (reviews sent with `ReviewMode.cram`, which never change a
    /// schedule): every card of the deck that is neither gone, suspended nor buried that local
    /// day, due or not. Reviewed cards come first, soonest due first (the most overdue, the
    /// likeliest forgotten, lead), then new cards in creation order; ties by creation order.
    /// At most `limit` cards; empty for an unknown deck.
    /// - Complexity: O(k log k) for the deck's k cards.
    public func cramQueue(deck: DeckID, at time: EventTime, limit: Int) -> [CardSummary] {
        guard limit > 0, let deckSlot = decks.slot(of: deck) else { return [] }
        let members = decks.members[Int(deckSlot)]
        var reviewed: [(dueMs: Int64, slot: Int32)] = [], new: [Int32] = []
        for slot in members where isIndexed(Int(slot)) && !isBuried(slot, at: time) {
            let state = cards.hot[Int(slot)].state
            if state.isPresent { reviewed.append((state.dueMs, slot)) } else { new.append(slot) }
        }
        let ordered = reviewed.sorted { ($0.dueMs, $0.slot) < ($1.dueMs, $1.slot) }.map(\.slot) + new.sorted()
        return ordered.prefix(limit).map(summary)
    }

    /// True when the card at `slot` is buried on the local day of `time` (its owner's day).
    /// - Complexity: O(1).
    func isBuried(_ slot: Int32, at time: EventTime) -> Bool {
        guard let day = buriedDays[Int(slot)] else { return false }
        return day == calendar.day(of: time, profile: profiles.ids[Int(cards.hot[Int(slot)].profile)])
    }
}
