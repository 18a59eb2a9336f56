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
/// | 5 manual | any | a reset to new (Anki's "forget"; Anki 23.10 and later write set due date as 6); nothing on a card with no memory state (new, or reset since its last scheduled review: Anki logs a forget of such a card too, but it changes nothing, and the store refuses a reset of a new card) |
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

    /// The steps of one row, in order: none, one or two, held inline (a row allocates nothing).
    struct Steps: RandomAccessCollection, Equatable, ExpressibleByArrayLiteral {
        private let first: Step
        private let second: Step
        /// How many steps there are (0 … 2).
        let endIndex: Int

        /// No step.
        static let none = Steps(first: .dueSet, second: .dueSet, count: 0)

        private init(first: Step, second: Step, count: Int) {
            self.first = first
            self.second = second
            endIndex = count
        }

        /// The one step `step`.
        init(_ step: Step) { self.init(first: step, second: .dueSet, count: 1) }

        /// The two steps `first`, then `second`.
        init(_ first: Step, _ second: Step) { self.init(first: first, second: second, count: 2) }

        /// The steps listed (at most two), for tables of expected steps.
        init(arrayLiteral steps: Step...) {
            precondition(steps.count <= 2, "a row becomes at most two steps")
            self.init(first: steps.first ?? .dueSet, second: steps.count > 1 ? steps[1] : .dueSet, count: steps.count)
        }

        /// Always 0.
        var startIndex: Int { 0 }

        /// The step at `index` (0 or 1, below ``endIndex``).
        subscript(index: Int) -> Step {
            precondition(index >= 0 && index < endIndex, "step \(index) of \(endIndex)")
            return index == 0 ? first : second
        }

        static func == (lhs: Steps, rhs: Steps) -> Bool { lhs.elementsEqual(rhs) }
    }

    /// Whether the card has an FSRS history now (a learning answer since it was new or reset).
    private(set) var inHistory: Bool
    /// Whether the card has a memory state now, as the store sees it: a scheduled review since it
    /// was created or last reset (in the store before the import, or made by the walk).
    private(set) var hasMemoryState: Bool
    /// The state of the card's latest answer in its current history (nil: none yet).
    private var previous: RevlogRow.State?

    /// A walk from a card's first row: the file holds the card's whole revlog (a file of only
    /// newer rows of a card the store has: its answers before a learning answer are cram).
    /// `hasMemoryState`: whether the store holds a memory state for the card already (false for a
    /// card the import creates).
    init(hasMemoryState: Bool = false) {
        inHistory = false
        self.hasMemoryState = hasMemoryState
    }

    /// The events `row` becomes, in order, given the rows before it.
    mutating func steps(for row: RevlogRow) -> Steps {
        switch row.state {
        case .manual:
            inHistory = false
            previous = nil
            guard hasMemoryState else { return .none }
            hasMemoryState = false
            return Steps(.reset(implied: false))
        case .rescheduled:
            return inHistory ? Steps(.dueSet) : .none
        case _ where row.rating == 0:
            return .none
        case .filtered:
            return Steps(.graded(.cram))
        case .new, .learning, .review, .relearning:
            guard CardHistoryRule.revlogAnswerStartsHistory(row.state, after: previous) else {
                guard inHistory else { return Steps(.graded(.cram)) }
                previous = row.state
                hasMemoryState = true
                return Steps(.graded(.scheduled))
            }
            let implied = previous != nil
            inHistory = true
            hasMemoryState = true
            previous = row.state
            return implied ? Steps(.reset(implied: true), .graded(.scheduled)) : Steps(.graded(.scheduled))
        }
    }
}
