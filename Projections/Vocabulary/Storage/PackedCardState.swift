import FSRS

/// An FSRS `CardState?` as plain data in 42 bytes: every field at a fixed width, `phase` 0
/// standing for "no state" (a new card). The card table and the undo ring keep states in this
/// form, so that a card's hot fields fit one cache line with its indexes' places, and an undo
/// entry fits another, with no optional payloads and no heap.
///
/// Narrower than `CardState` where the scheduler's states allow it:
/// - the local day of the last review is held as its distance from the UTC day of the last
///   review's instant (``dayOffset``): the person's UTC offset (at most 18 hours) and the day
///   cut-off move it by at most two days, so it always fits a byte;
/// - the interval is 32 bits: `SchedulerConfiguration` caps the maximum interval at
///   `Int32.max` days;
/// - counts (`step`, `reps`, `lapses`) are 32 bits: each grows by at most one per event of the
///   card, so no log can overflow them.
///
/// A state that breaks these (only a crafted snapshot can hold one) is refused where it is
/// decoded: ``init(dueMs:lastReviewMs:lastReviewDay:intervalDays:stability:difficulty:step:reps:lapses:phase:)``.
struct PackedCardState: Sendable, Equatable {
    var dueMs: Int64 = 0
    var lastReviewMs: Int64 = 0
    var stability: Float = 0
    var difficulty: Float = 0
    var intervalDays: Int32 = 0
    var step: Int32 = 0
    var reps: Int32 = 0
    var lapses: Int32 = 0
    /// `CardPhase.rawValue` (1 learning, 2 review, 3 relearning); 0 when there is no state.
    var phase: UInt8 = 0
    /// The local day of the last review minus the UTC day of ``lastReviewMs``.
    var dayOffset: Int8 = 0

    /// The packed form of no state (a new card).
    static let none = PackedCardState()

    /// True when a state is held (the card has a counted review).
    @inline(__always) var isPresent: Bool { phase != 0 }

    /// True when a state is held and it is in a learning or relearning step.
    @inline(__always) var isLearning: Bool { phase != 0 && phase != UInt8(CardPhase.review.rawValue) }

    /// The local day (the person's, after the day cut-off) of the last review.
    @inline(__always) var lastReviewDay: Int64 { DueCalendar.utcBucketDay(of: lastReviewMs) + Int64(dayOffset) }

    /// The packed form of `state` (``none`` for nil).
    /// - Precondition: `state` fits (see the type): every state the scheduler makes does.
    @inline(__always)
    init(_ state: CardState?) {
        guard let state else { return }
        guard let offset = Self.dayOffset(day: state.lastReviewDay, instantMs: state.lastReviewMs),
              let interval = Int32(exactly: state.intervalDays) else {
            preconditionFailure("card state (day \(state.lastReviewDay), interval \(state.intervalDays)) does not pack")
        }
        dueMs = state.dueMs
        lastReviewMs = state.lastReviewMs
        dayOffset = offset
        intervalDays = interval
        stability = state.memory.stability
        difficulty = state.memory.difficulty
        step = Int32(truncatingIfNeeded: state.step)
        reps = Int32(truncatingIfNeeded: state.reps)
        lapses = Int32(truncatingIfNeeded: state.lapses)
        phase = UInt8(truncatingIfNeeded: state.phase.rawValue)
    }

    /// An empty (new-card) state.
    init() {}

    /// A state from its full-width fields (as a snapshot holds them), or nil when it does not fit
    /// (see the type): a present state whose local day is out of a byte's reach of its last
    /// review's UTC day, or whose interval is beyond 32 bits. No state (`phase` 0) keeps only its
    /// phase: its other fields are zero whatever is passed.
    init?(dueMs: Int64, lastReviewMs: Int64, lastReviewDay: Int64, intervalDays: Int64, stability: Float,
          difficulty: Float, step: Int32, reps: Int32, lapses: Int32, phase: UInt8) {
        guard phase != 0 else { return }
        guard let offset = Self.dayOffset(day: lastReviewDay, instantMs: lastReviewMs),
              let interval = Int32(exactly: intervalDays) else { return nil }
        self.dueMs = dueMs
        self.lastReviewMs = lastReviewMs
        dayOffset = offset
        self.intervalDays = interval
        self.stability = stability
        self.difficulty = difficulty
        self.step = step
        self.reps = reps
        self.lapses = lapses
        self.phase = phase
    }

    /// Local `day` minus the UTC day of the instant `instantMs`, when it fits a byte (nil
    /// otherwise).
    @inline(__always)
    static func dayOffset(day: Int64, instantMs: Int64) -> Int8? {
        let (difference, overflow) = day.subtractingReportingOverflow(DueCalendar.utcBucketDay(of: instantMs))
        return overflow ? nil : Int8(exactly: difference)
    }

    /// The state again (nil for ``none``).
    @inline(__always)
    var unpacked: CardState? {
        guard phase != 0, let cardPhase = CardPhase(rawValue: Int(phase)) else { return nil }
        return CardState(memory: MemoryState(stability: stability, difficulty: difficulty), phase: cardPhase,
                         step: Int(step), reps: Int(reps), lapses: Int(lapses), lastReviewMs: lastReviewMs,
                         lastReviewDay: lastReviewDay, intervalDays: Int(intervalDays), dueMs: dueMs)
    }
}
