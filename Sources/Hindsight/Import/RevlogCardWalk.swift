import Events
import FSRS
import Projections

/// What the rows of one card's revlog become, row by row, in time order: every row is kept as
/// history. Pure: a small state machine over the card's rows.
///
/// The mapping (Anki's revlog `type` is the CSV's `review_state` less one):
///
/// | review_state | rating | becomes |
/// |---|---|---|
/// | 0 new, 1 learning | 1 … 4 | a scheduled review; when it starts a learning run after answers of the card's current history (``CardHistoryRule/revlogAnswerStartsHistory(_:after:)``), a reset first |
/// | 2 review, 3 relearning | 1 … 4 | a scheduled review in a history; a cram review when the card has none yet (no learning answer since it was new or reset: fsrs-rs gives it no FSRS history) |
/// | 4 filtered (cram, filtered deck) | 1 … 4 | a cram review: counted as an answer, the memory state unchanged |
/// | 5 manual | any | a reset to new (Anki's "forget"; Anki 23.10 and later write set due date as 6) |
/// | 6 rescheduled | any | a due date set, its date unknown (the CSV does not carry it); nothing on a card with no FSRS history (it has no due to move, and the store refuses it) |
/// | 0 … 4 | 0 | nothing: not an answer, and no manual change Anki writes so |
struct RevlogCardWalk {
    /// One event a row becomes.
    enum Step: Hashable {
        /// A `vocabulary.review-graded` event in this mode.
        case graded(ReviewMode)
        /// A `vocabulary.card-reset` event: recorded in the file (`implied` false), or implied by
        /// a learning run after answers with no reset row between (`implied` true).
        case reset(implied: Bool)
        /// A `vocabulary.card-due-set` event with no date.
        case dueSet
    }

    /// Whether the card has an FSRS history now (a learning answer since it was new or reset).
    private(set) var inHistory: Bool
    /// The state of the card's latest answer in its current history (nil: none yet).
    private var previous: RevlogRow.State?

    /// A walk from a card's first row: the file holds the card's whole revlog (a file of only
    /// newer rows of a card the store has: its answers before a learning answer are cram).
    init() {
        inHistory = false
    }

    /// The events `row` becomes, in order, given the rows before it.
    mutating func steps(for row: RevlogRow) -> [Step] {
        switch row.state {
        case .manual:
            inHistory = false
            previous = nil
            return [.reset(implied: false)]
        case .rescheduled:
            return inHistory ? [.dueSet] : []
        case _ where row.rating == 0:
            return []
        case .filtered:
            return [.graded(.cram)]
        case .new, .learning, .review, .relearning:
            guard CardHistoryRule.revlogAnswerStartsHistory(row.state, after: previous) else {
                guard inHistory else { return [.graded(.cram)] }
                previous = row.state
                return [.graded(.scheduled)]
            }
            let implied = previous != nil
            inHistory = true
            previous = row.state
            return implied ? [.reset(implied: true), .graded(.scheduled)] : [.graded(.scheduled)]
        }
    }
}
