import Foundation

/// The snapshot files of a store: one file per projection, `<name>.snapshot`, in one directory.
///
/// Writes are atomic and durable: the bytes go to a temporary file, which is fsync'ed, renamed
/// over the old snapshot, and the directory is fsync'ed, so after a crash either the old or the
/// new snapshot is there, whole. Reads never trust a file: a damaged one is reported through
/// ``log`` and treated as absent (the projection is then rebuilt from the log).
public struct SnapshotStore: Sendable {
    /// The directory holding the snapshot files.
    public let directory: String
    /// Where diagnostics (a discarded snapshot and why) are written, one line each.
    public let log: @Sendable (String) -> Void

    /// A store of snapshots in `directory` (created if missing when saving).
    public init(directory: String, log: @escaping @Sendable (String) -> Void) {
        self.directory = directory
        self.log = log
    }

    /// The file of `projection`'s snapshot.
    public func path(of projection: String) -> String { directory + "/" + projection + ".snapshot" }

    /// Writes `snapshot` atomically, replacing the projection's previous snapshot.
    /// - Throws: ``SnapshotError`` (`writeFailed`) naming the file and the OS error.
    public func save(_ snapshot: Snapshot) throws(SnapshotError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw SnapshotError(.writeFailed, "cannot create the snapshot directory: \(error)", path: directory)
        }
        do {
            try DurableFile.replace(snapshot.encoded(), at: path(of: snapshot.projection), in: directory)
        } catch {
            throw SnapshotError(.writeFailed, "\(error.call) failed: \(error.reason)", path: error.path)
        }
    }

    /// The snapshot of `projection`, or nil when there is none or it cannot be trusted (said so in
    /// a log line).
    /// - Complexity: one read-only mapping of the file (``MappedFile``), one checksum pass; the
    ///   state is not copied (it is decoded in place from the mapped bytes).
    public func load(_ projection: String) -> Snapshot? {
        let file = path(of: projection)
        let mapped: MappedFile
        do {
            guard let map = try MappedFile.map(file) else { return nil }
            mapped = map
        } catch {
            log("discarded snapshot \(file): \(error.call) failed: \(error.reason); rebuilding '\(projection)' from the log")
            return nil
        }
        do {
            let snapshot = try Snapshot(mapping: mapped)
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

    /// Deletes `projection`'s snapshot, if any.
    public func remove(_ projection: String) {
        try? FileManager.default.removeItem(atPath: path(of: projection))
    }
}
