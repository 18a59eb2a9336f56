import Events

/// What earns an achievement: a small closed set of conditions over a profile's history.
///
/// This file is the one place a condition is defined: what it measures (``isMet(by:)``, at the
/// change that can meet it; ``standing(of:)``, for progress), how far a batch may count reviews
/// without looking (``reviewsBeforeMet(total:day:)``), and its snapshot code. A new kind of
/// condition is a case here and a rule in a table.
///
/// Counts are net of undone reviews; practice days are as ``StreaksState`` counts them.
public enum AchievementCondition: Sendable, Equatable, Hashable {
    /// The first review ever graded (scheduled or cram).
    case firstReview
    /// `count` reviews graded in all (scheduled and cram, undone ones not counted).
    case reviews(Int)
    /// `count` reviews graded on one local day (scheduled and cram, undone ones not counted:
    /// the day's DailyStats ``ActivityCounts/reviews``).
    case reviewsInOneDay(Int)
    /// A run of `days` consecutive local days with practice.
    case streak(days: Int)
    /// A perfect spelling session: one that ended with every word of its test (as the test was
    /// when the session started) right first time and no attempt wrong, at any word. A word is
    /// right first time when the session's first attempt at it is correct and is attempt 1
    /// (hints allowed), as the spelling read model scores sessions: the session scores full
    /// marks there. Unlocked by the session's end, for the profile that ended it. See
    /// ``SpellingTally``.
    case perfectSpellingSession
    /// The same spelling test perfect `times` times: ``perfectSpellingSession``'s rule (every word
    /// right first time, no attempt wrong), met by `times` sessions on one test (an attempt at a
    /// test is one session on it, started and ended; a test is its id, so sessions before and
    /// after an edit of its words count together). Unlocked by the end of the `times`-th perfect session on a test,
    /// for the profile that ended it.
    case perfectSpellingTest(times: Int)
    /// `count` spelling words mastered at once: the profile's words mastered now, as the spelling
    /// read model judges them (``SpellingMasteryRule``: by default 3 right answers in a row, every
    /// attempt counting, in any session or test), reach `count`. A word is the profile's
    /// normalized word (``SpellingWord/normalized(_:)``), the spelling read model's key. Unlocked
    /// by the attempt at which that count first reaches `count`; a word that loses mastery (a wrong
    /// answer) leaves the count until it is mastered again. See ``MasteredWords``.
    case wordsMastered(Int)
    /// `count` different stories read to their end.
    case storiesRead(Int)
    /// Practice on each of the 7 local days of one calendar week, Monday through Sunday
    /// (a 7-day streak that straddles two weeks does not count; local days honour the cut-off).
    case fullWeek

    /// Whether the condition counts spelling words mastered: the fold keeps each word's run only
    /// for a table that has one (``AchievementsState``), so other tables pay nothing per attempt.
    var countsMasteredWords: Bool {
        if case .wordsMastered = self { return true }
        return false
    }

    /// The number to reach, for progress: 1 for one-off conditions, 7 for ``fullWeek``.
    public var target: Int {
        switch self {
        case .firstReview, .perfectSpellingSession: 1
        case .reviews(let count), .reviewsInOneDay(let count), .storiesRead(let count), .wordsMastered(let count): count
        case .streak(let days): days
        case .perfectSpellingTest(let times): times
        case .fullWeek: 7
        }
    }
}

/// What changed for one profile at one event: the conditions look at it to decide whether the
/// event meets them (see ``AchievementCondition/isMet(by:)``).
enum AchievementChange {
    /// A review counted: the profile's review total and its day's counts, the review counted.
    case reviewed(total: Int, day: ActivityCounts)
    /// Practice made a day active: the run of active days now holding it, and the day.
    case dayBecameActive(run: DayRun, day: Int64)
    /// A story read to its end for the first time: how many different stories are now.
    case storyFinished(distinct: Int)
    /// A perfect spelling session ended (see ``SpellingTally``): the perfect sessions its profile
    /// has now had on the session's test, this one included.
    case perfectSessionEnded(onTest: Int)
    /// A spelling attempt made a word mastered (see ``MasteredWords``): how many words its profile
    /// has mastered now, this one included.
    case wordMastered(count: Int)
}

extension AchievementCondition {
    /// Whether `change` meets the condition. Counts rise one at a time and every rise is looked
    /// at (a batch stops before one: see ``reviewsBeforeMet(total:day:)``), so a count condition
    /// is met exactly when the count reaches its target; a count that falls by an undo and rises
    /// again finds the rule already unlocked.
    @inline(__always) func isMet(by change: AchievementChange) -> Bool {
        switch (self, change) {
        case (.firstReview, .reviewed(let total, _)): total == 1
        case (.reviews(let count), .reviewed(let total, _)): total == count
        case (.reviewsInOneDay(let count), .reviewed(_, let day)): day.reviews == count
        case (.streak(let days), .dayBecameActive(let run, _)): run.length >= days
        case (.fullWeek, .dayBecameActive(let run, let day)):
            run.first <= LocalWeek.monday(of: day) && run.last >= LocalWeek.monday(of: day) + 6
        case (.storiesRead(let count), .storyFinished(let distinct)): distinct == count
        case (.perfectSpellingSession, .perfectSessionEnded): true
        case (.perfectSpellingTest(let times), .perfectSessionEnded(let onTest)): onTest == times
        case (.wordsMastered(let count), .wordMastered(let mastered)): mastered == count
        default: false
        }
    }

    /// Where `standing` stands toward the condition, capped at its ``target`` (progress).
    func standing(of standing: ProfileAchievements) -> Int {
        let value = switch self {
        case .firstReview, .reviews: standing.reviews
        case .reviewsInOneDay: standing.bestDay.reviews
        case .streak: standing.activeDays.longestRun
        case .perfectSpellingSession: 0
        case .perfectSpellingTest: standing.perfectSessionsOnOneTest
        case .wordsMastered: standing.masteredWords.count
        case .storiesRead: standing.storiesFinished.count
        case .fullWeek: Self.activeDaysInLatestWeek(of: standing.activeDays)
        }
        return min(value, target)
    }

    /// Active days in the Monday–Sunday week of the latest active day.
    private static func activeDaysInLatestWeek(of days: ActiveDays) -> Int {
        guard let latest = days.runs.last?.last else { return 0 }
        let monday = LocalWeek.monday(of: latest)
        return (monday...(monday + 6)).reduce(0) { $0 + (days.isActive($1) ? 1 : 0) }
    }

    /// How many more reviews, by a profile with `total` reviews on a day counted `day`, on that
    /// same (already active) day, cannot meet the condition (`Int.max` when none can): what a
    /// batch's run may count without looking (see ``ActivityRun``).
    @inline(__always) func reviewsBeforeMet(total: Int, day: ActivityCounts) -> Int {
        switch self {
        case .firstReview: total < 1 ? 0 : Int.max
        case .reviews(let count): total < count ? count - total - 1 : Int.max
        case .reviewsInOneDay(let count): day.reviews < count ? count - day.reviews - 1 : Int.max
        case .streak, .perfectSpellingSession, .perfectSpellingTest, .wordsMastered, .storiesRead, .fullWeek: Int.max
        }
    }
}

extension AchievementCondition: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        let code = try reader.readByte()
        let value = try reader.readInt()
        switch code {
        case 0: self = .firstReview
        case 1: self = .reviews(value)
        case 2: self = .streak(days: value)
        case 3: self = .perfectSpellingSession
        case 4: self = .storiesRead(value)
        case 5: self = .fullWeek
        case 6: self = .reviewsInOneDay(value)
        case 7: self = .perfectSpellingTest(times: value)
        case 8: self = .wordsMastered(value)
        default: throw reader.error(.invalidValue, "achievement condition code \(code) is not one of 0-8")
        }
    }

    package func encode(to writer: inout BinaryWriter) {
        let (code, value): (UInt8, Int) = switch self {
        case .firstReview: (0, 0)
        case .reviews(let count): (1, count)
        case .streak(let days): (2, days)
        case .perfectSpellingSession: (3, 0)
        case .storiesRead(let count): (4, count)
        case .fullWeek: (5, 0)
        case .reviewsInOneDay(let count): (6, count)
        case .perfectSpellingTest(let times): (7, times)
        case .wordsMastered(let count): (8, count)
        }
        writer.writeByte(code)
        value.encode(to: &writer)
    }
}
