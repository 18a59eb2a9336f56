import Events

/// The command ledger's facts about each card, one fixed-size plain record a card: its history
/// (``CardHistory``, kept by ``CardHistoryRule``) and the version of its stream (`card/<id>`),
/// so folding an event about a card, and checking its stream's version, touch one index bucket
/// (an ``IDSlotIndex``: one probe, one cache miss) and one 248-byte record in a
/// ``ChunkedArray``: no per-card array, object or reference count. About 350 bytes a card
/// (the index at most half full, on huge pages), where a `[CardID: CardHistory]` with an array
/// per card and a `[StreamID: UInt64]` entry took about 620 (massif, a 50k-card import).
///
/// A card has a record once an event of its history names it or its stream has an event:
/// either part may be absent. Cards are only ever added. Two tables are equal when they hold
/// the same cards with equal parts, whatever the order they were added in.
package struct CardRecordTable: Sendable {
    /// Which parts of a record are present.
    private struct Parts: OptionSet, BitwiseCopyable {
        let rawValue: UInt8
        static let history = Parts(rawValue: 1)
        static let streamVersion = Parts(rawValue: 2)
    }

    /// One card's record (the card's key is in the index).
    private struct Record: BitwiseCopyable, Sendable {
        var history = CardHistory()
        var parts: Parts = []
        var streamVersion: UInt64 = 0
    }

    /// The slot of each card's record.
    private var slots = IDSlotIndex()
    /// The records, in the order the cards were added.
    private var records = ChunkedArray<Record>()
    /// How many records hold a history.
    private(set) var historyCount = 0
    /// How many records hold a stream version.
    private(set) var streamCount = 0

    /// No card, with room for `minimumCapacity` before the index grows.
    package init(minimumCapacity: Int = 0) {
        slots = IDSlotIndex(minimumCapacity: minimumCapacity)
    }

    /// The history of `card`, if it has one.
    /// - Complexity: O(1) expected.
    package subscript(card: CardID) -> CardHistory? {
        withHistory(of: card) { copy $0 }
    }

    /// The instant of `card`'s latest counted review or newest forgotten one
    /// (``CardHistory/lastInstantMs``), read in place; nil when it has no history or no review.
    /// - Complexity: O(1) expected.
    package func lastInstantMs(of card: CardID) -> Int64? { withHistory(of: card) { $0.lastInstantMs } ?? nil }

    /// The review an undo of `card` takes back (``CardHistory/reviewToUndo``), read in place; nil
    /// when it has no history or none is left to undo.
    /// - Complexity: O(1) expected.
    package func reviewToUndo(of card: CardID) -> EventID? { withHistory(of: card) { $0.reviewToUndo } ?? nil }

    /// What `read` gives of `card`'s history, read in place (a fact or two of a 240-byte
    /// history, without copying it out); nil when `card` has no history.
    @inline(__always)
    private func withHistory<Result>(of card: CardID, _ read: (borrowing CardHistory) -> Result) -> Result? {
        guard let slot = slots.slot(of: IDKey(card)) else { return nil }
        return records.read(Int(slot)) { record in record.parts.contains(.history) ? read(record.history) : nil }
    }

    /// How many cards have a history.
    package var count: Int { historyCount }

    /// Folds `event`, an event about `card` (``CardHistory/card(of:)``), into `card`'s history,
    /// starting one (``CardHistory/init()``) if it has none; `decks` are the decks as the log
    /// stands at `event`.
    /// - Returns: what the event did to the history (``CardHistory/observe(_:decks:)``).
    /// - Complexity: O(``CardHistoryRule/undoDepth``), plus O(1) amortized to add the card.
    @discardableResult
    package mutating func observe(_ event: RecordedEvent, about card: CardID, decks: DeckLifecycle) -> CardHistory.Outcome {
        observe(event, about: card, decks: decks, streamVersion: nil)
    }

    /// ``observe(_:about:decks:)``, and when `streamVersion` is given, sets it as the version of
    /// `card`'s stream (``setStreamVersion(_:of:)``): an event of the card's own stream finds
    /// the card's record once for both.
    /// - Returns: what the event did to the history (``CardHistory/observe(_:decks:)``).
    /// - Complexity: O(``CardHistoryRule/undoDepth``), plus O(1) amortized to add the card.
    @discardableResult
    package mutating func observe(_ event: RecordedEvent, about card: CardID, decks: DeckLifecycle,
                                  streamVersion: UInt64?) -> CardHistory.Outcome {
        let index = slot(creating: IDKey(card))
        let (outcome, started, versioned) = records.update(index) { record in
            var versioned = false
            if let streamVersion {
                record.streamVersion = streamVersion
                versioned = record.parts.insert(.streamVersion).inserted
            }
            return (record.history.observe(event, decks: decks), record.parts.insert(.history).inserted, versioned)
        }
        if started { historyCount += 1 }
        if versioned { streamCount += 1 }
        return outcome
    }

    /// Gives `card` `history` (restoring a table).
    /// - Returns: false (and changes nothing) when `card` already has a history.
    package mutating func restore(_ history: CardHistory, of card: CardID) -> Bool {
        let index = slot(creating: IDKey(card))
        let restored = records.update(index) { record in
            guard record.parts.insert(.history).inserted else { return false }
            record.history = history
            return true
        }
        if restored { historyCount += 1 }
        return restored
    }

    /// The version of `card`'s stream, if it was set.
    /// - Complexity: O(1) expected.
    package func streamVersion(of card: CardID) -> UInt64? {
        guard let slot = slots.slot(of: IDKey(card)) else { return nil }
        return records.read(Int(slot)) { record in record.parts.contains(.streamVersion) ? record.streamVersion : nil }
    }

    /// Sets the version of `card`'s stream.
    /// - Complexity: O(1) amortized expected.
    package mutating func setStreamVersion(_ version: UInt64, of card: CardID) {
        let index = slot(creating: IDKey(card))
        let added = records.update(index) { record in
            record.streamVersion = version
            return record.parts.insert(.streamVersion).inserted
        }
        if added { streamCount += 1 }
    }

    /// Starts loading the index bucket where the lookup of `card` begins (a hint: changes nothing).
    /// `mutating` only so that the table is passed by reference (a call from another module
    /// would copy it first).
    @inline(__always)
    package mutating func prefetchIndex(of card: CardID) { slots.prefetch(IDKey(card)) }

    /// Starts loading every line of `card`'s record for a write, if it has one (a hint: changes
    /// nothing). Looks the card up: call it once ``prefetchIndex(of:)`` has loaded its bucket.
    /// `mutating` only so that the table is passed by reference.
    @inline(__always)
    package mutating func prefetchRecord(of card: CardID) {
        guard let slot = slots.slot(of: IDKey(card)) else { return }
        records.prefetchForWrite(Int(slot))
    }

    /// Calls `body` with each card that has a history and its history, in ascending card order
    /// (a total order: the same table gives the same sequence).
    /// - Complexity: O(n log n).
    package func forEachHistoryInCardOrder(_ body: (CardID, CardHistory) -> Void) {
        for (card, slot) in cardOrder() where records[slot].parts.contains(.history) {
            body(CardID(card.uuid), records[slot].history)
        }
    }

    /// Each card whose stream has a version, with the version, in no particular order.
    /// - Complexity: O(n).
    package var streamVersions: [(card: CardID, version: UInt64)] {
        var versions: [(card: CardID, version: UInt64)] = []
        versions.reserveCapacity(streamCount)
        slots.forEach { key, slot in
            if records[Int(slot)].parts.contains(.streamVersion) {
                versions.append((CardID(key.uuid), records[Int(slot)].streamVersion))
            }
        }
        return versions
    }

    /// Every card's key and slot, in ascending card order.
    private func cardOrder() -> [(card: IDKey, slot: Int)] {
        var order: [(card: IDKey, slot: Int)] = []
        order.reserveCapacity(records.count)
        slots.forEach { key, slot in order.append((key, Int(slot))) }
        order.sort { $0.card < $1.card }
        return order
    }

    /// The slot of `key`'s record, adding an empty record if it has none.
    @inline(__always) private mutating func slot(creating key: IDKey) -> Int {
        if let found = slots.slot(of: key) { return Int(found) }
        let slot = records.count
        slots.insert(key, slot: Int32(slot))
        records.append(Record())
        return slot
    }
}

extension CardRecordTable: Equatable {
    /// Equal when they hold the same cards with equal histories and stream versions.
    package static func == (lhs: CardRecordTable, rhs: CardRecordTable) -> Bool {
        guard lhs.records.count == rhs.records.count else { return false }
        var equal = true
        lhs.slots.forEach { key, slot in
            guard equal else { return }
            let record = lhs.records[Int(slot)]
            guard let other = rhs.slots.slot(of: key).map({ rhs.records[Int($0)] }), other.parts == record.parts,
                  !record.parts.contains(.history) || other.history == record.history,
                  !record.parts.contains(.streamVersion) || other.streamVersion == record.streamVersion
            else {
                equal = false
                return
            }
        }
        return equal
    }
}
