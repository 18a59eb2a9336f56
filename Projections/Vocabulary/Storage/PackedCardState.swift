import FSRS

/// An FSRS `CardState?` as plain data: every field at a fixed width, `phase` 0 standing for
/// "no state" (a new card). The card table and the undo ring keep states in this form, so a
/// card's hot fields and its remembered reviews need no optional payloads and no heap.
///
/// Counts (`step`, `reps`, `lapses`) are held in 32 bits: each one grows by at most one per
/// event of the card, so no log can overflow them.
struct PackedCardState: Sendable, Equatable {
    var dueMs: Int64 = 0
    var lastReviewMs: Int64 = 0
    var lastReviewDay: Int64 = 0
    var intervalDays: Int64 = 0
    var stability: Float = 0
    var difficulty: Float = 0
    var step: Int32 = 0
    var reps: Int32 = 0
    var lapses: Int32 = 0
    /// `CardPhase.rawValue` (1 learning, 2 review, 3 relearning); 0 when there is no state.
    var phase: UInt8 = 0

    /// The packed form of no state (a new card).
    static let none = PackedCardState()

    /// True when a state is held (the card has a counted review).
    @inline(__always) var isPresent: Bool { phase != 0 }

    /// True when a state is held and it is in a learning or relearning step.
    @inline(__always) var isLearning: Bool { phase != 0 && phase != UInt8(CardPhase.review.rawValue) }

    /// The packed form of `state` (``none`` for nil).
    @inline(__always)
    init(_ state: CardState?) {
        guard let state else { return }
        dueMs = state.dueMs
        lastReviewMs = state.lastReviewMs
        lastReviewDay = state.lastReviewDay
        intervalDays = Int64(state.intervalDays)
        stability = state.memory.stability
        difficulty = state.memory.difficulty
        step = Int32(truncatingIfNeeded: state.step)
        reps = Int32(truncatingIfNeeded: state.reps)
        lapses = Int32(truncatingIfNeeded: state.lapses)
        phase = UInt8(truncatingIfNeeded: state.phase.rawValue)
    }

    /// An empty (new-card) state.
    init() {}

    /// The state again (nil for ``none``).
    @inline(__always)
    var unpacked: CardState? {
        guard phase != 0, let cardPhase = CardPhase(rawValue: Int(phase)) else { return nil }
        var state = Self.template
        state.memory = MemoryState(stability: stability, difficulty: difficulty)
        state.phase = cardPhase
        state.step = Int(step)
        state.reps = Int(reps)
        state.lapses = Int(lapses)
        state.lastReviewMs = lastReviewMs
        state.lastReviewDay = lastReviewDay
        state.intervalDays = Int(intervalDays)
        state.dueMs = dueMs
        return state
    }

    /// A state to overwrite field by field: `CardState` has public fields but no public
    /// initializer, so one is made by the scheduler and every field is then replaced.
    private static let template: CardState = {
        let configuration = try! SchedulerConfiguration.memoryModel()
        return Scheduler(configuration: configuration)
            .apply(ReviewRecord(rating: .good, timeMs: 0), to: nil, cardID: 0).state
    }()
}
