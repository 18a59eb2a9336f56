import Events

/// What the achievement rules look at for one profile, and what it has unlocked.
package struct ProfileAchievements: Sendable, Equatable, BinaryCodable {
    /// Reviews graded, net of undone ones.
    package var reviews = 0
    /// The local days with practice.
    package var activeDays = ActiveDays()
    /// The stories read to their end.
    package var storiesFinished: Set<StoryID> = []
    /// Unlocks by rule id; never removed.
    package var unlocked: [String: Unlock] = [:]

    package init() {}

    /// Counts one more review and returns the new count.
    @inline(__always) mutating func countReview() -> Int {
        reviews += 1
        return reviews
    }

    /// Unlocks the rules of `rules` that `isMet` accepts and that are still locked, recording `unlock`.
    @inline(__always)
    mutating func unlock(_ rules: [AchievementRule], as unlock: Unlock,
                         where isMet: (AchievementCondition) -> Bool) {
        for rule in rules where isMet(rule.condition) && unlocked[rule.id] == nil {
            unlocked[rule.id] = unlock
        }
    }

    /// Counts practice on `day` and unlocks the day rules (streaks, full weeks) it completes.
    @inline(__always)
    mutating func practised(on day: Int64, _ rules: [AchievementRule], as unlock: Unlock) {
        guard activeDays.add(day), let run = activeDays.run(containing: day) else { return }
        let monday = LocalWeek.monday(of: day)
        self.unlock(rules, as: unlock) { condition in
            switch condition {
            case .streak(let days): run.length >= days
            case .fullWeek: run.first <= monday && run.last >= monday + 6
            default: false
            }
        }
    }

    /// Where this profile stands toward `condition` (capped at its target).
    func standing(toward condition: AchievementCondition) -> Int {
        let value = switch condition {
        case .firstReview, .reviews: reviews
        case .streak: activeDays.longestRun
        case .perfectSpellingSession: 0
        case .storiesRead: storiesFinished.count
        case .fullWeek: activeDaysInLatestWeek
        }
        return min(value, condition.target)
    }

    /// Active days in the Monday–Sunday week of the latest active day.
    var activeDaysInLatestWeek: Int {
        guard let latest = activeDays.runs.last?.last else { return 0 }
        let monday = LocalWeek.monday(of: latest)
        return (monday...(monday + 6)).reduce(0) { $0 + (activeDays.isActive($1) ? 1 : 0) }
    }

    /// Reads what ``encode(to:)`` writes.
    /// - Throws: ``EventDecodingError`` for malformed bytes, or finished stories that are not in
    ///   strictly ascending order (repeated or shuffled: never written so).
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        reviews = try reader.readInt()
        activeDays = try ActiveDays(from: &reader)
        let stories = try [StoryID](decoding: &reader)
        guard zip(stories, stories.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw reader.error(.invalidValue, "a profile's finished stories are repeated or out of order")
        }
        storiesFinished = Set(stories)
        unlocked = try [String: Unlock](decoding: &reader)
    }

    /// Writes the review count, the active days, the finished stories in ascending order and the
    /// unlocks (deterministic bytes).
    package func encode(to writer: inout BinaryWriter) {
        reviews.encode(to: &writer)
        activeDays.encode(to: &writer)
        storiesFinished.sorted().encode(to: &writer)
        unlocked.encode(to: &writer)
    }
}
