import Events

// The achievements sub-fold: counts and practice days per profile, and the rules they unlock
// (spelling sessions: `AchievementsState+Spelling.swift`). ``ActivityProjection`` decides the
// day, the review facts and the day's counts once and calls these; what a condition measures
// and when it is met is decided in `AchievementCondition.swift`, nowhere else.
extension AchievementsState {
    /// Counts a review the ledger accepted (its day's counts, the review counted, are
    /// `dayCounts`) and unlocks the review rules it meets; the day's activity is
    /// ``practised(_:on:unlocking:)``'s, as the streak rule says.
    /// - Returns: how many more reviews by `profile` on `day` can meet no rule (see
    ///   ``reviewsBeforeAnyRule(total:day:)``): what a batch's run may absorb.
    ///
    /// Works on the profile's entry in place, by index: the common review costs one lookup and a
    /// walk of the table's comparisons.
    @inline(__always)
    mutating func reviewed(_ profile: ProfileID, dayCounts: ActivityCounts, unlocking unlock: Unlock) -> Int {
        // The table is read before the standing's in-place access begins: read during it, `self`
        // would be copied while its dictionary is lent out.
        let rules = self.rules
        let index = standingIndex(of: profile)
        // Counted through a mutating call: reading `standings[at: index].reviews` would go
        // through the getter and copy the whole standing (retaining its tables) on every review.
        let total = standings[at: index].countReview()
        standings[at: index].observe(day: dayCounts)
        standings[at: index].unlock(rules, as: unlock, when: .reviewed(total: total, day: dayCounts))
        return reviewsBeforeAnyRule(total: total, day: dayCounts)
    }

    /// How many more reviews, by a profile with `total` reviews on a day counted `day`, on that
    /// same day, can meet no rule of the table (`Int.max` when none can).
    @inline(__always) func reviewsBeforeAnyRule(total: Int, day: ActivityCounts) -> Int {
        var least = Int.max
        for rule in rules { least = min(least, rule.condition.reviewsBeforeMet(total: total, day: day)) }
        return least
    }

    /// Counts `reviews` reviews and `practice` practice events (reviews among them) by `profile`
    /// on `day`, a day already active and now counted `dayCounts`, with no rule in reach (a
    /// batch's run, see ``ActivityRun``): no rule can be unlocked.
    mutating func absorbed(_ profile: ProfileID, on day: Int64, reviews: Int, practice: Int, dayCounts: ActivityCounts) {
        let index = standingIndex(of: profile)
        standings[at: index].reviews += reviews
        standings[at: index].activeDays.add(day, times: practice)
        standings[at: index].observe(day: dayCounts)
    }

    /// The index of `profile`'s standing, created empty on first use.
    @inline(__always) private mutating func standingIndex(of profile: ProfileID) -> RecentKeyTable<IDKey, ProfileAchievements>.Index {
        standings.index(of: IDKey(profile), default: ProfileAchievements.init)
    }

    /// Takes an undone review out of the counts and the practice days (never re-locking).
    mutating func tookBack(_ undo: ReviewUndo) {
        guard let index = standings.index(of: IDKey(undo.profile)) else { return }
        standings[at: index].reviews -= 1
        standings[at: index].activeDays.remove(undo.removed.day)
    }

    /// Takes note of the counts of a day of `profile`, `dayCounts`, after an event that counted
    /// on it without being practice.
    mutating func counted(_ profile: ProfileID, dayCounts: ActivityCounts) {
        standings[at: standingIndex(of: profile)].observe(day: dayCounts)
    }

    /// Makes `day` active for `profile` (practice, as the streak rule says: ``ActivityEvent/makesDayActive``)
    /// and unlocks the day rules (active days, streak lengths) it completes.
    mutating func practised(_ profile: ProfileID, on day: Int64, unlocking unlock: Unlock) {
        let rules = self.rules
        standings[at: standingIndex(of: profile)].practised(on: day, rules, as: unlock)
    }

    /// Counts a story read to its end (its day now counted `dayCounts`) and unlocks the story
    /// rules it meets; the day's activity is ``practised(_:on:unlocking:)``'s.
    mutating func finished(_ story: StoryID, profile: ProfileID, dayCounts: ActivityCounts, unlocking unlock: Unlock) {
        let rules = self.rules
        modify(profile) { standing in
            standing.observe(day: dayCounts)
            if standing.storiesFinished.insert(story).inserted {
                standing.unlock(rules, as: unlock, when: .storyFinished(distinct: standing.storiesFinished.count))
            }
        }
    }

    /// Changes `profile`'s standing in place (created empty on first use).
    @inline(__always) mutating func modify(_ profile: ProfileID, _ change: (inout ProfileAchievements) -> Void) {
        change(&standings[at: standingIndex(of: profile)])
    }
}
