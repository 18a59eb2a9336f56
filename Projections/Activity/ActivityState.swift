import Events

/// The activity read model: one calendar and one review ledger shared by three parts, each a
/// read model of its own with its own queries:
/// - ``dailyStats``: per profile, per local day, what was done;
/// - ``streaks``: the local days each profile practised, as runs;
/// - ``achievements``: the rules each profile unlocked, and progress toward the others.
///
/// The calendar decides each event's local day once and the ledger decides each review's facts
/// once (first scheduled review or not; what an undo takes back); every part folds from those.
/// Each part holds the calendar too, for its queries; the fold keeps the copies equal (they
/// change only on a day cut-off change), and a snapshot stores it once.
public struct ActivityState: ProjectionState, BinaryCodable, Equatable {
    /// Local days of each profile.
    public private(set) var calendar: ProfileCalendar
    /// The per-card memory that makes undo exact.
    package internal(set) var ledger = ReviewLedger()
    /// Reviews, new cards, time, spelling, stories and dictation per profile per local day.
    public internal(set) var dailyStats: DailyStatsState
    /// Current and longest streaks per profile.
    public internal(set) var streaks: StreaksState
    /// Achievements unlocked and progress toward the others.
    public internal(set) var achievements: AchievementsState

    /// An empty model over the achievement `rules` (already validated), with days starting at
    /// `defaultCutoffHour` until a profile changes its cut-off and spelling words mastered by
    /// `mastery` (the spelling read model's rule).
    public init(rules: [AchievementRule], defaultCutoffHour: Int, mastery: SpellingMasteryRule = SpellingMasteryRule()) {
        let calendar = ProfileCalendar(defaultCutoffHour: defaultCutoffHour)
        self.calendar = calendar
        dailyStats = DailyStatsState(defaultCutoffHour: defaultCutoffHour)
        streaks = StreaksState(defaultCutoffHour: defaultCutoffHour)
        achievements = AchievementsState(rules: rules, calendar: calendar, mastery: mastery)
    }

    /// Takes note of a day cut-off change, in the calendar and in every part's copy of it.
    mutating func observeCutoff(_ event: RecordedEvent) {
        calendar.observe(event)
        dailyStats.calendar = calendar
        streaks.calendar = calendar
        achievements.calendar = calendar
    }
}

extension ActivityState {
    /// Snapshot layout: the calendar (once), the three parts (small, keyed maps in key order),
    /// then the ledger (its cards packed in id order, kept packed by a restore: see ``EncodedLedgerCards``).
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        calendar = try ProfileCalendar(from: &reader)
        dailyStats = try DailyStatsState(calendar: calendar, from: &reader)
        streaks = try StreaksState(calendar: calendar, from: &reader)
        achievements = try AchievementsState(calendar: calendar, from: &reader)
        ledger = try ReviewLedger(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        calendar.encode(to: &writer)
        dailyStats.encode(to: &writer)
        streaks.encode(to: &writer)
        achievements.encode(to: &writer)
        ledger.encode(to: &writer)
    }
}
