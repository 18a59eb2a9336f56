import Events
import Projections

/// Every card's ``CardHistory`` in one dense array, found through a table of card ids: the
/// revlog export's two passes keep one per card of the log, and a dictionary of the histories
/// themselves held each in a bucket of a table at most three quarters full, up to twice the
/// cards in size (about 1 KB a card; here a history and a 20-byte index entry).
struct CardHistories {
    private var index: [CardID: Int32] = [:]
    private var histories: [CardHistory] = []

    /// No card yet.
    init() {}

    /// `card`'s history observes `event` (a new card's history starts empty).
    /// - Returns: what ``CardHistory/observe(_:decks:)`` returns.
    mutating func observe(_ event: RecordedEvent, of card: CardID, decks: DeckLifecycle) -> CardHistory.Outcome {
        let slot: Int
        if let known = index[card] {
            slot = Int(known)
        } else {
            slot = histories.count
            index[card] = Int32(slot)
            histories.append(CardHistory())
        }
        return histories[slot].observe(event, decks: decks)
    }
}
