import Events

/// Each card's history (``CardHistory``) by card, as the store's command ledger keeps it: one
/// fixed-size plain record a card (its key and its history, 256 bytes: four cache lines) in a
/// ``ChunkedArray``, found through an ``IDSlotIndex`` (one probe, one cache miss), so folding an
/// event about a card touches its index bucket and its record: no per-card array, object or
/// reference count. About 320 bytes a card (with the index at most half full), where a
/// `[CardID: CardHistory]` with an array per card took about 520.
///
/// Cards are only ever added. Two tables are equal when they hold the same cards with equal
/// histories, whatever the order they were added in.
package struct CardHistoryTable: Sendable {
    /// One card's record.
    private struct Record: BitwiseCopyable, Sendable {
        var card: IDKey
        var history: CardHistory
    }

    /// The slot of each card's record.
    private var slots = IDSlotIndex()
    /// The records, in the order the cards were added.
    private var records = ChunkedArray<Record>()

    /// No card, with room for `minimumCapacity` before the index grows.
    package init(minimumCapacity: Int = 0) {
        slots = IDSlotIndex(minimumCapacity: minimumCapacity)
    }

    /// How many cards have a history.
    package var count: Int { records.count }

    /// The history of `card`, if it has one.
    /// - Complexity: O(1) expected.
    package subscript(card: CardID) -> CardHistory? {
        slots.slot(of: IDKey(card)).map { records[Int($0)].history }
    }

    /// Folds `event`, an event about `card` (``CardHistory/card(of:)``), into `card`'s history,
    /// starting one (``CardHistory/init()``) if it has none; `decks` are the decks as the log
    /// stands at `event`.
    /// - Returns: what the event did to the history (``CardHistory/observe(_:decks:)``).
    /// - Complexity: O(``CardHistoryRule/undoDepth``), plus O(1) amortized to add the card.
    @discardableResult
    package mutating func observe(_ event: RecordedEvent, about card: CardID, decks: DeckLifecycle) -> CardHistory.Outcome {
        let key = IDKey(card)
        let slot: Int
        if let found = slots.slot(of: key) {
            slot = Int(found)
        } else {
            slot = records.count
            slots.insert(key, slot: Int32(slot))
            records.append(Record(card: key, history: CardHistory()))
        }
        return records.update(slot) { $0.history.observe(event, decks: decks) }
    }

    /// Adds `card` with `history` (restoring a table).
    /// - Returns: false (and changes nothing) when `card` already has a history.
    package mutating func restore(_ history: CardHistory, of card: CardID) -> Bool {
        let key = IDKey(card)
        guard slots.insert(key, slot: Int32(records.count)) else { return false }
        records.append(Record(card: key, history: history))
        return true
    }

    /// Calls `body` with each card and its history, in ascending card order (a total order:
    /// the same table gives the same sequence).
    /// - Complexity: O(n log n).
    package func forEachInCardOrder(_ body: (CardID, CardHistory) -> Void) {
        var order = records.indices.map { (card: records[$0].card, slot: $0) }
        order.sort { $0.card < $1.card }
        for (card, slot) in order { body(CardID(card.uuid), records[slot].history) }
    }
}

extension CardHistoryTable: Equatable {
    /// Equal when they hold the same cards with equal histories.
    package static func == (lhs: CardHistoryTable, rhs: CardHistoryTable) -> Bool {
        lhs.count == rhs.count && lhs.records.allSatisfy { record in
            rhs.slots.slot(of: record.card).map { rhs.records[Int($0)].history == record.history } ?? false
        }
    }
}
