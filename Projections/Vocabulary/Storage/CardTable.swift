import CPrefetch
import Events

/// The vocabulary model's cards as columns indexed by slot: a card's slot is given when it is
/// created, in log order, so the same log always gives the same slots, and ascending slots are
/// creation order. The hot scheduling fields are one plain-data column of one cache line per
/// card (``hot``); strings and rarely read fields are columns apart; every card's undo entries
/// share one ``UndoRing``.
struct CardTable: Sendable {
    /// The slot of each card id (one cache miss per lookup, prefetchable).
    private(set) var slotOf = IDSlotIndex()
    /// The id of each slot.
    private(set) var keys: [IDKey] = []
    /// The hot fields of each slot.
    var hot = AlignedArray<CardHot>()
    /// The deck slot (in ``DeckTable``) of each card.
    var decks: [Int32] = []
    /// Cram reviews recorded and not undone, per card.
    var cramReviews: [Int32] = []
    /// The prompt side, as last edited: one UTF-8 buffer, not a `String` a card.
    var fronts = TextColumn()
    /// When each card was created.
    private(set) var created: [EventTime] = []
    /// The log position of each card's creation.
    private(set) var createdPositions: [UInt64] = []
    /// How many times each card's sides were edited.
    var edits: [Int] = []
    /// How many times each card moved between decks.
    var moves: [Int] = []
    /// The instant (ms since the epoch) of the newest counted review each card has forgotten,
    /// where ``CardHot/forgottenFlag`` is set (0 elsewhere): a new review may not be dated
    /// before it once no review is remembered (``CardHistoryRule``).
    var forgottenReviewMs: [Int64] = []
    /// Each card's position in its deck's member list (derived; not encoded).
    var deckPositions: [Int32] = []
    /// The recent reviews of every card.
    var undo = UndoRing()

    /// An empty table.
    init() {}

    /// How many cards were created.
    var count: Int { keys.count }

    /// The slot of `key`, if such a card was created.
    @inline(__always)
    func slot(of key: IDKey) -> Int32? { slotOf.slot(of: key) }

    /// Adds a card and returns its slot; the caller has checked the id is new.
    /// - Complexity: O(1) amortized.
    mutating func append(key: IDKey, hot record: CardHot, deck: Int32, front: String, created time: EventTime,
                         position: UInt64, edits editCount: Int = 0, moves moveCount: Int = 0) -> Int32 {
        let slot = Int32(keys.count)
        slotOf.insert(key, slot: slot)
        keys.append(key)
        hot.append(record)
        decks.append(deck)
        cramReviews.append(0)
        fronts.append(front)
        created.append(time)
        createdPositions.append(position)
        edits.append(editCount)
        moves.append(moveCount)
        forgottenReviewMs.append(0)
        deckPositions.append(-1)
        return slot
    }

    /// A table from whole columns (a snapshot's decoder), all of one length, slot order; the
    /// id index is built here and deck positions start unset.
    /// - Returns: nil when an id appears twice.
    /// - Complexity: O(n) for n cards.
    init?(keys: [IDKey], hot: AlignedArray<CardHot>, decks: [Int32], cramReviews: [Int32], fronts: TextColumn,
          created: [EventTime], createdPositions: [UInt64], edits: [Int], moves: [Int], forgottenReviewMs: [Int64],
          undo: UndoRing) {
        // Each insert is a cache miss (the keys are random): the buckets of the keys a few
        // inserts ahead are prefetched so that the misses overlap.
        var slotOf = IDSlotIndex(minimumCapacity: keys.count)
        let ahead = 16
        for slot in keys.indices {
            if slot + ahead < keys.count { slotOf.prefetch(keys[slot + ahead]) }
            guard slotOf.insert(keys[slot], slot: Int32(slot)) else { return nil }
        }
        self.slotOf = slotOf
        self.keys = keys
        self.hot = hot
        self.decks = decks
        self.cramReviews = cramReviews
        self.fronts = fronts
        self.created = created
        self.createdPositions = createdPositions
        self.edits = edits
        self.moves = moves
        self.forgottenReviewMs = forgottenReviewMs
        deckPositions = Array(repeating: -1, count: keys.count)
        self.undo = undo
    }

    /// The recent reviews of card `slot`, oldest first.
    /// - Complexity: O(``UndoRing/depth``).
    func recentReviews(_ slot: Int32) -> [UndoEntry] {
        undo.noteLookup(of: hot[Int(slot)].ring)
        return undo.entries(of: hot[Int(slot)].ring)
    }

    /// The recent review at logical `place` (`0 ..< count`, 0 the oldest) of card `slot`.
    /// - Complexity: O(1).
    func recentReview(_ slot: Int32, at place: Int) -> UndoEntry {
        undo.noteLookup(of: hot[Int(slot)].ring)
        return undo.entry(place, of: hot[Int(slot)].ring)
    }

    /// The instant (ms since the epoch) of card `slot`'s latest counted review not undone, or
    /// of the newest it forgot; nil when it has neither (``CardHistoryRule``: a new review may
    /// not be dated before it).
    /// - Complexity: O(1).
    func lastReviewInstantMs(_ slot: Int32) -> Int64? {
        let card = hot[Int(slot)]
        guard card.ring.count > 0 else {
            return card.flags & CardHot.forgottenFlag != 0 ? forgottenReviewMs[Int(slot)] : nil
        }
        // The newest entry left the card's state: no entry is remembered after it.
        return recentReview(slot, at: Int(card.ring.count) - 1).instantMs(leaving: card.state)
    }

    /// Notes that card `slot` forgot a counted review at `instantMs`, the newest it forgot.
    @inline(__always)
    mutating func noteForgotten(_ slot: Int, instantMs: Int64) {
        forgottenReviewMs[slot] = instantMs
        hot[slot].flags |= CardHot.forgottenFlag
    }
}

// Prefetch hints for the batch fold: none changes the table or any result.
extension CardTable {
    /// Starts loading the id index's bucket where the lookup of `key` begins.
    @inline(__always)
    func prefetchIndex(_ key: IDKey) { slotOf.prefetch(key) }

    /// Starts loading card `slot`'s hot record (one cache line) for writing.
    @inline(__always)
    func prefetchHot(_ slot: Int32) { hot.prefetchForWrite(Int(slot)) }

    /// Starts loading card `slot`'s deck and creation time (the columns a card's standing reads
    /// besides its hot record); nothing for a slot out of range.
    @inline(__always)
    func prefetchStanding(_ slot: Int32) {
        guard slot >= 0 && Int(slot) < decks.count && Int(slot) < created.count else { return }
        decks.withUnsafeBufferPointer { hindsight_prefetch($0.baseAddress! + Int(slot)) }
        created.withUnsafeBufferPointer { hindsight_prefetch($0.baseAddress! + Int(slot)) }
    }
}

extension CardTable {
    /// Decodes card `slot`'s undo entries if they are still a restored snapshot's: the fold calls
    /// it before a review, an undo or a change by hand reads and writes the card's ring (one
    /// check otherwise).
    @inline(__always)
    mutating func prepareUndo(_ slot: Int) {
        if _slowPath(hot[slot].ring.isPending) { undo.decode(&hot[slot].ring) }
    }
}

extension CardTable: Equatable {
    /// Equal when every card's facts are, undo entries compared in logical order (never by
    /// where their runs lie, nor by whether they are still pending) and derived places ignored.
    static func == (lhs: CardTable, rhs: CardTable) -> Bool {
        guard lhs.keys == rhs.keys, lhs.decks == rhs.decks, lhs.cramReviews == rhs.cramReviews,
              lhs.fronts == rhs.fronts, lhs.created == rhs.created,
              lhs.createdPositions == rhs.createdPositions, lhs.edits == rhs.edits, lhs.moves == rhs.moves,
              lhs.forgottenReviewMs == rhs.forgottenReviewMs
        else { return false }
        for slot in lhs.hot.indices {
            let a = lhs.hot[slot], b = rhs.hot[slot]
            guard a.state == b.state, a.profile == b.profile, a.isSuspended == b.isSuspended,
                  a.flags & CardHot.forgottenFlag == b.flags & CardHot.forgottenFlag,
                  a.isDeleted == b.isDeleted, a.isDeckDeleted == b.isDeckDeleted,
                  lhs.undo.entries(of: a.ring) == rhs.undo.entries(of: b.ring)
            else { return false }
        }
        return true
    }
}
