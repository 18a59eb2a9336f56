import Events
import FSRS
import Projections

/// What a rebuild under other parameters changes: how many cards change due date, by how
/// much (in buckets), and the schedule's figures before and after.
public struct RebuildReport: Sendable, Equatable, Encodable {
    /// The last log position folded.
    public let position: UInt64
    /// The configuration the rebuild scheduled with.
    public let parameters: ParametersInForce
    /// Whether the log's `DesiredRetentionChanged` events were overridden too.
    public let retentionOverridden: Bool
    /// Live cards (not deleted, deck not deleted, not suspended) with a schedule.
    public let cardsCompared: Int
    /// Of those, the cards whose due instant differs.
    public let cardsChangingDue: Int
    /// How far due dates move, one count per bucket in ``DueShift/allCases`` order.
    public let distribution: [DueShiftCount]
    /// The figures as the log schedules today.
    public let before: ScheduleStats
    /// The figures after the rebuild.
    public let after: ScheduleStats
}

/// How far a card's due instant moves in a rebuild, in whole days (the difference truncated
/// toward zero): a move of 23 hours is "less than a day".
public enum DueShift: String, Sendable, CaseIterable, Encodable {
    case earlierOver30Days = "earlier by >30d"
    case earlier8To30Days = "earlier by 8-30d"
    case earlier1To7Days = "earlier by 1-7d"
    case earlierUnderADay = "earlier by <1d"
    case same = "same"
    case laterUnderADay = "later by <1d"
    case later1To7Days = "later by 1-7d"
    case later8To30Days = "later by 8-30d"
    case laterOver30Days = "later by >30d"

    /// The bucket of a move from `before` to `after` (ms since the epoch).
    public init(from before: Int64, to after: Int64) {
        let delta = after - before
        let days = abs(delta) / LocalDay.millisecondsPerDay
        switch (delta.signum(), days) {
        case (0, _): self = .same
        case (-1, 0): self = .earlierUnderADay
        case (-1, 1...7): self = .earlier1To7Days
        case (-1, 8...30): self = .earlier8To30Days
        case (-1, _): self = .earlierOver30Days
        case (_, 0): self = .laterUnderADay
        case (_, 1...7): self = .later1To7Days
        case (_, 8...30): self = .later8To30Days
        default: self = .laterOver30Days
        }
    }
}

/// One bucket of a due-date distribution.
public struct DueShiftCount: Sendable, Equatable, Encodable {
    /// The bucket.
    public let shift: DueShift
    /// How many cards fall in it.
    public let cards: Int
}

/// A schedule's figures at one instant, over live cards with a schedule (new, suspended and
/// deleted cards are left out).
public struct ScheduleStats: Sendable, Equatable, Encodable {
    /// Cards with a schedule.
    public var reviewedCards = 0
    /// Cards due before the next local day starts (overdue ones included); in a rebuild's report,
    /// the due queue's ``VocabularyState/dueToday(profile:deck:at:)`` summed over the profiles
    /// (each with its own cut-off; buried cards and those its daily review limit holds back left out).
    public var dueToday = 0
    /// Cards due before the local day 7 days after today starts (today's included).
    public var dueInNext7Days = 0
    /// The mean stability in days; nil without cards.
    public var meanStability: Double?
    /// The mean interval in days of the cards in the review phase; nil without any.
    public var meanIntervalDays: Double?

    /// The figures of `states` at `now`; a local day starts at `cutoffHour` at now's UTC offset.
    /// - Complexity: O(n).
    public init(_ states: some Sequence<CardState>, now: EventTime, cutoffHour: Int) {
        self.init(cutoffs: states.map { ($0, cutoffHour: cutoffHour) }, now: now)
    }

    /// The figures of `states` at `now`, each card's local day starting at its profile's
    /// `cutoffHour` at now's UTC offset.
    /// - Complexity: O(n).
    package init(cutoffs states: [(CardState, cutoffHour: Int)], now: EventTime) {
        var stability = 0.0, interval = 0.0, inReview = 0
        for (state, cutoffHour) in states {
            let today = LocalDay.number(of: now, cutoffHour: cutoffHour)
            reviewedCards += 1
            if state.dueMs < LocalDay.start(ofDay: today + 1, offsetOf: now, cutoffHour: cutoffHour) { dueToday += 1 }
            if state.dueMs < LocalDay.start(ofDay: today + 7, offsetOf: now, cutoffHour: cutoffHour) { dueInNext7Days += 1 }
            stability += Double(state.memory.stability)
            if state.phase == .review {
                inReview += 1
                interval += Double(state.intervalDays)
            }
        }
        meanStability = reviewedCards > 0 ? stability / Double(reviewedCards) : nil
        meanIntervalDays = inReview > 0 ? interval / Double(inReview) : nil
    }
}
