/// Replays a card's review history into its schedule: memory state after every review,
/// learning and relearning steps (as py-fsrs, FORMULAS.md 10), day intervals with optional
/// deterministic fuzz, and due instants.
///
/// Elapsed days are counted in the person's local days (``LocalDay``) with the configured
/// cut-off hour, as fsrs-rs's callers do; a review on the same local day uses the short-term
/// stability formula whatever the card's phase. Cram and undone reviews are filtered out.
public struct Scheduler: Sendable {
    /// The configuration the schedule follows.
    public let configuration: SchedulerConfiguration
    /// The memory model for the configuration's parameters.
    public let model: MemoryModel
    /// r^(1/decay) − 1 for the desired retention, hoisted out of the interval formula.
    let retentionTerm: Float

    /// A scheduler for `configuration`.
    public init(configuration: SchedulerConfiguration) {
        self.configuration = configuration
        model = MemoryModel(parameters: configuration.parameters)
        retentionTerm = FloatMath.pow(configuration.desiredRetention, 1 / model.decay) - 1
    }

    /// The unrounded interval for stability `s` at the desired retention (the same `Float`
    /// as ``MemoryModel/intervalRaw(stability:desiredRetention:)``).
    @inline(__always)
    func intervalRaw(_ s: Float) -> Float { s / model.factor * retentionTerm }

    /// Applies one counted review to `state` (nil for a new card).
    ///
    /// The caller filters with ``ReviewRecord/countsForSchedule``; ``replay(_:fuzzSeed:)`` does.
    /// A review dated before the previous one counts as the same day (elapsed days never
    /// go below 0). `fuzzSeed` (a number fixed per card, such as `CardID.schedulerSeed`) seeds the fuzz.
    @inline(__always)
    public func apply(_ review: ReviewRecord, to state: CardState?, fuzzSeed: Int64) -> ScheduledReview {
        let step = schedule(review, from: state, fuzzSeed: fuzzSeed)
        var retrievability: Float?
        if let before = step.memoryBefore, step.elapsedDays > 0 {
            retrievability = model.retrievability(elapsedDays: Float(step.elapsedDays), stability: before.stability)
        }
        return ScheduledReview(review: review, elapsedDays: step.elapsedDays, retrievability: retrievability,
                               memoryBefore: step.memoryBefore, state: step.state, intervalRaw: step.intervalRaw)
    }

    /// The card after one counted review of `state` (nil for a new card): exactly
    /// `apply(review, to: state, fuzzSeed: fuzzSeed).state`, without working out the rest of the
    /// ``ScheduledReview`` (the retrievability at the review costs a `powf`), for folds that
    /// keep only the state.
    public func nextState(after review: ReviewRecord, from state: CardState?, fuzzSeed: Int64) -> CardState {
        schedule(review, from: state, fuzzSeed: fuzzSeed).state
    }

    /// What ``apply(_:to:fuzzSeed:)`` and ``nextState(after:from:fuzzSeed:)`` share: the elapsed
    /// days, the memory before, the card after and the raw interval of one counted review.
    @inline(__always)
    private func schedule(_ review: ReviewRecord, from state: CardState?, fuzzSeed: Int64)
        -> (elapsedDays: Int, memoryBefore: MemoryState?, state: CardState, intervalRaw: Float) {
        let cutoff = configuration.dayCutoffHour
        let day = LocalDay.number(timeMs: review.timeMs, utcOffsetMinutes: review.utcOffsetMinutes, cutoffHour: cutoff)
        let elapsed = state.map { Int(max(0, day - $0.lastReviewDay)) } ?? 0
        let before = state?.memory
        let memory = model.nextState(from: before, rating: review.rating, elapsedDays: elapsed)
        let raw = intervalRaw(memory.stability)
        let reps = (state?.reps ?? 0) + 1
        var next = CardState(memory: memory, phase: state?.phase ?? .learning, step: state?.step ?? 0,
                             reps: reps, lapses: state?.lapses ?? 0, lastReviewMs: review.timeMs,
                             lastReviewDay: day, intervalDays: 0, dueMs: review.timeMs)
        let transition = stepTransition(phase: next.phase, step: next.step, rating: review.rating)
        if next.phase == .review && review.rating == .again { next.lapses += 1 }
        switch transition {
        case .step(let phase, let index, let delayMs):
            next.phase = phase
            next.step = index
            next.dueMs = review.timeMs + delayMs
        case .days:
            let days = configuration.fuzz
                ? IntervalFuzz.interval(raw, factor: IntervalFuzz.factor(fuzzSeed: fuzzSeed, ordinal: reps),
                                        maximum: configuration.maximumInterval)
                : MemoryModel.roundAndClamp(raw, maximumInterval: configuration.maximumInterval)
            next.phase = .review
            next.step = 0
            next.intervalDays = days
            next.dueMs = LocalDay.start(ofDay: day + Int64(days), utcOffsetMinutes: review.utcOffsetMinutes,
                                        cutoffHour: cutoff)
        }
        return (elapsed, before, next, raw)
    }

    /// Every counted review of `history` (in the order given, which should be time order),
    /// with the card after each. Cram and undone reviews are skipped.
    /// - Complexity: O(n) for n reviews.
    public func replay(_ history: [ReviewRecord], fuzzSeed: Int64) -> [ScheduledReview] {
        var results: [ScheduledReview] = []
        results.reserveCapacity(history.count)
        var state: CardState?
        for review in history where review.countsForSchedule {
            let result = apply(review, to: state, fuzzSeed: fuzzSeed)
            results.append(result)
            state = result.state
        }
        return results
    }

    /// The card after its whole history (nil when no review counts), without keeping the
    /// per-review results.
    /// - Complexity: O(n) for n reviews; no allocation.
    public func state(after history: ArraySlice<ReviewRecord>, fuzzSeed: Int64) -> CardState? {
        var state: CardState?
        for review in history where review.countsForSchedule {
            state = nextState(after: review, from: state, fuzzSeed: fuzzSeed)
        }
        return state
    }

    /// The card after its whole history; see ``state(after:fuzzSeed:)-(ArraySlice<ReviewRecord>,_)``.
    /// - Complexity: O(n) for n reviews; no allocation.
    public func state(after history: [ReviewRecord], fuzzSeed: Int64) -> CardState? {
        state(after: history[...], fuzzSeed: fuzzSeed)
    }
}
