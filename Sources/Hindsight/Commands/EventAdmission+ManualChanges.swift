import Events
import Projections

// The admission checks of a card's manual schedule changes (reset to new, due date set, the
// reschedule on a parameter change), called by their commands and by ``DecisionContext/admit(_:)``.
extension DecisionContext {
    /// Resetting live card `card` of `profile` to new: it has a review since it was created or last reset.
    /// - Throws: ``StoreError`` as ``liveCard(_:profile:)``; `invalidState` when the card is already new.
    func admitReset(_ card: CardID, profile: ProfileID) throws(StoreError) {
        guard try !liveCard(card, profile: profile).isNew else {
            throw StoreError(.invalidState, "card \(card) is already new (it has no review since it was created or last reset); "
                             + "nothing to reset", stream: .card(card), field: "card")
        }
    }

    /// Setting the due date of live card `card` of `profile`, which is not new.
    /// - Throws: ``StoreError`` as ``liveCard(_:profile:)``; `invalidState` when the card is new.
    func admitDueSet(_ card: CardID, profile: ProfileID) throws(StoreError) {
        guard try !liveCard(card, profile: profile).isNew else {
            throw StoreError(.invalidState, "card \(card) is new, so it has no due date to set; review it first "
                             + "(new cards are offered by the daily new-card limit)", stream: .card(card), field: "card")
        }
    }

    /// Rescheduling `cards` of `profile`: each live, the profile's, and reviewed (with a schedule to recompute).
    /// - Throws: ``StoreError`` as ``liveCard(_:profile:)``; `invalidState` for a card never reviewed.
    func admitReschedule(_ cards: [RescheduledCard], profile: ProfileID) throws(StoreError) {
        for card in cards where try liveCard(card.card, profile: profile).isNew {
            throw StoreError(.invalidState, "card \(card.card) has never been reviewed; only reviewed cards have a schedule to recompute",
                             stream: .card(card.card), field: "cards")
        }
    }
}
