import Events
import FSRS

/// One card as the scheduler sees it: identity, placement, lifecycle and its FSRS schedule (what
/// the card shows, its back, translations and example sentences: ``CardContent``).
public struct CardSummary: Sendable, Equatable {
    /// The card.
    public let id: CardID
    /// The deck it is in now.
    public let deck: DeckID
    /// Whose card it is.
    public let profile: ProfileID
    /// The prompt side, as last edited.
    public let front: String
    /// The log position of its creation (creation order).
    public let createdPosition: UInt64
    /// When it was created.
    public let created: EventTime
    /// Taken out of scheduling until unsuspended.
    public let isSuspended: Bool
    /// Deleted itself.
    public let isDeleted: Bool
    /// Its deck is deleted (the card with it).
    public let isDeckDeleted: Bool
    /// How many times its sides were edited.
    public let edits: Int
    /// How many times it moved between decks.
    public let moves: Int
    /// The FSRS state after its counted reviews (memory state, reps, lapses, phase and step,
    /// last review, interval, due); nil while the card is new.
    public let schedule: CardState?
    /// Cram reviews recorded and not undone (they never change ``schedule``).
    public let cramReviews: Int
    /// How many of its latest reviews can still be undone.
    public let undoableReviews: Int

    /// True when the card is deleted or its deck is.
    public var isGone: Bool { isDeleted || isDeckDeleted }
    /// True when the learner keeps forgetting it (``LeechRule``: 8 lapses or more).
    public var isLeech: Bool { LeechRule.isLeech(schedule) }
    /// True while no counted review exists.
    public var isNew: Bool { schedule == nil }
    /// When it is next due; nil while new.
    public var due: Timestamp? { schedule.map { Timestamp(milliseconds: $0.dueMs) } }

    init(id: CardID, deck: DeckID, profile: ProfileID, front: String, createdPosition: UInt64, created: EventTime,
         isSuspended: Bool, isDeleted: Bool, isDeckDeleted: Bool, edits: Int, moves: Int, schedule: CardState?,
         cramReviews: Int, undoableReviews: Int) {
        self.id = id
        self.deck = deck
        self.profile = profile
        self.front = front
        self.createdPosition = createdPosition
        self.created = created
        self.isSuspended = isSuspended
        self.isDeleted = isDeleted
        self.isDeckDeleted = isDeckDeleted
        self.edits = edits
        self.moves = moves
        self.schedule = schedule
        self.cramReviews = cramReviews
        self.undoableReviews = undoableReviews
    }
}

/// One deck as an app lists it.
public struct DeckSummary: Sendable, Equatable {
    /// The deck.
    public let id: DeckID
    /// Its current name.
    public let name: String
    /// Whose deck it is.
    public let profile: ProfileID
    /// The log position of its creation.
    public let createdPosition: UInt64
    /// Deleted (its cards with it).
    public let isDeleted: Bool
    /// Its cards that are not deleted (suspended ones included).
    public let cardCount: Int
}
