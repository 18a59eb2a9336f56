import Events
import FSRS

extension VocabularyState {
    /// Applies a reschedule recorded by `recorder`: each listed card that is part of the
    /// recorder's history (``isHistory(of:recordedBy:)``: owned by the recorder, not gone) and
    /// has a schedule takes the recorded stability, difficulty, interval and due instant; its
    /// phase, step, counts and last review stay. Unknown cards, cards never reviewed and the
    /// others are left as they are (the store lists none of them).
    ///
    /// The undo ring is not touched: undoing the card's next review restores the rescheduled
    /// state (the state before that review); undoing a review recorded before the reschedule
    /// restores the state remembered before that review, as every reader of the card-history
    /// rule takes it back.
    /// - Complexity: O(k) for the k listed cards.
    mutating func reschedule(_ rescheduled: CardsRescheduled, recordedBy recorder: ProfileID) {
        for card in rescheduled.cards {
            guard let slot = cards.slot(of: IDKey(card.card)), isHistory(of: slot, recordedBy: recorder),
                  var state = cards.hot[Int(slot)].state.unpacked else { continue }
            state.memory = MemoryState(stability: Float(card.stability), difficulty: Float(card.difficulty))
            state.intervalDays = Int(card.intervalDays)
            state.dueMs = card.dueMs
            unindex(slot)
            cards.hot[Int(slot)].state = PackedCardState(state)
            index(slot)
        }
    }
}
