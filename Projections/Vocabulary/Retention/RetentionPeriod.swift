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
            let (year, month, _) = Self.civil(fromDay: day)
            return Self.day(year: year, month: month, day: 1)
        }
    }

    /// Year, month and day of month of local `day`, after Howard Hinnant's `civil_from_days`.
    static func civil(fromDay day: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = day + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
    }

    /// The day number of a civil date, after Howard Hinnant's `days_from_civil`.
    static func day(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
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
