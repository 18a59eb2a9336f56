import FSRS

/// The periods true retention is grouped by: local days, weeks from Monday, calendar months.
public enum RetentionPeriod: String, Sendable, CaseIterable, Encodable {
    case day, week, month

    /// The first local day of the period holding local `day` (days since 1970-01-01): the day
    /// itself, the Monday on or before it, or the first of its month (proleptic Gregorian).
    /// - Complexity: O(1).
    public func start(ofDay day: Int64) -> Int64 {
        switch self {
        case .day: return day
        case .week:
            // 1970-01-05 (day 4) was a Monday.
            let sinceMonday = ((day - 4) % 7 + 7) % 7
            return day - sinceMonday
        case .month:
            let date = CivilDate(dayNumber: day)
            return CivilDate(year: date.year, month: date.month, day: 1).dayNumber
        }
    }
}

/// True retention per period: one row per period with a counted review, oldest first, and the
/// total over all of them.
public struct TrueRetentionTable: Sendable, Hashable, Encodable {
    /// One period's tally.
    public struct Row: Sendable, Hashable, Encodable {
        /// The period's first local day.
        public let start: Int64
        /// Its counted reviews.
        public let tally: RetentionTally
    }

    /// How the rows are grouped.
    public let period: RetentionPeriod
    /// The periods with a counted review, oldest first.
    public let rows: [Row]
    /// Every counted review.
    public let total: RetentionTally

    /// `reviews` grouped by `period` (any order in, oldest period first out).
    /// - Complexity: O(n + p log p) for n reviews in p periods.
    public init(_ reviews: some Sequence<RetentionReview>, by period: RetentionPeriod) {
        var tallies: [Int64: RetentionTally] = [:]
        var total = RetentionTally()
        for review in reviews {
            tallies[period.start(ofDay: review.day), default: RetentionTally()].add(review)
            total.add(review)
        }
        self.period = period
        rows = tallies.keys.sorted().map { Row(start: $0, tally: tallies[$0]!) }
        self.total = total
    }
}
