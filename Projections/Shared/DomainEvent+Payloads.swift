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

    /// The card a review or an undo is about (nil for every other event).
    @inline(__always)
    package var reviewedCard: CardID? {
        switch self {
        case .reviewGraded(let review): review.card
        case .reviewUndone(let undo): undo.card
        default: nil
        }
    }
}
