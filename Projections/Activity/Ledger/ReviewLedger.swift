import CPrefetch
import Events

/// The bounded per-card memory that lets the activity read model take an undone review back out
/// of the numbers it went into, flat: an id → slot index (``IDSlotIndex``, buckets inline), and
/// the cards' plain-data records (``LedgerCard``: header and window) in one contiguous array, so a
/// review costs two cache misses (the bucket, the record), both prefetchable by a batch fold
/// (see ``prefetchBucket(of:)`` and ``lookAhead(_:undo:)``), and no allocation.
///
/// For every card created it keeps the card's profile, whether the card has had a scheduled
/// review yet (so "new card" means its first scheduled review), and its last
/// ``reviewsRemembered`` (4) reviews. Memory grows with the number of live cards, never with the
/// length of the log. An undo naming a review older than that window (or one already undone, or
/// of an unknown card) is ignored: apps undo the last review, so four is plenty. Reviews of
/// cards never created (or deleted, or of another profile) are not remembered.
///
/// Slots are dense: a deleted card's slot is filled by the last one. Slot order is an in-memory
/// detail (a fold's follows the log, a restored ledger's is card-id order): equality and the
/// snapshot see cards in id order, so the same cards and reviews give the same bytes. Profile
/// numbers follow the log (in order of first card) and are kept by snapshots.
///
/// A ledger restored from a snapshot keeps its cards as checked bytes (``EncodedLedgerCards``)
/// until its first change: opening an app reads no ledger, so it pays no table build.
package struct ReviewLedger: Sendable, Equatable {
    /// How many of a card's most recent reviews are remembered for undo.
    package static let reviewsRemembered = LedgerWindow.capacity

    /// Each card's slot, by card id (empty while ``pending``).
    private var index = IDSlotIndex()
    /// The card id of each slot (empty while ``pending``).
    private var slotIDs: [IDKey] = []
    /// Each slot's record: owner, window state and window (empty while ``pending``).
    private var cards: [LedgerCard] = []
    /// The profiles that own cards, by number (a card's ``LedgerEntry/profile``).
    package private(set) var profiles: [IDKey] = []
    /// The number of each profile (derived from ``profiles``).
    private var profileNumbers: [IDKey: UInt32] = [:]
    /// A restored ledger's cards, still as checked snapshot bytes: unpacked by the first change.
    private var pending: EncodedLedgerCards?
    /// Changes whenever a slot may come to hold another card (a card deleted, the cards
    /// unpacked): a slot found under one layout is good while this stays the same (a creation
    /// only adds a slot at the end).
    package private(set) var layout: UInt = 0

    /// An empty ledger.
    package init() {}

    /// A restored ledger: `profiles` by number and the checked bytes of its cards, unpacked when
    /// it first changes.
    /// - Throws: a description of the first inconsistency (a profile numbered twice).
    init(profiles: [IDKey], cards: EncodedLedgerCards) throws(LedgerInconsistency) {
        self.profiles = profiles
        profileNumbers.reserveCapacity(profiles.count)
        for (number, profile) in profiles.enumerated() {
            guard profileNumbers.updateValue(UInt32(number), forKey: profile) == nil else {
                throw LedgerInconsistency("profile \(profile.uuid) is numbered twice")
            }
        }
        pending = cards
    }

    /// Unpacks the restored cards, if still packed.
    @inline(__always) private mutating func materialize() {
        guard let packed = pending else { return }
        (index, slotIDs, cards) = packed.materialize()
        pending = nil
        layout &+= 1
    }

    /// This ledger with its cards unpacked (itself when they are).
    private var materialized: ReviewLedger {
        var copy = self
        copy.materialize()
        return copy
    }

    /// How many cards are remembered.
    package var count: Int { pending?.count ?? slotIDs.count }

    /// The card id of each slot, in slot order.
    package var cardIDs: [IDKey] { materialized.slotIDs }

    /// The cards' bytes as a snapshot stores them (see ``EncodedLedgerCards``).
    var encodedCards: [UInt8] {
        pending?.bytes ?? EncodedLedgerCards.encode(cardIDs: slotIDs, cards: cards)
    }

    /// Starts remembering a new card (a second creation of the same id is ignored).
    package mutating func cardCreated(_ card: CardID, profile: ProfileID) {
        materialize()
        let key = IDKey(card)
        guard index.insert(key, slot: Int32(slotIDs.count)) else { return }
        let owner = IDKey(profile)
        let number: UInt32
        if let known = profileNumbers[owner] {
            number = known
        } else {
            number = UInt32(profiles.count)
            profiles.append(owner)
            profileNumbers[owner] = number
        }
        slotIDs.append(key)
        cards.append(LedgerCard(profile: number))
    }

    /// Forgets a deleted card: later reviews and undos of it are ignored. The last slot moves
    /// into its place.
    package mutating func cardDeleted(_ card: CardID) {
        materialize()
        guard let removed = index.remove(IDKey(card)) else { return }
        let slot = Int(removed), last = slotIDs.count - 1
        if slot != last {
            cards[slot] = cards[last]
            slotIDs[slot] = slotIDs[last]
            index.remove(slotIDs[slot])
            index.insert(slotIDs[slot], slot: Int32(slot))
        }
        cards.removeLast()
        slotIDs.removeLast()
        layout &+= 1
    }

    /// Remembers a review of `review.card` by `profile` counted on `day`.
    /// - Returns: what it counts (with ``ReviewFact/wasFirst`` decided), or nil when the card is
    ///   unknown or belongs to another profile, in which case the review must be ignored (so an
    ///   undo always takes back from the profile that was counted).
    /// - Complexity: O(1): one hash lookup, one slot written.
    @inline(__always)
    package mutating func record(_ review: ReviewGraded, id: EventID, profile: ProfileID, day: Int64) -> ReviewFact? {
        guard let slot = slot(of: review.card, lookahead: .none) else { return nil }
        return record(review, id: id, profile: profile, day: day, slot: slot)
    }

    /// ``record(_:id:profile:day:)`` of the card in `slot` (from ``slot(of:lookahead:)``).
    @inline(__always)
    package mutating func record(_ review: ReviewGraded, id: EventID, profile: ProfileID, day: Int64, slot: Int32) -> ReviewFact? {
        let slot = Int(slot)
        guard profiles[Int(cards[slot].entry.profile)] == IDKey(profile) else { return nil }
        return cards[slot].remember(ReviewFact(day: day, rating: review.rating, mode: review.mode,
                                               durationMs: review.duration.milliseconds, wasFirst: false), id: IDKey(id))
    }

    /// Takes back the review `review` of `card`.
    /// - Returns: nil when the card is unknown or the review is not remembered (then nothing
    ///   changes and the undo must be ignored).
    package mutating func undo(_ review: EventID, of card: CardID) -> ReviewUndo? {
        guard let slot = slot(of: card, lookahead: .none) else { return nil }
        return undo(review, slot: slot)
    }

    /// ``undo(_:of:)`` of the card in `slot` (from ``slot(of:lookahead:)``).
    package mutating func undo(_ review: EventID, slot: Int32) -> ReviewUndo? {
        let slot = Int(slot)
        guard let (removed, newFirstDay) = cards[slot].forget(IDKey(review)) else { return nil }
        return ReviewUndo(profile: ProfileID(profiles[Int(cards[slot].entry.profile)].uuid), removed: removed,
                          newFirstDay: newFirstDay)
    }

    /// The remembered reviews of `card`, oldest first (empty for an unknown card).
    package func reviews(of card: CardID) -> [ReviewFact] {
        if pending != nil { return materialized.reviews(of: card) }
        guard let slot = index.slot(of: IDKey(card)) else { return [] }
        let record = cards[Int(slot)]
        return record.window.reviews(of: record.entry).map(\.fact)
    }

    /// Equal when they remember the same cards, owners and reviews (slot order and ring
    /// positions aside): when their snapshot encodings are equal.
    package static func == (lhs: ReviewLedger, rhs: ReviewLedger) -> Bool {
        lhs.profiles == rhs.profiles && lhs.count == rhs.count && lhs.encodedCards == rhs.encodedCards
    }
}

// The batch fold's pipeline: start a card's misses a few events before its review is folded.
extension ReviewLedger {
    /// Starts loading the index bucket of `card` (a hint: changes nothing; `mutating` only so
    /// that the batch fold calls it in place, never on a copy of the ledger).
    @inline(__always) package mutating func prefetchBucket(of card: CardID) {
        index.prefetch(IDKey(card))
    }

    /// Looks up the slot of `card` (for a review, or an `undo`) and starts loading the line of
    /// its record's header (a hint: changes nothing; `mutating` only so that the batch fold calls
    /// it in place, never on a copy of the ledger).
    /// - Returns: the slot found under the current ``layout`` (``CardLookahead/none`` when the
    ///   card is unknown or the cards are still packed).
    @inline(__always) package mutating func lookAhead(_ card: CardID, undo: Bool) -> CardLookahead {
        guard let slot = index.slot(of: IDKey(card)) else { return .none }
        cards.withUnsafeBufferPointer { records in
            hindsight_prefetch_for_write(records.baseAddress! + Int(slot))
        }
        return CardLookahead(slot: slot, layout: layout, undo: undo)
    }

    /// Starts loading what the review (or undo) `lookahead` was found for will touch beyond the
    /// record's header: the review slot it writes (an undo: the whole record). Reads the header,
    /// which ``lookAhead(_:undo:)`` asked for. A hint: changes nothing; no effect when
    /// `lookahead` is no longer good.
    @inline(__always) package mutating func prefetchWindow(_ lookahead: CardLookahead) {
        guard lookahead.slot >= 0 && lookahead.layout == layout else { return }
        cards.withUnsafeBufferPointer { records in
            let record = records.baseAddress! + Int(lookahead.slot)
            if lookahead.undo {
                record.prefetchRecord()
            } else {
                record.prefetchNextReview()
            }
        }
    }

    /// The slot of `card`, for a change: `lookahead`'s when it found the card under the current
    /// ``layout``, else looked up (unpacking the cards first if needed).
    @inline(__always) package mutating func slot(of card: CardID, lookahead: CardLookahead) -> Int32? {
        if lookahead.slot >= 0 && lookahead.layout == layout { return lookahead.slot }
        if pending != nil { materialize() }
        return index.slot(of: IDKey(card))
    }
}

/// Ledger parts that do not fit together (from a damaged snapshot).
struct LedgerInconsistency: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
