import Events
import FSRS

/// Everything the vocabulary read model keeps about one card: identity, placement, lifecycle,
/// its FSRS state and a bounded stack of recent reviews for undo.
struct CardRecord: Sendable, Equatable {
    /// How many recent reviews a card remembers for undo. The store only allows undoing the
    /// latest review that is not yet undone, so consecutive undos walk down this stack; beyond
    /// this depth an undo is ignored (the state then keeps that review).
    static let undoDepth = 8

    var id: CardID
    var deck: DeckID
    var profile: ProfileID
    var front: String
    var createdPosition: UInt64
    var created: EventTime
    var isSuspended = false
    var isDeleted = false
    var edits = 0
    var moves = 0
    /// The FSRS state after the counted reviews; nil while the card is new.
    var schedule: CardState?
    /// Cram reviews recorded (and not undone).
    var cramReviews = 0
    /// The most recent reviews, oldest first, at most ``undoDepth``.
    var recentReviews = ReviewStack()
    /// ``Identifier/schedulerSeed`` of the id, cached (not encoded).
    var seed: Int64

    init(id: CardID, deck: DeckID, profile: ProfileID, front: String, createdPosition: UInt64, created: EventTime) {
        self.id = id
        self.deck = deck
        self.profile = profile
        self.front = front
        self.createdPosition = createdPosition
        self.created = created
        seed = id.schedulerSeed
    }

    /// Remembers `review`, forgetting the oldest beyond ``undoDepth``.
    @inline(__always)
    mutating func remember(_ review: RecentReview) {
        recentReviews.append(review)
    }
}

extension CardRecord {
    /// The fields a review reads, without the strings and the review stack.
    struct Peek {
        var profile: ProfileID
        var deck: DeckID
        var schedule: CardState?
        var seed: Int64
        var createdPosition: UInt64
        var isSuspended: Bool
        var isDeleted: Bool
    }

    /// Reads the fields a review needs through `inout` access, which (unlike the getter of a
    /// dictionary's values) does not copy the whole record.
    @inline(__always)
    static func peek(_ card: inout CardRecord) -> Peek {
        Peek(profile: card.profile, deck: card.deck, schedule: card.schedule, seed: card.seed,
             createdPosition: card.createdPosition, isSuspended: card.isSuspended, isDeleted: card.isDeleted)
    }

    /// Applies a counted review in place: the new state, and the review remembered for undo.
    @inline(__always)
    static func reviewed(_ card: inout CardRecord, next: CardState, remembering review: RecentReview) {
        card.schedule = next
        card.recentReviews.append(review)
    }
}

/// One remembered review: its event id and what undoing it restores.
struct RecentReview: Sendable, Equatable {
    enum Effect: Sendable, Equatable {
        /// A cram review: undoing it only uncounts it.
        case cram
        /// A counted review: undoing it restores `before` (nil: the card was new); `day` is the
        /// local day it was counted on (for the daily new-card count).
        case scheduled(before: CardState?, day: Int64)
    }

    var review: EventID
    var effect: Effect
}

/// What the read model keeps about one deck.
struct DeckRecord: Sendable, Equatable {
    var id: DeckID
    var name: String
    var profile: ProfileID
    var createdPosition: UInt64
    var isDeleted = false
}

/// The first counted reviews of a profile's cards on its latest local day with any: the
/// daily new-card limit subtracts ``count`` when the query's day is ``day``.
struct DailyIntroductions: Sendable, Equatable {
    var day: Int64
    var count: Int
}
