import Events

// The achievements sub-fold: counts and practice days per profile, and the rules they unlock
// (spelling sessions: `AchievementsState+Spelling.swift`). ``ActivityProjection`` decides the
// day and the review facts once and calls these; the rule table is only walked when a count
// reaches a target or a day becomes active, so the common review costs a few additions.
extension AchievementsState {
    /// Counts a review the ledger accepted, on `day`, and unlocks what it earns.
    /// - Returns: the profile's review total, this review counted.
    ///
    /// Works on the profile's entry in place, by index, reading ``rules`` and ``reviewTargets``
    /// beside it (no copies of the tables, no closure over them): the common review costs one
    /// lookup and a few additions.
    @discardableResult
    @inline(__always) mutating func reviewed(_ profile: ProfileID, on day: Int64, unlocking unlock: Unlock) -> Int {
        let index = standingIndex(of: profile)
        // Counted through a mutating call: reading `standings[at: index].reviews` would go
        // through the getter and copy the whole standing (retaining its arrays) on every review.
        let total = standings[at: index].countReview()
        if reviewTargets.contains(total) {
            // Counts rise one at a time, so each target is met exactly when reached (a count
            // that falls by an undo and rises again finds the rule already unlocked).
            standings[at: index].unlock(rules, as: unlock) { condition in
                switch condition {
                case .firstReview: total == 1
                case .reviews(let count): total == count
                default: false
                }
            }
        }
        standings[at: index].practised(on: day, rules, as: unlock)
        return total
    }

    /// How many more reviews a profile with `total` reviews can have before one reaches a
    /// review target of the rules (`Int.max` when none is ahead): what a batch's run may absorb
    /// (see ``ActivityRun``).
    @inline(__always) func reviewsBeforeNextTarget(after total: Int) -> Int {
        guard let next = reviewTargets.first(where: { $0 > total }) else { return Int.max }
        return next - total - 1
    }

    /// Counts `reviews` reviews and `practice` practice events (reviews among them) by `profile`
    /// on `day`, a day already active, with no review target reached (a batch's run, see
    /// ``ActivityRun``): no rule can be unlocked.
    mutating func absorbed(_ profile: ProfileID, on day: Int64, reviews: Int, practice: Int) {
        let index = standingIndex(of: profile)
        standings[at: index].reviews += reviews
        standings[at: index].activeDays.add(day, times: practice)
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

    /// Counts practice by `profile` on `day` (a word spelled) and unlocks the day rules it completes.
    mutating func practised(_ profile: ProfileID, on day: Int64, unlocking unlock: Unlock) {
        standings[at: standingIndex(of: profile)].practised(on: day, rules, as: unlock)
    }

    /// Counts a story read to its end on `day` and unlocks what it earns.
    mutating func finished(_ story: StoryID, profile: ProfileID, on day: Int64, unlocking unlock: Unlock) {
        let rules = self.rules
        modify(profile) { standing in
            if standing.storiesFinished.insert(story).inserted {
                let total = standing.storiesFinished.count
                standing.unlock(rules, as: unlock) { condition in
                    if case .storiesRead(let count) = condition { total == count } else { false }
                }
            }
            standing.practised(on: day, rules, as: unlock)
        }
    }

    /// Changes `profile`'s standing in place (created empty on first use).
    @inline(__always) mutating func modify(_ profile: ProfileID, _ change: (inout ProfileAchievements) -> Void) {
        change(&standings[at: standingIndex(of: profile)])
    }
}
