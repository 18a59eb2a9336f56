import Events
import Projections

// The command ledger's review trail: each card's history as ``CardHistoryRule`` decides it,
// so that the store undoes the review every read model would take back and checks a new
// review's time against the reviews they count.
extension CommandLedger {
    /// Folds an event of a card's history (creation, move, deletion, review, undo, change by hand)
    /// or a deck's creation or deletion; when the event is in the stream of the card it is about,
    /// also sets that stream's version (one lookup of the card's record for both).
    /// - Returns: whether it set the version of the event's stream.
    /// - Complexity: O(``CardHistoryRule/undoDepth``).
    mutating func observeCardHistory(_ event: RecordedEvent) -> Bool {
        CardHistory.observeDecks(event, into: &decks)
        guard let card = CardHistory.card(of: event) else { return false }
        let ownStream = event.stream.cardID == card
        cardHistories.observe(event, about: card, decks: decks, streamVersion: ownStream ? event.streamVersion : nil)
        return ownStream
    }

    /// The review an undo of `card`'s latest review takes back (``CardHistoryRule/reviewToUndo(count:)``);
    /// nil when none is left to undo.
    func reviewToUndo(of card: CardID) -> EventID? { cardHistories.reviewToUndo(of: card) }

    /// The instant (ms since the epoch) of `card`'s latest counted review, if any: a new review
    /// may not be dated before it.
    func lastReviewInstantMs(of card: CardID) -> Int64? { cardHistories.lastInstantMs(of: card) }

    /// Reads what ``encodeCardHistories(to:)`` writes.
    /// - Throws: ``EventDecodingError`` for malformed bytes or a deck deleted but never created.
    mutating func decodeCardHistories(from reader: inout BinaryReader) throws(EventDecodingError) {
        // As a dictionary's pairs (``Dictionary/init(readingPairs:_:)``): a count, then each card
        // and its history; a card twice is an error.
        // The cards' records may hold their streams' versions already.
        let count = try reader.readCount()
        for _ in 0..<count {
            let card = try CardID(from: &reader), history = try CardHistory(from: &reader)
            guard cardHistories.restore(history, of: card) else {
                throw reader.error(.invalidValue, "a dictionary key appears twice")
            }
        }
        let created = try [IDKey](from: &reader), deleted = try [IDKey](from: &reader)
        guard let restored = DeckLifecycle.restored(created: Set(created), deleted: Set(deleted)) else {
            throw reader.error(.invalidValue, "a deck is deleted but was never created")
        }
        decks = restored
    }

    /// Writes the card histories in card order, then the decks created and the decks deleted,
    /// each in id order; a snapshot's file takes the bytes after each card
    /// (``BinaryWriter/drainIfFull()``).
    func encodeCardHistories(to writer: inout BinaryWriter) {
        writer.writeVarint(UInt64(cardHistories.count))
        cardHistories.forEachHistoryInCardOrder { card, history in
            card.encode(to: &writer)
            history.encode(to: &writer)
            writer.drainIfFull()
        }
        decks.created.sorted().encode(to: &writer)
        decks.deleted.sorted().encode(to: &writer)
    }
}
