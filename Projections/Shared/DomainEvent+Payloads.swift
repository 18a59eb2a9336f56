import Events

// Reading one case's payload out of an event that stays where it is (a batch's buffer).
//
// Why: `switch events[i].event { case .reviewGraded(let review): … }` in a fold that goes on to
// change its state copies the whole enum first (an outlined copy that switches on the case to
// retain its strings, then a destroy), because the buffer's memory could in principle change
// under the calls that follow. Inside these getters `self` is only borrowed, so only the payload
// is copied: for the plain-data payloads of reviews, a few loads.
extension DomainEvent {
    /// The payload of a ``DomainEvent/reviewGraded(_:)`` event, else nil.
    @inline(__always)
    package var reviewGradedPayload: ReviewGraded? {
        guard case .reviewGraded(let review) = self else { return nil }
        return review
    }

    /// The payload of a ``DomainEvent/reviewUndone(_:)`` event, else nil.
    @inline(__always)
    package var reviewUndonePayload: ReviewUndone? {
        guard case .reviewUndone(let undo) = self else { return nil }
        return undo
    }

    /// What the vocabulary fold keeps of a ``DomainEvent/cardCreated(_:)`` event (its card, deck
    /// and front; not the back, which only the card-content model keeps), else nil.
    @inline(__always)
    package var cardCreatedFront: (card: CardID, deck: DeckID, front: String)? {
        guard case .cardCreated(let created) = self else { return nil }
        return (created.card, created.deck, created.front)
    }

    /// The card of the frequent events about one card (a review, an undo, the card's creation or
    /// an edit of it), nil for every other event: what a batch fold looks up ahead.
    @inline(__always)
    package var frequentEventCard: CardID? {
        switch self {
        case .reviewGraded(let review): review.card
        case .reviewUndone(let undo): undo.card
        case .cardCreated(let created): created.card
        case .cardEdited(let edited): edited.card
        default: nil
        }
    }
}
