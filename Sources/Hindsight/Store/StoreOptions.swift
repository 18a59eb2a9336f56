import EventLog
import Events
import FSRS
import Projections
import SystemSeam

/// How a ``Store`` is opened: durability, the read models' configuration (FSRS scheduler, day
/// cut-off, daily new-card limit), when snapshots are taken, how long a command waits for the
/// read models, and the clock that stamps `recordedAt` (passed in: the library reads no clock).
public struct StoreOptions: Sendable {
    /// When snapshots of the read models are written.
    public struct SnapshotPolicy: Sendable, Equatable {
        /// Write every snapshot when the store closes.
        public var onClose: Bool
        /// Also write them once this many events were appended since the last ones (nil: never).
        public var everyEvents: Int?

        /// A policy; by default on close and every 10,000 events.
        public init(onClose: Bool = true, everyEvents: Int? = 10_000) {
            self.onClose = onClose
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
    /// When snapshots are written.
    public var snapshots: SnapshotPolicy
    /// How long a command waits for the read models to reflect it.
    public var readYourWritesTimeout: Duration
    /// The clock that stamps each event's `recordedAt`.
    public var clock: @Sendable () -> Timestamp
    /// Where diagnostics go (a discarded snapshot and why), one line each.
    public var diagnostics: @Sendable (String) -> Void
    /// The seam every file access of the store goes through (the log, the snapshots and the
    /// personal-data side store): the real file system, or in tests one that injects faults.
    package var fileSystem: FileSystem = .posix

    /// Options; `clock` is required because nothing in the library reads the system clock.
    public init(clock: @escaping @Sendable () -> Timestamp,
                durability: LogOptions.Durability = .fsyncEachAppend,
                scheduler: SchedulerConfiguration = .standard,
                dailyNewCardLimit: Int = 20,
                snapshots: SnapshotPolicy = SnapshotPolicy(),
                readYourWritesTimeout: Duration = .seconds(5),
                diagnostics: @escaping @Sendable (String) -> Void = { _ in }) {
        self.clock = clock
        self.durability = durability
        self.scheduler = scheduler
        self.dailyNewCardLimit = dailyNewCardLimit
        self.snapshots = snapshots
        self.readYourWritesTimeout = readYourWritesTimeout
        self.diagnostics = diagnostics
    }

    /// The read models' configuration these options describe.
    var readModelConfiguration: ReadModelConfiguration {
        ReadModelConfiguration(scheduler: scheduler, dailyNewCardLimit: dailyNewCardLimit)
    }
}
