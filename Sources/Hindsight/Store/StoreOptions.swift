import EventLog
import Events
import FSRS
import Projections
import SystemSeam

/// How a ``Store`` is opened: durability, the read models' configuration (FSRS scheduler with
/// its learning steps and maximum interval, day cut-off, daily new-card limit, achievement
/// rules, spelling mastery, the app's own read models), when snapshots are taken, and the clock
/// that stamps `recordedAt` (passed in: the library reads no clock). ``Store/open(directory:options:)``
/// refuses options it cannot honour.
public struct StoreOptions: Sendable {
    /// When snapshots of the read models are written.
    public struct SnapshotPolicy: Sendable, Equatable {
        /// Write every snapshot when the store closes (unless they were all written at the
        /// position it closes at already, or ``onCloseMinimumEvents`` says the log moved too little).
        public var onClose: Bool
        /// On close, write them only when the log holds at least this many events past the
        /// oldest snapshot (the one the next open would fold the most events after), or a read
        /// model has none; 1 by default: whenever the log moved. A store of millions of events
        /// closed after a few leaves its snapshots that little behind, and the next open folds
        /// those few events, instead of rewriting every snapshot (hundreds of MB) at each close.
        public var onCloseMinimumEvents: Int
        /// Also write them once this many events were appended since the last ones (nil: never).
        public var everyEvents: Int?

        /// A policy; by default on every close that moved the log, and every 10,000 events.
        public init(onClose: Bool = true, onCloseMinimumEvents: Int = 1, everyEvents: Int? = 10_000) {
            self.onClose = onClose
            self.onCloseMinimumEvents = max(1, onCloseMinimumEvents)
            self.everyEvents = everyEvents.map { max(1, $0) }
        }
    }

    /// When an append counts as done (default: fsync each command's batch).
    public var durability: LogOptions.Durability
    /// The FSRS scheduler of profiles that did not change their parameters: parameters, desired
    /// retention, learning steps, fuzz, maximum interval, and the default day cut-off hour.
    public var scheduler: SchedulerConfiguration
    /// New cards offered per profile per local day.
    public var dailyNewCardLimit: Int
    /// The achievements that can be unlocked (ids unique and non-empty, targets at least 1).
    public var achievementRules: [AchievementRule]
    /// When a spelling word counts as mastered.
    public var spellingMastery: SpellingMasteryRule
    /// The app's own read models, folded, snapshotted, restored and rebuilt beside the built-in
    /// ones; read them with ``Store/readModel(_:)``.
    public var readModels: [any Projection]
    /// The app's own setting keys, beside the built-in ones (``SettingCatalogue/builtIn``): the
    /// settings commands refuse any other key (``SettingCatalogue``).
    public var settings: [SettingDefinition]
    /// When snapshots are written.
    public var snapshots: SnapshotPolicy
    /// The clock that stamps each event's `recordedAt`.
    public var clock: @Sendable () -> Timestamp
    /// Where diagnostics go (a discarded snapshot and why), one line each.
    public var diagnostics: @Sendable (String) -> Void
    /// The seam every file access of the store goes through (the log, the snapshots and the
    /// personal-data side store): the real file system, or in tests one that injects faults.
    package var fileSystem: FileSystem = .posix

    /// Options; `clock` is required because nothing in the library reads the system clock. The
    /// defaults are ``ReadModelConfiguration``'s.
    public init(clock: @escaping @Sendable () -> Timestamp,
                durability: LogOptions.Durability = .fsyncEachAppend,
                scheduler: SchedulerConfiguration = .standard,
                dailyNewCardLimit: Int = 20,
                achievementRules: [AchievementRule] = AchievementRule.defaultTable,
                spellingMastery: SpellingMasteryRule = SpellingMasteryRule(),
                readModels: [any Projection] = [],
                settings: [SettingDefinition] = [],
                snapshots: SnapshotPolicy = SnapshotPolicy(),
                diagnostics: @escaping @Sendable (String) -> Void = { _ in }) {
        self.clock = clock
        self.durability = durability
        self.scheduler = scheduler
        self.dailyNewCardLimit = dailyNewCardLimit
        self.achievementRules = achievementRules
        self.spellingMastery = spellingMastery
        self.readModels = readModels
        self.settings = settings
        self.snapshots = snapshots
        self.diagnostics = diagnostics
    }

    /// The read models' configuration these options describe: every read-model setting above.
    public var readModelConfiguration: ReadModelConfiguration {
        ReadModelConfiguration(scheduler: scheduler, dailyNewCardLimit: dailyNewCardLimit, achievementRules: achievementRules,
                               spellingMastery: spellingMastery, additional: readModels)
    }
}
