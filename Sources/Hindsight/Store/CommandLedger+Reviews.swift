import Events
import Projections

// The command ledger's review trail: each card's history as ``CardHistoryRule`` decides it,
// so that the store undoes the review every read model would take back and checks a new
// review's time against the reviews they count.
extension CommandLedger {
    /// Folds an event of a card's history (creation, move, deletion, review, undo, change by hand)
    /// or a deck's
    /// creation or deletion.
    /// - Complexity: O(``CardHistoryRule/undoDepth``).
    mutating func observeCardHistory(_ event: RecordedEvent) {
        CardHistory.observeDecks(event, into: &decks)
        guard let card = CardHistory.card(of: event) else { return }
        _ = cardHistories[card, default: CardHistory()].observe(event, decks: decks)
    }

    /// The review an undo of `card`'s latest review takes back (``CardHistoryRule/reviewToUndo(count:)``);
    /// nil when none is left to undo.
    func reviewToUndo(of card: CardID) -> EventID? { cardHistories[card]?.reviewToUndo }

    /// The instant (ms since the epoch) of `card`'s latest counted review, if any: a new review
    /// may not be dated before it.
    func lastReviewInstantMs(of card: CardID) -> Int64? { cardHistories[card]?.lastInstantMs }

    /// Reads what ``encodeCardHistories(to:)`` writes.
    /// - Throws: ``EventDecodingError`` for malformed bytes or a deck deleted but never created.
    mutating func decodeCardHistories(from reader: inout BinaryReader) throws(EventDecodingError) {
        cardHistories = try [CardID: CardHistory](readingPairs: &reader) { reader throws(EventDecodingError) in
            (try CardID(from: &reader), try CardHistory(from: &reader))
        }
        let created = try [IDKey](from: &reader), deleted = try [IDKey](from: &reader)
        guard let restored = DeckLifecycle.restored(created: Set(created), deleted: Set(deleted)) else {
            throw reader.error(.invalidValue, "a deck is deleted but was never created")
        }
        decks = restored
    }

    /// Writes the card histories in card order, then the decks created and the decks deleted,
    /// each in id order.
    func encodeCardHistories(to writer: inout BinaryWriter) {
        cardHistories.writeInKeyOrder(to: &writer) { card, history, writer in
            card.encode(to: &writer)
            history.encode(to: &writer)
        }
        decks.created.sorted().encode(to: &writer)
        decks.deleted.sorted().encode(to: &writer)
    }
}

extension CardHistory: BinaryCodable {
    init(from reader: inout BinaryReader) throws(EventDecodingError) {
        let owner = try ProfileID?(from: &reader)
        let isGone = try Bool(from: &reader)
        let deck = try IDKey?(from: &reader)
        let window = try [Review](from: &reader)
        guard window.count <= CardHistoryRule.undoDepth else {
            throw reader.error(.invalidValue, "a card remembers \(window.count) reviews, more than \(CardHistoryRule.undoDepth)")
        }
        self.init(owner: owner, isGone: isGone, deck: deck, window: window, olderInstantMs: try Int64?(from: &reader))
    }

    /// The fields in order, each as its `BinaryCodable` form, written specialized (a ledger
    /// writes one history per card).
    func encode(to writer: inout BinaryWriter) {
        owner.writeIfPresent(to: &writer) { owner, writer in owner.encode(to: &writer) }
        isGone.encode(to: &writer)
        deck.writeIfPresent(to: &writer) { deck, writer in deck.encode(to: &writer) }
        window.writeCounted(to: &writer) { review, writer in review.encode(to: &writer) }
        olderInstantMs.writeIfPresent(to: &writer) { instant, writer in instant.encode(to: &writer) }
    }
}

extension CardHistory.Review: BinaryCodable {
    init(from reader: inout BinaryReader) throws(EventDecodingError) {
        id = try EventID(from: &reader)
        isScheduled = try Bool(from: &reader)
        instantMs = try reader.readSignedVarint()
    }

    func encode(to writer: inout BinaryWriter) {
        id.encode(to: &writer)
        isScheduled.encode(to: &writer)
        writer.writeSignedVarint(instantMs)
    }
}
