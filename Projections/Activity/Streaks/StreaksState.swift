import Events

/// The streaks read model, a part of ``ActivityState``: for each profile, the local days with practice, kept as runs of
/// consecutive days.
///
/// Practice (see ``Practice``): a review graded, scheduled or cram; a word spelled, right or
/// wrong; a story read to its end. Days are the person's local days (their UTC offset at each
/// event, the profile's cut-off hour). A day whose only practice was undone reviews is no longer
/// active, and the runs are split around it.
public struct StreaksState: Sendable, Equatable {
    /// Local days of each profile (the activity state's calendar, shared with the other parts).
    public internal(set) var calendar: ProfileCalendar
    /// The active days of each profile that ever practised (remembering the profile last
    /// folded, so a run of one profile's events hashes nothing).
    private var days = RecentKeyTable<IDKey, ActiveDays>()

    /// The active days of each profile that ever practised.
    package var profiles: [IDKey: ActiveDays] { days.dictionary }

    /// An empty model whose days start at `defaultCutoffHour` until a profile changes its cut-off.
    public init(defaultCutoffHour: Int) {
        calendar = ProfileCalendar(defaultCutoffHour: defaultCutoffHour)
    }

    /// The streak of `profile` at `time` ("now", passed in by the caller): current is the run
    /// that ends today or yesterday in the person's local days, else 0; longest is the longest
    /// run ever (including any run after `time`, if the log holds later practice).
    /// - Complexity: O(runs).
    public func streak(profile: ProfileID, at time: EventTime) -> Streak {
        let today = calendar.day(of: time, profile: profile)
        return (profiles[IDKey(profile)] ?? ActiveDays()).streak(today: today)
    }

    /// Every run of consecutive practice days of `profile`, oldest first.
    public func runs(profile: ProfileID) -> [DayRun] { profiles[IDKey(profile)]?.runs ?? [] }

    /// The part encoded in a snapshot (without the shared calendar), and decoded with it.
    package init(calendar: ProfileCalendar, from reader: inout BinaryReader) throws(EventDecodingError) {
        self.calendar = calendar
        days = RecentKeyTable(try [IDKey: ActiveDays](decoding: &reader))
    }

    package func encode(to writer: inout BinaryWriter) {
        days.dictionary.encode(to: &writer)
    }

    /// Counts practice by `profile` on `day` (the streaks sub-fold).
    /// - Complexity: O(1) for practice on the latest day, O(runs) for late events.
    @inline(__always) mutating func practised(_ profile: ProfileID, on day: Int64) {
        days[at: days.index(of: IDKey(profile), default: ActiveDays.init)].add(day)
    }

    /// Counts `times` practice events by `profile` on `day`, a day already active (a batch's run,
    /// see ``ActivityRun``).
    mutating func practised(_ profile: ProfileID, on day: Int64, times: Int) {
        days[at: days.index(of: IDKey(profile), default: ActiveDays.init)].add(day, times: times)
    }

    /// Takes back practice by `profile` on `day` (an undone review).
    mutating func tookBack(_ profile: ProfileID, on day: Int64) {
        guard let index = days.index(of: IDKey(profile)) else { return }
        days[at: index].remove(day)
    }
}
