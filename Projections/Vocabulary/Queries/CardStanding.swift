import Events
import FSRS

/// What a command or an imported event is checked against when it names a card: whose it is,
/// where it is, whether it is suspended, gone or new, and when it was created. The few facts of
/// ``CardSummary`` that admission reads, taken from the card's hot record and two columns (a
/// summary reads every column, its text among them: the import checks a card for every review).
package struct CardStanding: Sendable, Equatable {
    /// Whose card it is.
    package let profile: ProfileID
    /// The deck it is in now.
    package let deck: DeckID
    /// When it was created.
    package let created: EventTime
    /// Taken out of scheduling until unsuspended.
    package let isSuspended: Bool
    /// Deleted itself.
    package let isDeleted: Bool
    /// Its deck is deleted (the card with it).
    package let isDeckDeleted: Bool
    /// True while no counted review exists.
    package let isNew: Bool

    /// True when the card is deleted or its deck is.
    package var isGone: Bool { isDeleted || isDeckDeleted }
}

extension VocabularyState {
    /// The standing of card `id`, or nil when no such card was created: the same facts as its
    /// ``card(_:)`` summary gives.
    /// - Complexity: O(1).
    package func standing(of id: CardID) -> CardStanding? {
        cards.slot(of: IDKey(id)).map(standing(atSlot:))
    }

    /// The standing of card `id` and the instant a new review of it may not precede
    /// (``lastReviewInstantMs(of:)``), found with one lookup: what a review's admission reads;
    /// nil when no such card was created.
    /// - Complexity: O(1), or O(n) for n cards while a restored snapshot's undo entries are
    ///   still encoded.
    package func reviewStanding(of id: CardID) -> (standing: CardStanding, lastReviewInstantMs: Int64?)? {
        guard let slot = cards.slot(of: IDKey(id)) else { return nil }
        return (standing(atSlot: slot), cards.lastReviewInstantMs(slot))
    }

    /// The standing of card `id` and its schedule (its ``CardSummary/schedule``: nil while new),
    /// found with one lookup: what a replay that reads each card's state before each of its
    /// reviews needs (true retention, answer buttons), without building a summary per review.
    /// Nil when no such card was created.
    /// - Complexity: O(1).
    package func scheduledStanding(of id: CardID) -> (standing: CardStanding, schedule: CardState?)? {
        guard let slot = cards.slot(of: IDKey(id)) else { return nil }
        return (standing(atSlot: slot), cards.hot[Int(slot)].state.unpacked)
    }

    /// The standing of the card at `slot`.
    @inline(__always)
    private func standing(atSlot slot: Int32) -> CardStanding {
        let index = Int(slot), hot = cards.hot[index]
        return CardStanding(profile: profiles.ids[Int(hot.profile)], deck: decks.ids[Int(cards.decks[index])],
                            created: cards.created[index], isSuspended: hot.isSuspended, isDeleted: hot.isDeleted,
                            isDeckDeleted: hot.isDeckDeleted, isNew: !hot.state.isPresent)
    }
}
