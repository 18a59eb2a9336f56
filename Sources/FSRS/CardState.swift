/// Where a card is in its life (py-fsrs's states; the raw values are the revlog's
/// `review_state` codes).
public enum CardPhase: Int, Sendable, Hashable, Codable {
    /// New or in its learning steps.
    case learning = 1
    /// Graduated: scheduled in days.
    case review = 2
    /// Lapsed, in its relearning steps.
    case relearning = 3
}

/// A card's schedule after its latest counted review: a pure function of its history, the
/// configuration and the card id (see ``Scheduler``).
public struct CardState: Sendable, Hashable {
    /// The FSRS memory state.
    public var memory: MemoryState
    /// Learning, review or relearning.
    public var phase: CardPhase
    /// The index of the current (re)learning step; 0 in review.
    public var step: Int
    /// Counted reviews so far.
    public var reps: Int
    /// Again answers given in the review phase.
    public var lapses: Int
    /// When the latest counted review happened (ms since the epoch, UTC).
    public var lastReviewMs: Int64
    /// The local day of the latest counted review (see ``LocalDay``).
    public var lastReviewDay: Int64
    /// The interval chosen at the latest review, in days; 0 when the card is in a step.
    public var intervalDays: Int
    /// When the card is next due (ms since the epoch, UTC): after a step, the review time plus
    /// the step; after a day interval, the start of the local day that many days later.
    public var dueMs: Int64

    /// A state from its fields, as a store that keeps states (a read model's snapshot, a
    /// packed table) reads them back. It checks nothing: a state the scheduler did not make
    /// schedules on from whatever it says.
    @inlinable
    public init(memory: MemoryState, phase: CardPhase, step: Int, reps: Int, lapses: Int, lastReviewMs: Int64,
                lastReviewDay: Int64, intervalDays: Int, dueMs: Int64) {
        self.memory = memory
        self.phase = phase
        self.step = step
        self.reps = reps
        self.lapses = lapses
        self.lastReviewMs = lastReviewMs
        self.lastReviewDay = lastReviewDay
        self.intervalDays = intervalDays
        self.dueMs = dueMs
    }
}

/// What one counted review did: the numbers an audit shows.
public struct ScheduledReview: Sendable, Hashable {
    /// The review.
    public var review: ReviewRecord
    /// Elapsed local days since the previous counted review (0 for the first).
    public var elapsedDays: Int
    /// Retrievability at the moment of the review, from the state before it; nil for the
    /// first review and for same-day reviews (elapsed days 0).
    public var retrievability: Float?
    /// The memory state before the review; nil for the first.
    public var memoryBefore: MemoryState?
    /// The card after the review.
    public var state: CardState
    /// The unrounded interval I(S_after, desired retention), in days.
    public var intervalRaw: Float
}
