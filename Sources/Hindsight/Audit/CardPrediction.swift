import Events
import FSRS
import Projections

/// What a card's schedule predicts at one moment, under one configuration: its retrievability
/// now and on days ahead (FSRS's forgetting curve, ``MemoryModel/retrievability(elapsedDays:stability:)``,
/// over whole local days since the last review, as the scheduler counts them), the day it falls
/// to the desired retention, and what each rating would do if the card were reviewed now (the
/// ``Scheduler``'s own answer: its steps, rounding and deterministic fuzz, so the prediction is
/// what that review will schedule).
public struct CardPrediction: Sendable, Equatable, Encodable {
    /// The retrievability on one local day.
    public struct CurvePoint: Sendable, Equatable, Encodable {
        /// Local days from the day of the prediction (negative: already past).
        public let daysFromNow: Int64
        /// The local day (days since 1970-01-01 in the person's time, after the day cut-off).
        public let day: Int64
        /// Whole local days since the last review on that day (never below 0).
        public let elapsedDays: Int64
        /// The probability of recall on that day.
        public let retrievability: Float
    }

    /// What one rating given now would schedule.
    public struct Outcome: Sendable, Equatable, Encodable {
        /// The rating, 1 again … 4 easy.
        public let rating: Int
        /// The interval in days; 0 when the card goes into a (re)learning step.
        public let intervalDays: Int
        /// When the card would be due next.
        public let due: Timestamp
        /// Its phase afterwards: learning, review or relearning.
        public let phase: String
        /// Stability afterwards.
        public let stability: Float
        /// Difficulty afterwards.
        public let difficulty: Float
    }

    /// The days ahead the curve shows besides today.
    public static let daysAhead: [Int64] = [1, 3, 7, 14, 30, 90]

    /// The moment predicted from.
    public let at: EventTime
    /// Its local day under the configuration's cut-off.
    public let today: Int64
    /// The configuration predicted under.
    public let parameters: ParametersInForce
    /// Today, then each of ``daysAhead``; empty for a card with no memory state (new, or reset).
    public let curve: [CurvePoint]
    /// The first local day on which the retrievability is at most the desired retention
    /// (``MemoryModel/daysUntilRetrievability(fallsTo:stability:)`` after the last review); nil
    /// with no memory state.
    public let desiredRetentionReached: CurvePoint?
    /// Again, hard, good and easy, in that order.
    public let outcomes: [Outcome]

    /// The prediction for a card in `state` (nil: no counted review, or reset) at `time`, under
    /// `configuration`, its fuzz seeded by `fuzzSeed` (the card's `schedulerSeed`).
    /// - Complexity: O(1): four scheduler steps and a few `powf`s.
    public init(state: CardState?, configuration: SchedulerConfiguration, at time: EventTime, fuzzSeed: Int64) {
        let scheduler = Scheduler(configuration: configuration)
        let model = scheduler.model
        at = time
        today = LocalDay.number(of: time, cutoffHour: configuration.dayCutoffHour)
        parameters = ParametersInForce(configuration)
        outcomes = FSRSRating.allCases.map { rating in
            let review = ReviewRecord(rating: rating, timeMs: time.instant.milliseconds, utcOffsetMinutes: time.utcOffsetMinutes)
            let next = scheduler.nextState(after: review, from: state, fuzzSeed: fuzzSeed)
            return Outcome(rating: rating.rawValue, intervalDays: next.intervalDays, due: Timestamp(milliseconds: next.dueMs),
                           phase: String(describing: next.phase), stability: next.memory.stability,
                           difficulty: next.memory.difficulty)
        }
        guard let state else {
            curve = []
            desiredRetentionReached = nil
            return
        }
        let today = today
        func point(_ day: Int64) -> CurvePoint {
            let elapsed = max(0, day - state.lastReviewDay)
            return CurvePoint(daysFromNow: day - today, day: day, elapsedDays: elapsed,
                              retrievability: model.retrievability(elapsedDays: Float(elapsed), stability: state.memory.stability))
        }
        curve = ([0] + Self.daysAhead).map { point(today + $0) }
        let days = model.daysUntilRetrievability(fallsTo: configuration.desiredRetention, stability: state.memory.stability)
        desiredRetentionReached = point(state.lastReviewDay + days)
    }
}
