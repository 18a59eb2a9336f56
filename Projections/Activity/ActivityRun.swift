import Events
import FSRS

/// What a batch fold has counted but not yet written into the state: practice (reviews, words
/// spelled) on a profile's day that is already active, held in a ``PracticeRun`` per profile
/// (two lanes: the two profiles seen last), written once per run by ``flush(into:)``.
///
/// Why: consecutive events are nearly always the same profile on the same day, and writing each
/// review into three keyed tables (daily counts, streak days, achievement standing) cost three
/// lookups and copy-on-write checks per review. The first practice of a run goes through the
/// full fold (it may make the day active and unlock a streak or a week); the run then takes
/// practice on that day while no achievement's review target can be reached: the review that
/// reaches one goes through the full fold, so unlocks keep their event. Two lanes, so that two
/// profiles taking turns (two children on one device) keep their runs.
///
/// It also remembers the last local day it computed (UTC offset, cut-off hour and the instants
/// the day spans), so most events find their day with a few comparisons.
///
/// A fold must flush a profile's lane (``flush(_:into:)``) before the full fold of any event of
/// that profile, every lane (``flush(into:)``) before an event that reads or changes what any
/// holds (an undo, a cut-off change), and every lane before it returns: the state is then
/// exactly what folding the events one by one gives.
struct ActivityRun {
    /// The lanes: the runs of the two profiles seen last.
    private var first = PracticeRun(), second = PracticeRun()
    /// Whether a new profile's run replaces the first lane (used less recently than the second).
    private var replacesFirst = true

    /// The last day computed: at UTC offset `dayOffsetSeconds` with cut-off hour `dayCutoff`,
    /// instants in `dayStart ..< dayEnd` (ms) fall on `cachedDay`.
    private var dayOffsetSeconds: Int32 = 0
    private var dayCutoff = 0
    private var dayStart: Int64 = 1
    private var dayEnd: Int64 = 0
    private var cachedDay: Int64 = 0

    /// Whether runs open and days are remembered: false for one event folded alone (the live
    /// path), which would only pay for remembering what no later event reads.
    private let isBatch: Bool

    /// A closed run, with no day remembered, for a batch (`isBatch`) or for one event.
    init(isBatch: Bool) { self.isBatch = isBatch }

    /// The local day of `time` for `profile`, as `calendar` says.
    /// - Complexity: the profile's cut-off hour (no lookup while no profile changed its own)
    ///   and three comparisons when the day, offset and cut-off are those last asked for.
    @inline(__always) mutating func day(of time: EventTime, profile: ProfileID, calendar: ProfileCalendar) -> Int64 {
        guard isBatch else { return calendar.day(of: time, profile: profile) }
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
        if let span = LocalDay.span(ofDay: day, utcOffsetMinutes: minutes, cutoffHour: cutoff) {
            (dayOffsetSeconds, dayCutoff, dayStart, dayEnd, cachedDay) = (time.utcOffset.seconds, cutoff, span.lowerBound, span.upperBound, day)
        } else {
            (dayStart, dayEnd) = (1, 0)
        }
        return day
    }

    /// Forgets the day last computed (the calendar changed).
    mutating func forgetDay() { (dayStart, dayEnd) = (1, 0) }

    /// Absorbs a review of `fact` by `profile` when its lane is open on the fact's day and no
    /// review target is in reach.
    /// - Returns: false (nothing absorbed) when the review must go through the full fold.
    @inline(__always) mutating func absorb(_ fact: ReviewFact, profile: ProfileID) -> Bool {
        let key = IDKey(profile)
        if first.isOpen(on: fact.day, of: key) {
            replacesFirst = false
            return first.absorb(fact)
        }
        if second.isOpen(on: fact.day, of: key) {
            replacesFirst = true
            return second.absorb(fact)
        }
        return false
    }

    /// Absorbs practice other than a review (a word spelled: `event`) by `profile` on `day` when
    /// its lane is open on that day.
    /// - Returns: false (nothing absorbed) when the event must go through the full fold.
    @inline(__always) mutating func absorb(_ event: ActivityEvent, profile: ProfileID, day: Int64) -> Bool {
        let key = IDKey(profile)
        if first.isOpen(on: day, of: key) {
            replacesFirst = false
            first.absorb(event)
            return true
        }
        if second.isOpen(on: day, of: key) {
            replacesFirst = true
            second.absorb(event)
            return true
        }
        return false
    }

    /// Opens a run on `day` of `profile`, whose practice the full fold has just counted (so the
    /// day is active in the streaks and the achievements), to absorb up to `reviewsLeft` reviews
    /// (see ``AchievementsState/reviewsBeforeNextTarget(after:)``): in the profile's lane
    /// (flushed by ``flush(_:into:)`` before the full fold), else in the lane used less
    /// recently, flushed first.
    @inline(__always) mutating func open(_ profile: ProfileID, on day: Int64, reviewsLeft: Int, in state: inout ActivityState) {
        guard isBatch else { return }
        let key = IDKey(profile)
        let useFirst = first.profile == key || (second.profile != key && replacesFirst)
        if useFirst {
            first.flush(into: &state)
            first.open(profile, key: key, on: day, reviewsLeft: reviewsLeft)
        } else {
            second.flush(into: &state)
            second.open(profile, key: key, on: day, reviewsLeft: reviewsLeft)
        }
        replacesFirst = !useFirst
    }

    /// Writes what `profile`'s lane holds into `state` and closes it.
    @inline(__always) mutating func flush(_ profile: ProfileID, into state: inout ActivityState) {
        let key = IDKey(profile)
        if first.isOpen && first.profile == key { first.flush(into: &state) }
        if second.isOpen && second.profile == key { second.flush(into: &state) }
    }

    /// Writes what every lane holds into `state` and closes them.
    @inline(__always) mutating func flush(into state: inout ActivityState) {
        first.flush(into: &state)
        second.flush(into: &state)
    }
}
