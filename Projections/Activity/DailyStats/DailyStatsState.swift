import Events

/// The DailyStats read model, a part of ``ActivityState``: per profile, per local day, what was
/// done (see ``ActivityCounts`` for what each number means). Days come from ``ProfileCalendar``:
/// the person's UTC offset at each event and the profile's day cut-off hour.
public struct DailyStatsState: Sendable, Equatable {
    /// Local days of each profile (the activity state's calendar, shared with the other parts).
    public internal(set) var calendar: ProfileCalendar
    /// The counts of every day with activity (days without any are absent), remembering the day
    /// last folded, so a run of events on one profile's day hashes nothing.
    var counts = RecentKeyTable<ProfileDay, ActivityCounts>()

    /// The counts of every day with activity (days without any are absent).
    package var table: [ProfileDay: ActivityCounts] { counts.dictionary }

    /// An empty model whose days start at `defaultCutoffHour` until a profile changes its cut-off.
    public init(defaultCutoffHour: Int) {
        calendar = ProfileCalendar(defaultCutoffHour: defaultCutoffHour)
    }

    /// What `profile` did on local day `day` (zeros when nothing).
    /// - Complexity: O(1).
    public func day(profile: ProfileID, day: Int64) -> ActivityCounts {
        table[ProfileDay(profile: profile, day: day)] ?? ActivityCounts()
    }

    /// Every day from `from` through `through`, in order, zeros for days without activity
    /// (empty when `from > through`).
    /// - Throws: ``DayRangeError`` when the range is longer than ``DayRangeError/maximumDays``.
    /// - Complexity: O(days in the range).
    public func days(profile: ProfileID, from: Int64, through: Int64) throws(DayRangeError) -> [DayActivity] {
        guard from <= through else { return [] }
        guard through - from < DayRangeError.maximumDays else { throw DayRangeError(from: from, through: through) }
        return (from...through).map { DayActivity(day: $0, counts: day(profile: profile, day: $0)) }
    }

    /// The sum of every day from `from` through `through` (zeros when `from > through`).
    /// - Complexity: O(min(days in the range, days recorded)).
    public func totals(profile: ProfileID, from: Int64, through: Int64) -> ActivityCounts {
        var sum = ActivityCounts()
        guard from <= through else { return sum }
        if through.subtractingReportingOverflow(from).overflow || through - from >= Int64(table.count) {
            let profileKey = IDKey(profile)
            for (key, counts) in table where key.profile == profileKey && key.day >= from && key.day <= through {
                sum += counts
            }
        } else {
            for day in from...through { sum += self.day(profile: profile, day: day) }
        }
        return sum
    }

    /// The local day holding `time` for `profile` and what was done on it: "today" for an app
    /// that passes the current time (the caller reads the clock, never this model).
    public func today(profile: ProfileID, at time: EventTime) -> DayActivity {
        let day = calendar.day(of: time, profile: profile)
        return DayActivity(day: day, counts: self.day(profile: profile, day: day))
    }

    /// The part encoded in a snapshot (without the shared calendar), and decoded with it.
    package init(calendar: ProfileCalendar, from reader: inout BinaryReader) throws(EventDecodingError) {
        self.calendar = calendar
        counts = RecentKeyTable(try [ProfileDay: ActivityCounts](decoding: &reader))
    }

    package func encode(to writer: inout BinaryWriter) {
        counts.dictionary.encode(to: &writer)
    }
}
