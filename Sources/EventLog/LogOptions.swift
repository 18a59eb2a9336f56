import SystemSeam
/// How a log is opened for writing: durability policy, segment size, buffering.
public struct LogOptions: Sendable {
    /// When an append counts as done.
    public enum Durability: Sendable, Equatable {
        /// Every append is written and synced (`fdatasync`; `F_FULLFSYNC` on Apple
        /// platforms) before it returns. Concurrent appends wait their turn.
        case fsyncEachAppend
        /// Concurrent appends share one write and one sync; each returns only once its
        /// records are durable.
        case groupCommit
        /// Appends are buffered in memory and written to the OS when the buffer fills, every
        /// `flushInterval`, on ``LogWriter/sync()`` and on ``LogWriter/close()``. Returned
        /// positions are not durable: a process crash loses at most the last interval's
        /// records, a power loss whatever the OS had not written back. Batches stay atomic
        /// and records are never damaged. Readers see a record once it reached the OS.
        case buffered(flushInterval: Duration)
    }

    /// The durability policy (default: ``Durability/fsyncEachAppend``).
    public var durability: Durability
    /// A segment is rolled when the next batch would take it past this many bytes
    /// (default 64 MiB). A batch larger than this gets a segment of its own.
    public var segmentSize: Int
    /// In ``Durability/buffered(flushInterval:)`` mode, bytes buffered before a write (default 1 MiB).
    public var bufferSize: Int
    /// In durable modes, the segment file is extended with zero-filled space this many bytes
    /// at a time, so an append's sync need not also commit a new file size (default 4 MiB).
    public var preallocationSize: Int
    /// The file-system seam (tests inject faults through it).
    package var fileSystem: FileSystem
    /// Monotonic nanoseconds, when open should time its phases (``LogWriter/recoveryReport``);
    /// passed in by benchmarks, nil otherwise.
    package var clock: (@Sendable () -> UInt64)?

    /// Options with the given policy and sizes.
    public init(durability: Durability = .fsyncEachAppend, segmentSize: Int = 64 << 20,
                bufferSize: Int = 1 << 20, preallocationSize: Int = 4 << 20) {
        self.durability = durability
        self.segmentSize = max(segmentSize, 4096)
        self.bufferSize = max(bufferSize, 4096)
        self.preallocationSize = max(0, preallocationSize)
        self.fileSystem = .posix
        self.clock = nil
    }

    /// Options using another file-system seam.
    package init(durability: Durability, segmentSize: Int = 64 << 20, fileSystem: FileSystem) {
        self.init(durability: durability, segmentSize: segmentSize)
        self.fileSystem = fileSystem
    }
}
