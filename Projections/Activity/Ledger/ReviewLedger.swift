import Events

/// The bounded per-card memory that lets the activity read model take an undone review back out
/// of the numbers it went into, flat: an id → slot index, and the cards' plain-data windows
/// (``LedgerWindow``) in one contiguous array, so a review costs one hash lookup and no allocation.
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

    /// Each card's slot, owner and window state, by card id (empty while ``pending``).
    private var entries: [IDKey: LedgerEntry] = [:]
    /// The card id of each slot (empty while ``pending``).
    private var slotIDs: [IDKey] = []
    /// Each slot's window of reviews (empty while ``pending``).
    private var windows: [LedgerWindow] = []
    /// The profiles that own cards, by number (a card's ``LedgerEntry/profile``).
    package private(set) var profiles: [IDKey] = []
    /// The number of each profile (derived from ``profiles``).
    private var profileNumbers: [IDKey: UInt32] = [:]
    /// A restored ledger's cards, still as checked snapshot bytes: unpacked by the first change.
    private var pending: EncodedLedgerCards?

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
        guard let cards = pending else { return }
        (entries, slotIDs, windows) = cards.materialize()
        pending = nil
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
        pending?.bytes ?? EncodedLedgerCards.encode(cardIDs: slotIDs, entries: entries, windows: windows)
    }

    /// Starts remembering a new card (a second creation of the same id is ignored).
    package mutating func cardCreated(_ card: CardID, profile: ProfileID) {
        materialize()
        let key = IDKey(card)
        guard entries[key] == nil else { return }
        let owner = IDKey(profile)
        let number: UInt32
        if let known = profileNumbers[owner] {
            number = known
        } else {
            number = UInt32(profiles.count)
            profiles.append(owner)
            profileNumbers[owner] = number
        }
        entries[key] = LedgerEntry(slot: UInt32(slotIDs.count), profile: number)
        slotIDs.append(key)
        windows.append(LedgerWindow())
    }

    /// Forgets a deleted card: later reviews and undos of it are ignored. The last slot moves
    /// into its place.
    package mutating func cardDeleted(_ card: CardID) {
        materialize()
        guard let removed = entries.removeValue(forKey: IDKey(card)) else { return }
        let slot = Int(removed.slot), last = slotIDs.count - 1
        if slot != last {
            windows[slot] = windows[last]
            slotIDs[slot] = slotIDs[last]
            entries[slotIDs[slot]]?.slot = UInt32(slot)
        }
        windows.removeLast()
        slotIDs.removeLast()
    }

    /// Remembers a review of `review.card` by `profile` counted on `day`.
    /// - Returns: what it counts (with ``ReviewFact/wasFirst`` decided), or nil when the card is
    ///   unknown or belongs to another profile, in which case the review must be ignored (so an
    ///   undo always takes back from the profile that was counted).
    /// - Complexity: O(1): one hash lookup, one slot written.
    @inline(__always)
    package mutating func record(_ review: ReviewGraded, id: EventID, profile: ProfileID, day: Int64) -> ReviewFact? {
        if pending != nil { materialize() }
        guard let index = entries.index(forKey: IDKey(review.card)) else { return nil }
        var entry = entries.values[index]
        guard profiles[Int(entry.profile)] == IDKey(profile) else { return nil }
        let first = review.mode == .scheduled && !entry.hasScheduledReview
        if first { entry.hasScheduledReview = true }
        let fact = ReviewFact(day: day, rating: review.rating, mode: review.mode,
                              durationMs: review.duration.milliseconds, wasFirst: first)
        windows[Int(entry.slot)].append(LedgerReview(id: IDKey(id), fact), to: &entry)
        entries.values[index] = entry
        return fact
    }

    /// Takes back the review `review` of `card`.
    /// - Returns: nil when the card is unknown or the review is not remembered (then nothing
    ///   changes and the undo must be ignored).
    package mutating func undo(_ review: EventID, of card: CardID) -> ReviewUndo? {
        materialize()
        guard let index = entries.index(forKey: IDKey(card)) else { return nil }
        var entry = entries.values[index]
        let slot = Int(entry.slot)
        guard let removed = windows[slot].remove(id: IDKey(review), from: &entry) else { return nil }
        var newFirstDay: Int64?
        if removed.wasFirst {
            // Every review after the first is still remembered (the window keeps the newest),
            // so the earliest remaining scheduled one is exactly the new first.
            if let next = (0..<entry.count).first(where: { windows[slot][$0, of: entry].isScheduled }) {
                windows[slot][next, of: entry].wasFirst = true
                newFirstDay = windows[slot][next, of: entry].fact.day
            } else {
                entry.hasScheduledReview = false
            }
        }
        entries.values[index] = entry
        return ReviewUndo(profile: ProfileID(profiles[Int(entry.profile)].uuid), removed: removed.fact, newFirstDay: newFirstDay)
    }

    /// The remembered reviews of `card`, oldest first (empty for an unknown card).
    package func reviews(of card: CardID) -> [ReviewFact] {
        if pending != nil { return materialized.reviews(of: card) }
        guard let entry = entries[IDKey(card)] else { return [] }
        return windows[Int(entry.slot)].reviews(of: entry).map(\.fact)
    }

    /// Equal when they remember the same cards, owners and reviews (slot order and ring
    /// positions aside): when their snapshot encodings are equal.
    package static func == (lhs: ReviewLedger, rhs: ReviewLedger) -> Bool {
        lhs.profiles == rhs.profiles && lhs.count == rhs.count && lhs.encodedCards == rhs.encodedCards
    }
}

/// Ledger parts that do not fit together (from a damaged snapshot).
struct LedgerInconsistency: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
