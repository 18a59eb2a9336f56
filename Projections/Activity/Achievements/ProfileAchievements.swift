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
    /// The most each DailyStats counter reached on one local day (an undo lowers its day, not
    /// this): what progress toward a one-day condition shows.
    package var bestDay = ActivityCounts()
    /// Perfect spelling sessions per test (tests with none are absent).
    package var perfectSessions: [SpellingTestID: Int] = [:]
    /// Each spelling word's current run and how many words are mastered now (kept only when the
    /// table has a word-mastery rule: see ``AchievementsState``).
    package var masteredWords = MasteredWords()

    package init() {}

    /// The most perfect spelling sessions on one test: what progress toward
    /// ``AchievementCondition/perfectSpellingTest(times:)`` shows.
    var perfectSessionsOnOneTest: Int { perfectSessions.values.max() ?? 0 }

    /// Counts one more perfect spelling session on `test` and returns its count on that test.
    mutating func countPerfectSession(on test: SpellingTestID) -> Int {
        perfectSessions[test, default: 0] += 1
        return perfectSessions[test, default: 0]
    }

    /// Counts one more review and returns the new count.
    @inline(__always) mutating func countReview() -> Int {
        reviews += 1
        return reviews
    }

    /// Unlocks the rules of `rules` that `change` meets (``AchievementCondition/isMet(by:)``) and
    /// that are still locked, recording `unlock`.
    @inline(__always)
    mutating func unlock(_ rules: [AchievementRule], as unlock: Unlock, when change: AchievementChange) {
        for rule in rules where rule.condition.isMet(by: change) && unlocked[rule.id] == nil {
            unlocked[rule.id] = unlock
        }
    }

    /// Counts practice on `day` and, when it makes the day active, unlocks what that meets.
    @inline(__always)
    mutating func practised(on day: Int64, _ rules: [AchievementRule], as unlock: Unlock) {
        guard activeDays.add(day), let run = activeDays.run(containing: day) else { return }
        self.unlock(rules, as: unlock, when: .dayBecameActive(run: run, day: day))
    }

    /// Takes note of a day's counts, `day` (they only grow between undos).
    @inline(__always) mutating func observe(day: ActivityCounts) {
        bestDay.raise(to: day)
    }

    /// Reads what ``encode(to:)`` writes.
    /// - Throws: ``EventDecodingError`` for malformed bytes, finished stories that are not in
    ///   strictly ascending order (repeated or shuffled: never written so), a perfect-session
    ///   count below 1 or malformed mastered words (see ``MasteredWords/init(from:)``).
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        reviews = try reader.readInt()
        activeDays = try ActiveDays(from: &reader)
        let stories = try [StoryID](decoding: &reader)
        guard zip(stories, stories.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw reader.error(.invalidValue, "a profile's finished stories are repeated or out of order")
        }
        storiesFinished = Set(stories)
        unlocked = try [String: Unlock](decoding: &reader)
        bestDay = try ActivityCounts(from: &reader)
        perfectSessions = try [SpellingTestID: Int](decoding: &reader)
        guard perfectSessions.values.allSatisfy({ $0 >= 1 }) else {
            throw reader.error(.invalidValue, "a profile's perfect spelling sessions on a test are fewer than 1")
        }
        masteredWords = try MasteredWords(from: &reader)
    }

    /// Writes the review count, the active days, the finished stories in ascending order and the
    /// unlocks (deterministic bytes), the best day's counts, the perfect spelling sessions per
    /// test in ascending test order, then the mastered words.
    package func encode(to writer: inout BinaryWriter) {
        reviews.encode(to: &writer)
        activeDays.encode(to: &writer)
        storiesFinished.sorted().encode(to: &writer)
        unlocked.encode(to: &writer)
        bestDay.encode(to: &writer)
        perfectSessions.encode(to: &writer)
        masteredWords.encode(to: &writer)
    }
}
