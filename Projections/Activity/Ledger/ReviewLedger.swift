import Events

/// The bounded per-card memory that lets the activity read model take an undone review back out
/// of the numbers it went into, flat: an id → slot index, and the cards' plain-data windows
/// (``LedgerCard``) in one contiguous array, so a review costs one hash lookup and no allocation.
///
/// For every card created it keeps the card's profile, whether the card has had a scheduled
/// review yet (so "new card" means its first scheduled review), and its last
/// ``reviewsRemembered`` (4) reviews. Memory grows with the number of live cards, never with the
/// length of the log. An undo naming a review older than that window (or one already undone, or
/// of an unknown card) is ignored: apps undo the last review, so four is plenty. Reviews of
/// cards never created (or deleted, or of another profile) are not remembered.
///
/// Slots are dense: a deleted card's slot is filled by the last one. Slot order (and profile
/// numbers, in order of first card) follow the log, so the same log gives the same ledger.
package struct ReviewLedger: Sendable, Equatable {
    /// How many of a card's most recent reviews are remembered for undo.
    package static let reviewsRemembered = LedgerCard.capacity

    /// The card id of each slot.
    package internal(set) var cardIDs: [IDKey] = []
    /// Each slot's memory.
    package internal(set) var cards: [LedgerCard] = []
    /// The profiles that own cards, by number (a card's ``LedgerCard/profile``).
    package internal(set) var profiles: [IDKey] = []
    /// The slot of each card id (derived from ``cardIDs``).
    private(set) var slots: [IDKey: Int] = [:]
    /// The number of each profile (derived from ``profiles``).
    private(set) var profileNumbers: [IDKey: UInt32] = [:]

    /// An empty ledger.
    package init() {}

    /// A ledger from its parts, checked: ids unique, owners known, windows well formed.
    /// - Throws: a description of the first inconsistency.
    init(cardIDs: [IDKey], cards: [LedgerCard], profiles: [IDKey]) throws(LedgerInconsistency) {
        self.cardIDs = cardIDs
        self.cards = cards
        self.profiles = profiles
        profileNumbers.reserveCapacity(profiles.count)
        for (number, profile) in profiles.enumerated() {
            guard profileNumbers.updateValue(UInt32(number), forKey: profile) == nil else {
                throw LedgerInconsistency("profile \(profile.uuid) is numbered twice")
            }
        }
        slots.reserveCapacity(cardIDs.count)
        for (slot, card) in cardIDs.enumerated() {
            guard slots.updateValue(slot, forKey: card) == nil else {
                throw LedgerInconsistency("card \(card.uuid) has two slots")
            }
        }
        for (slot, card) in cards.enumerated() {
            guard Int(card.profile) < profiles.count, card.count <= LedgerCard.capacity,
                  card.header >> 41 == 0, (0..<card.count).allSatisfy({ card[$0].isWellFormed }),
                  (card.count..<LedgerCard.capacity).allSatisfy({ card[$0] == .empty }) else {
                throw LedgerInconsistency("the memory of card \(cardIDs[slot].uuid) (slot \(slot)) is malformed")
            }
        }
    }

    /// How many cards are remembered.
    package var count: Int { cards.count }

    /// Starts remembering a new card (a second creation of the same id is ignored).
    package mutating func cardCreated(_ card: CardID, profile: ProfileID) {
        let key = IDKey(card)
        guard slots[key] == nil else { return }
        let owner = IDKey(profile)
        let number: UInt32
        if let known = profileNumbers[owner] {
            number = known
        } else {
            number = UInt32(profiles.count)
            profiles.append(owner)
            profileNumbers[owner] = number
        }
        slots[key] = cards.count
        cardIDs.append(key)
        cards.append(LedgerCard(profile: number))
    }

    /// Forgets a deleted card: later reviews and undos of it are ignored. The last slot moves
    /// into its place.
    package mutating func cardDeleted(_ card: CardID) {
        guard let slot = slots.removeValue(forKey: IDKey(card)) else { return }
        let last = cards.count - 1
        if slot != last {
            cards[slot] = cards[last]
            cardIDs[slot] = cardIDs[last]
            slots[cardIDs[slot]] = slot
        }
        cards.removeLast()
        cardIDs.removeLast()
    }

    /// Remembers a review of `review.card` by `profile` counted on `day`.
    /// - Returns: what it counts (with ``ReviewFact/wasFirst`` decided), or nil when the card is
    ///   unknown or belongs to another profile, in which case the review must be ignored (so an
    ///   undo always takes back from the profile that was counted).
    /// - Complexity: O(1): one hash lookup, one fixed-size window.
    @inline(__always)
    package mutating func record(_ review: ReviewGraded, id: EventID, profile: ProfileID,
                                 day: Int64) -> ReviewFact? {
        guard let slot = slots[IDKey(review.card)] else { return nil }
        return cards.withUnsafeMutableBufferPointer { cards in
            let owner = IDKey(profile)
            guard profiles[Int(cards[slot].profile)] == owner else { return nil }
            let first = review.mode == .scheduled && !cards[slot].hasScheduledReview
            if first { cards[slot].hasScheduledReview = true }
            let fact = ReviewFact(day: day, rating: review.rating, mode: review.mode,
                                  durationMs: review.duration.milliseconds, wasFirst: first)
            cards[slot].append(LedgerReview(id: IDKey(id), fact))
            return fact
        }
    }

    /// Takes back the review `review` of `card`.
    /// - Returns: nil when the card is unknown or the review is not remembered (then nothing
    ///   changes and the undo must be ignored).
    package mutating func undo(_ review: EventID, of card: CardID) -> ReviewUndo? {
        guard let slot = slots[IDKey(card)], let removed = cards[slot].remove(id: IDKey(review)) else { return nil }
        var newFirstDay: Int64?
        if removed.wasFirst {
            // Every review after the first is still remembered (the window keeps the newest),
            // so the earliest remaining scheduled one is exactly the new first.
            if let next = (0..<cards[slot].count).first(where: { cards[slot][$0].isScheduled }) {
                cards[slot][next].wasFirst = true
                newFirstDay = cards[slot][next].fact.day
            } else {
                cards[slot].hasScheduledReview = false
            }
        }
        let owner = profiles[Int(cards[slot].profile)]
        return ReviewUndo(profile: ProfileID(owner.uuid), removed: removed.fact, newFirstDay: newFirstDay)
    }

    /// The remembered reviews of `card`, oldest first (empty for an unknown card).
    package func reviews(of card: CardID) -> [ReviewFact] {
        guard let slot = slots[IDKey(card)] else { return [] }
        return cards[slot].reviews.map(\.fact)
    }

    package static func == (lhs: ReviewLedger, rhs: ReviewLedger) -> Bool {
        lhs.cardIDs == rhs.cardIDs && lhs.cards == rhs.cards && lhs.profiles == rhs.profiles
    }
}

/// Ledger parts that do not fit together (from a damaged snapshot).
struct LedgerInconsistency: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
