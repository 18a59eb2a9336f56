import Events

// The DailyStats sub-fold: finds the counts of an event's profile and local day and applies
// ``DailyStatsRule`` to them (what each event adds is decided there, nowhere else).
// ``ActivityProjection`` decides the day and the review facts once and calls these.
extension DailyStatsState {
    /// Counts a review the ledger accepted.
    /// - Returns: the day's counts, the review counted.
    @discardableResult
    @inline(__always) mutating func counted(_ review: ReviewFact, profile: ProfileID) -> ActivityCounts {
        update(profile, review.day) { DailyStatsRule.count(review, sign: 1, into: &$0) }
    }

    /// Counts an event other than a review or an undo on local day `day` of `profile`.
    /// - Returns: the day's counts, the event counted.
    @discardableResult
    @inline(__always) mutating func counted(_ event: ActivityEvent, profile: ProfileID, day: Int64) -> ActivityCounts {
        update(profile, day) { DailyStatsRule.count(event, into: &$0) }
    }

    /// Adds `counts` (counted by ``DailyStatsRule`` in a batch's run, see ``ActivityRun``) to day
    /// `day` of `profile`.
    /// - Returns: the day's counts, `counts` added.
    mutating func add(_ counts: ActivityCounts, profile: ProfileID, day: Int64) -> ActivityCounts {
        update(profile, day) { $0 += counts }
    }

    /// Takes an undone review back out of its day (and its card out of the day's new cards
    /// when it was the card's first scheduled review), dropping the day when nothing is left on it.
    mutating func tookBack(_ undo: ReviewUndo) {
        let key = ProfileDay(profile: undo.profile, day: undo.removed.day)
        var dayCounts = counts[key] ?? ActivityCounts()
        DailyStatsRule.count(undo.removed, sign: -1, into: &dayCounts)
        counts.update(key, to: dayCounts.isEmpty ? nil : dayCounts)
    }

    /// Changes the counts of `day` in place and returns them.
    @inline(__always) private mutating func update(_ profile: ProfileID, _ day: Int64,
                                                   _ change: (inout ActivityCounts) -> Void) -> ActivityCounts {
        let index = counts.index(of: ProfileDay(profile: profile, day: day), default: ActivityCounts.init)
        change(&counts[at: index])
        return counts[at: index]
    }
}
