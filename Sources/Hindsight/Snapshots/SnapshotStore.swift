import EventLog
import Projections
import SystemSeam

/// The snapshot files of a store: one file per projection, `<name>.snapshot`, in one directory,
/// read and written through the log's ``FileSystem`` seam (so tests inject faults and power cuts
/// into snapshot writes exactly as into the log's).
///
/// Writes are atomic and durable: the bytes go to a temporary file, which is fsync'ed, renamed
/// over the old snapshot, and the directory is fsync'ed, so after a crash either the old or the
/// new snapshot is there, whole. Reads never trust a file: a damaged one is reported through
/// ``log`` and treated as absent (the projection is then rebuilt from the log).
package struct SnapshotStore: Sendable {
    /// The directory holding the snapshot files.
    package let directory: String
    /// Where diagnostics (a discarded snapshot and why) are written, one line each.
    package let log: @Sendable (String) -> Void
    /// The seam every file access goes through.
    package let fileSystem: FileSystem
    /// How many bytes of a state ``write(_:logAnchor:encode:)`` holds before it writes them to
    /// the file (see ``StreamedSnapshotFile``): what a save holds per snapshot in flight,
    /// whatever the state's size.
    package let bufferLimit: Int

    /// ``bufferLimit``'s default: 1 MiB (a save then holds about 3 MiB per lane; writes of a
    /// MiB run at the disk's speed).
    package static let defaultBufferLimit = 1 << 20

    /// A store of snapshots in `directory` (created if missing when saving), whose saves hold
    /// about `bufferLimit` bytes of a state at a time (at least 1).
    package init(directory: String, fileSystem: FileSystem = .posix, bufferLimit: Int = defaultBufferLimit,
                 log: @escaping @Sendable (String) -> Void) {
        precondition(bufferLimit >= 1, "a snapshot's buffer holds at least one byte")
        self.directory = directory
        self.fileSystem = fileSystem
        self.bufferLimit = bufferLimit
        self.log = log
    }

    /// The file of `projection`'s snapshot.
    package func path(of projection: String) -> String { directory + "/" + projection + ".snapshot" }

    /// Writes `snapshot` atomically, replacing the projection's previous snapshot. The state is
    /// written from where it lies, never copied into the file's bytes first. (A save of a
    /// projector's state writes it as it is encoded instead: ``write(_:logAnchor:encode:)``.)
    /// - Throws: ``SnapshotError`` (`writeFailed`) naming the file and the OS error.
    package func save(_ snapshot: Snapshot) throws(SnapshotError) {
        do {
            try fileSystem.makeDirectory(directory)
            let file = path(of: snapshot.projection)
            try snapshot.withFileParts { header, state, checksum throws(SystemCallError) in
                try DurableFile.replace(parts: [header, state, checksum], at: file, in: directory, fileSystem: fileSystem)
            }
        } catch {
            throw Self.writeFailed(error)
        }
    }

    /// Writes the snapshot of `descriptor`, anchored at `logAnchor`, with the state `encode`
    /// writes, to a temporary file as it is encoded, holding about ``bufferLimit`` bytes of it at
    /// a time (``StreamedSnapshotFile``): the bytes ``save(_:)`` writes for the same state. The
    /// previous snapshot stays in place until ``commit(_:)``.
    /// - Throws: ``SnapshotError`` (`writeFailed`) naming the file and the OS error; the temporary
    ///   file is then removed and the previous snapshot left as it was.
    package func write(_ descriptor: SnapshotDescriptor, logAnchor: LogAnchor,
                       encode: (inout SnapshotWriter) -> Void) throws(SnapshotError) -> WrittenSnapshot {
        do {
            try fileSystem.makeDirectory(directory)
            return WrittenSnapshot(file: try StreamedSnapshotFile.write(
                descriptor, logAnchor: logAnchor, to: path(of: descriptor.projection), in: directory, fileSystem: fileSystem,
                limit: bufferLimit, encode: encode))
        } catch {
            throw Self.writeFailed(error)
        }
    }

    /// Puts a snapshot ``write(_:logAnchor:encode:)`` wrote in place of the previous one, durably
    /// and atomically (synced, renamed over it, the directory synced).
    /// - Throws: ``SnapshotError`` (`writeFailed`) naming the file and the OS error; unless the
    ///   rename was done, the previous snapshot is left as it was.
    package func commit(_ written: WrittenSnapshot) throws(SnapshotError) {
        do { try written.file.commit() } catch { throw Self.writeFailed(error) }
    }

    /// A snapshot written to its temporary file by ``write(_:logAnchor:encode:)``, not yet in
    /// place: ``commit(_:)`` puts it there.
    package struct WrittenSnapshot: Sendable {
        /// The replacement of the snapshot's file under way.
        fileprivate let file: DurableFile.Replacement
    }

    /// The error a save reports for the failed call `error`.
    private static func writeFailed(_ error: SystemCallError) -> SnapshotError {
        SnapshotError(.writeFailed, "\(error.call) failed: \(FileSystem.describe(errno: error.errno)) (errno \(error.errno))",
                      path: error.path)
    }

    /// The snapshot of `projection`, or nil when there is none or it cannot be trusted (said so in
    /// a log line).
    /// - Complexity: one read-only mapping of the file, one checksum pass; the state is not copied
    ///   (it is decoded in place from the mapped bytes).
    package func load(_ projection: String) -> Snapshot? {
        let file = path(of: projection)
        let mapped: MappedFile
        do {
            guard let map = try DurableFile.map(file, fileSystem: fileSystem) else { return nil }
            mapped = map
        } catch {
            log("discarded snapshot \(file): \(error.call) failed: \(FileSystem.describe(errno: error.errno)); "
                + "rebuilding '\(projection)' from the log")
            return nil
        }
        do {
            let snapshot = try Snapshot(retaining: mapped.bytes, owner: mapped)
            guard snapshot.projection == projection else {
                log("discarded snapshot \(file): it holds projection '\(snapshot.projection)'; rebuilding '\(projection)' from the log")
                return nil
            }
            return snapshot
        } catch {
            log("discarded snapshot \(file): \(error.message); rebuilding '\(projection)' from the log")
            return nil
        }
    }

    /// Deletes `projection`'s snapshot, if any (a failure is left for the next open to retry).
    package func remove(_ projection: String) {
        try? fileSystem.remove(path(of: projection))
    }
}
