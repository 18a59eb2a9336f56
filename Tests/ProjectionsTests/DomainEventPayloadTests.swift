import Events
import Foundation
import Testing
@testable import Projections

/// The in-place payload getters the batch folds use instead of `switch` (which copies the event).
@Suite("Domain event payload getters")
struct DomainEventPayloadTests {
    static let card = CardID(UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)))
    static let other = CardID(UUID(uuid: (9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9)))
    static let review = EventID(UUID(uuid: (7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7)))
    static let graded = ReviewGraded(card: card, rating: .hard, mode: .cram, duration: try! ElapsedTime(milliseconds: 4_200))
    static let undone = ReviewUndone(card: other, review: review)

    /// Each event with what the three getters must give: the graded payload, the undone
    /// payload, the card looked up ahead.
    static let cases: [(DomainEvent, ReviewGraded?, ReviewUndone?, CardID?)] = [
        (.reviewGraded(graded), graded, nil, card),
        (.reviewUndone(undone), nil, undone, other),
        (.cardCreated(CardCreated(card: card, deck: DeckID(UUID(uuid: (3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3))),
                                  front: "Straße", back: "street")), nil, nil, card),
        (.cardEdited(CardEdited(card: other, front: "la maison", back: "the house")), nil, nil, other),
        (.cardSuspended(CardSuspended(card: card)), nil, nil, nil),
        (.unknown(UnknownEvent(typeName: "x.y", schemaVersion: 1, payload: [1, 2, 3])), nil, nil, nil),
    ]

    @Test("each getter gives its case's payload and nil for every other case", arguments: cases)
    func getters(event: DomainEvent, graded: ReviewGraded?, undone: ReviewUndone?, card: CardID?) {
        #expect(event.reviewGradedPayload == graded)
        #expect(event.reviewUndonePayload == undone)
        #expect(event.frequentEventCard == card)
        if case .cardCreated(let created) = event {
            let kept = event.cardCreatedFront
            #expect(kept?.card == created.card && kept?.deck == created.deck && kept?.front == created.front)
        } else {
            #expect(event.cardCreatedFront == nil)
        }
    }
}
