import Events
import FSRS

/// What a batch fold has counted for one profile's local day but not yet written into the
/// state: a run of practice (reviews, words spelled) on a day that is already active, whose
/// effects are additions only (the day's counts, its practice count in the streaks and the
/// achievements, the review total), so they are summed here and written once, by ``flush(into:)``.
///
/// Why: consecutive events are nearly always the same profile on the same day, and writing each
/// review into three keyed tables (daily counts, streak days, achievement standing) cost three
/// lookups and copy-on-write checks per review. The first practice of a run goes through the
/// full fold (it may make the day active and unlock a streak or a week); the run then takes
/// practice on that day while no achievement's review target can be reached (``reviewsLeft``):
/// the review that reaches one goes through the full fold, so unlocks keep their event.
///
/// It also remembers the last local day it computed (UTC offset, cut-off hour and the instants
/// the day spans), so most events find their day with a few comparisons.
///
/// A fold must ``flush(into:)`` before it folds any event that reads or changes what the run
/// holds (an undo, a story, a cut-off change...) and before it returns: the state is then
/// exactly what folding the events one by one gives.
struct ActivityRun {
    /// Whether practice on ``profile``'s ``day`` may be absorbed.
    private(set) var isOpen = false
    /// The profile of the run, as a key and as an id.
    private var profile = IDKey(high: 0, low: 0)
    private var profileID = ProfileID(IDKey(high: 0, low: 0).uuid)
    /// The local day of the run.
    private var day: Int64 = 0
    /// The day's counts not yet written.
    private var counts = ActivityCounts()
    /// Reviews absorbed (not yet in the achievements' review total).
    private var reviews = 0
    /// Practice events absorbed (reviews and words spelled: not yet in the day's practice counts).
    private var practice = 0
    /// How many more reviews can be absorbed before one would reach an achievement's review target.
    private var reviewsLeft = 0

    /// The last day computed: at UTC offset `dayOffsetSeconds` with cut-off hour `dayCutoff`,
    /// instants in `dayStart ..< dayEnd` (ms) fall on `cachedDay`.
    private var dayOffsetSeconds: Int32 = 0
    private var dayCutoff = 0
    private var dayStart: Int64 = 1
    private var dayEnd: Int64 = 0
    private var cachedDay: Int64 = 0

    /// A closed run, with no day remembered.
    init() {}

    /// The local day of `time` for `profile`, as `calendar` says.
    /// - Complexity: the profile's cut-off hour (no lookup while no profile changed its own)
    ///   and three comparisons when the day, offset and cut-off are those last asked for.
    @inline(__always) mutating func day(of time: EventTime, profile: ProfileID, calendar: ProfileCalendar) -> Int64 {
        let instant = time.instant.milliseconds, cutoff = calendar.cutoffHour(of: profile)
        if instant >= dayStart && instant < dayEnd && time.utcOffset.seconds == dayOffsetSeconds && cutoff == dayCutoff {
            return cachedDay
        }
        return computeDay(of: time, cutoff: cutoff)
    }

    /// ``day(of:profile:calendar:)`` when it is not the day last asked for: computes it (as the
    /// calendar does) and remembers the day's span.
    private mutating func computeDay(of time: EventTime, cutoff: Int) -> Int64 {
        let minutes = Int(time.utcOffset.seconds) / 60
        let day = LocalDay.number(timeMs: time.instant.milliseconds, utcOffsetMinutes: minutes, cutoffHour: cutoff)
        let (dayMs, overflow) = day.multipliedReportingOverflow(by: LocalDay.millisecondsPerDay)
        let (end, endOverflow) = dayMs.addingReportingOverflow(LocalDay.millisecondsPerDay)
        if !overflow && !endOverflow && abs(cutoff) <= 24 {
            // `LocalDay.start` without wrapping: the day's first instant, and the next day's.
            let shift = Int64(cutoff) * 3_600_000 - Int64(minutes) * 60_000
            let (start, startOverflow) = dayMs.addingReportingOverflow(shift)
            let (stop, stopOverflow) = end.addingReportingOverflow(shift)
            if !startOverflow && !stopOverflow {
                (dayOffsetSeconds, dayCutoff, dayStart, dayEnd, cachedDay) = (time.utcOffset.seconds, cutoff, start, stop, day)
                return day
            }
        }
        (dayStart, dayEnd) = (1, 0)
        return day
    }

    /// Forgets the day last computed (the calendar changed).
    mutating func forgetDay() { (dayStart, dayEnd) = (1, 0) }

    /// Absorbs a review of `fact` by `profile` when the run is open on its day and no review
    /// target is in reach.
    /// - Returns: false (nothing absorbed) when the review must go through the full fold.
    @inline(__always) mutating func absorb(_ fact: ReviewFact, profile: ProfileID) -> Bool {
        guard isOpen && reviewsLeft > 0 && fact.day == day && IDKey(profile) == self.profile else { return false }
        counts.count(fact, sign: 1)
        reviews += 1
        practice += 1
        reviewsLeft -= 1
        return true
    }

    /// Absorbs a word spelled (`correct` or not, taking `durationMs`) by `profile` on `day` when
    /// the run is open on that day.
    /// - Returns: false (nothing absorbed) when the word must go through the full fold.
    @inline(__always) mutating func absorbSpelling(correct: Bool, durationMs: Int64, profile: ProfileID, day: Int64) -> Bool {
        guard isOpen && day == self.day && IDKey(profile) == self.profile else { return false }
        if correct { counts.wordsSpelledRight += 1 } else { counts.wordsSpelledWrong += 1 }
        counts.spellingTimeMs += durationMs
        practice += 1
        return true
    }

    /// Opens a run on `day` of `profile`, whose practice the full fold has just counted (so the
    /// day is active in the streaks and the achievements), that may absorb `reviewsLeft`
    /// reviews (see ``AchievementsState/reviewsBeforeNextTarget(after:)``). Call it after a
    /// ``flush(into:)``.
    @inline(__always) mutating func open(_ profile: ProfileID, on day: Int64, reviewsLeft: Int) {
        self.profile = IDKey(profile)
        profileID = profile
        self.day = day
        self.reviewsLeft = reviewsLeft
        isOpen = true
    }

    /// Writes what the run holds into `state` and closes it.
    @inline(__always) mutating func flush(into state: inout ActivityState) {
        guard isOpen else { return }
        isOpen = false
        guard practice > 0 else { return }
        state.dailyStats.add(counts, profile: profileID, day: day)
        state.streaks.practised(profileID, on: day, times: practice)
        state.achievements.absorbed(profileID, on: day, reviews: reviews, practice: practice)
        counts = ActivityCounts()
        (reviews, practice) = (0, 0)
    }
}
