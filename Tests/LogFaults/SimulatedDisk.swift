import EventLog
import Synchronization
import SystemSeam

/// An in-memory file system behind the `FileSystem` seam that knows, per file and per
/// directory, what is durable and what is not, and can simulate a power loss: ``crash(seed:)``
/// returns a new disk holding what a real disk might hold after the power went out at this moment.
///
/// The model (what it covers of real file systems, and what it assumes):
/// - **File data.** Every write and truncate since the file's last sync (`fsync`/`fdatasync`,
///   either kind: both make the data and the size durable) is pending. At a crash each 512-byte
///   sector of the file independently holds the durable contents or the contents after any one
///   of the pending changes in order (writes reach the disk in any order and are torn at sector
///   boundaries, but a sector is written whole: it never mixes two moments); the file's length is
///   that after any one of the pending changes. Where the file grew and the sector chosen predates
///   the growth, the bytes read as zeros (as ext4 and XFS leave a grown file).
/// - **Directory entries.** Every create, rename and remove since the directory's last sync is
///   pending; at a crash each is kept or lost independently at random, applied in order (one
///   that no longer applies is skipped). A rename is atomic: the target names the old file or the
///   new one, never neither. A synced file whose entry is lost is gone.
/// - **Assumed durable at once:** directories themselves (`mkdir`), so a crash never loses the
///   log's directory. A sync never fails on its own (inject that with a ``FaultPlan``).
/// - **Not modelled:** bit rot of synced data, a disk that lies about sync, reordering within a
///   sector, metadata other than length, permissions.
/// - **Process state:** descriptors, locks and mappings do not survive a crash. `map` and
///   `mapWhole` return a private copy of the bytes (later writes do not show through it).
///
/// Thread-safe: one lock around the whole disk.
public final class SimulatedDisk: Sendable {
    /// The sector size at which pending writes tear.
    public static let sectorSize = 512

    let state: Mutex<DiskState>

    /// An empty disk (just the root directory).
    public init() {
        state = Mutex(DiskState())
    }

    init(state: DiskState) {
        self.state = Mutex(state)
    }

    /// A copy of the disk as it is now, unsynced changes included (to be crashed later with
    /// ``crash(seed:)``, while this disk goes on).
    public func copy() -> SimulatedDisk {
        SimulatedDisk(state: state.withLock { $0 })
    }

    /// The disk as a `FileSystem`.
    package var fileSystem: FileSystem { makeFileSystem() }

    /// The names in directory `path` now (what `list` returns), sorted.
    public func names(in path: String) -> [String] {
        state.withLock { ($0.directories[DiskState.normalize(path)]?.entries.keys).map { Array($0).sorted() } ?? [] }
    }

    /// The current contents of the file at `path` (nil when there is none).
    public func contents(of path: String) -> [UInt8]? {
        state.withLock { state in
            let (directory, name) = DiskState.split(path)
            return state.directories[directory]?.entries[name].flatMap { state.files[$0]?.data }
        }
    }

    /// Replaces the contents of the file at `path` (creating it), durably: for tests that damage
    /// or prepare files.
    public func setContents(_ bytes: [UInt8], of path: String) {
        state.withLock { state in
            let (directory, name) = DiskState.split(path)
            state.ensureDirectory(directory)
            let inode = state.directories[directory]?.entries[name] ?? state.newFile()
            state.files[inode]?.data = bytes
            state.files[inode]?.durable = bytes
            state.files[inode]?.pending = []
            state.directories[directory]?.entries[name] = inode
            state.directories[directory]?.durable[name] = inode
        }
    }

    /// Pending (unsynced) changes right now: file writes and truncates, directory operations.
    public var pendingChanges: Int {
        state.withLock { state in
            state.files.values.reduce(0) { $0 + $1.pending.count } + state.directories.values.reduce(0) { $0 + $1.pending.count }
        }
    }

    /// What the disk might hold after a power loss now: synced data and entries, plus a random
    /// choice (from `seed`) of what was not synced, per the model above. This disk is unchanged.
    public func crash(seed: UInt64) -> SimulatedDisk {
        SimulatedDisk(state: state.withLock { $0.crashed(seed: seed) })
    }
}
