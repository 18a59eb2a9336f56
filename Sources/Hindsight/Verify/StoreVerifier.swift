import EventLog
import Events
import Foundation
import SystemSeam

/// Checks a data directory without changing it or taking a lock: every log record
/// (``LogVerifier``: framing, checksum, position), every record's payload decodes as an event,
/// and every snapshot file (decodes, checksum, and whether it is current for the configuration).
public enum StoreVerifier {
    /// The verification of the store in `dataDirectory` against the read models of `configuration`.
    /// - Throws: ``HistoryError`` `missingLog` when there is no log; `unreadable` when a file
    ///   cannot be read at all (I/O, not damage); ``StoreError`` `invalidValue` for a configuration it cannot honour.
    /// - Complexity: O(log size + snapshot sizes).
    public static func verify(dataDirectory: String, configuration: ReadModelConfiguration) async throws -> StoreVerificationReport {
        let history = LogHistory(dataDirectory: dataDirectory)
        let reader = try history.openReader()
        let logReport: VerificationReport
        do {
            logReport = try LogVerifier.verify(directory: history.layout.log)
        } catch {
            if let system = error.systemError, PermissionDenied.matches(system.errno) {
                throw HistoryError(.unreadable, PermissionDenied.message(reading: system.path), path: history.layout.log)
            }
            throw HistoryError(.unreadable, "the log cannot be read: \(error)", path: history.layout.log, position: error.position)
        }
        var undecodable: [UndecodableRecord] = []
        if logReport.isHealthy && logReport.lastPosition > 0 {
            try reader.forEach(through: logReport.lastPosition) { position, payload in
                do {
                    _ = try LogCodec.decode(payload, position: position)
                } catch {
                    undecodable.append(UndecodableRecord(position: position, reason: "\(error)"))
                }
            }
        }
        let snapshots = try await checkSnapshots(in: history.layout.snapshots, logDirectory: history.layout.log,
                                                 configuration: configuration,
                                                 lastPosition: logReport.lastPosition)
        return StoreVerificationReport(log: LogSummary(logReport), undecodable: undecodable, snapshots: snapshots,
                                       unrecognised: DataDirectoryFiles.unrecognised(in: history.layout))
    }

    /// Every `*.snapshot` file in `directory`, in name order.
    static func checkSnapshots(in directory: String, logDirectory: String, configuration: ReadModelConfiguration,
                               lastPosition: UInt64) async throws -> [SnapshotCheck] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        // Fresh projectors: their empty snapshots give the expected version and fingerprint, and
        // each restores its file's state to check that the state decodes. The store also
        // snapshots its command ledger beside the read models (see `Store.saveSnapshots`).
        var projectors: [String: any RunnableProjector] = [:]
        var expected: [String: Snapshot] = [:]
        for projector in try ReadModels(configuration: configuration).all + [Projector(CommandLedgerProjection())] {
            projectors[projector.name] = projector
            expected[projector.name] = await projector.snapshot()
        }
        var checks: [SnapshotCheck] = []
        for name in names.sorted() where name.hasSuffix(".snapshot") {
            let path = directory + "/" + name
            // Mapped and read in place, as the store reads it (a pass lets go of the pages it has
            // read), not copied whole into memory.
            guard let mapped = try? DurableFile.map(path, fileSystem: .posix) else {
                checks.append(SnapshotCheck(path: path, status: .damaged, detail: "the file cannot be read"))
                continue
            }
            let snapshot: Snapshot
            do {
                snapshot = try Snapshot(retaining: mapped.bytes, owner: mapped)
            } catch {
                checks.append(SnapshotCheck(path: path, status: .damaged,
                                            detail: "skipped: \(error.message); delete it and the store rebuilds it from the log"))
                continue
            }
            guard let fresh = expected[snapshot.projection], let projector = projectors[snapshot.projection] else {
                checks.append(SnapshotCheck(path: path, status: .unknown,
                                            detail: "skipped: it holds read model '\(snapshot.projection)', which this version of "
                                            + "Hindsight does not have; the store never reads it (a newer app may have written it)"))
                continue
            }
            guard name == snapshot.projection + ".snapshot" else {
                checks.append(SnapshotCheck(path: path, status: .unknown,
                                            detail: "skipped: it holds read model '\(snapshot.projection)' under another file name; "
                                            + "the store reads that read model from \(snapshot.projection).snapshot only"))
                continue
            }
            let taken = SnapshotRestore.Outcome.Taken(projection: snapshot.projection, position: snapshot.position,
                                                      logAnchor: snapshot.logAnchor)
            if let mismatch = try? SnapshotAnchoring.mismatch(of: taken, reader: LogReader(directory: logDirectory),
                                                              lastPosition: lastPosition) {
                checks.append(SnapshotCheck(path: path, status: snapshot.logAnchor == nil ? .outdated : .aheadOfLog,
                                            detail: mismatch + "; the store rebuilds it from the log"))
            } else if snapshot.version != fresh.version || snapshot.fingerprint != fresh.fingerprint {
                checks.append(SnapshotCheck(path: path, status: .outdated,
                                            detail: "skipped: version \(snapshot.version), fingerprint \(hex(snapshot.fingerprint)); "
                                            + "expected version \(fresh.version), fingerprint \(hex(fresh.fingerprint)): "
                                            + "the store rebuilds it from the log"))
            } else if let problem = await restoredOnce(projector, from: snapshot, fresh: fresh) {
                // Its checksum held, so the state was written wrong, or by a build with the same
                // version and other bytes: the store would refuse it the same way.
                checks.append(SnapshotCheck(path: path, status: .damaged,
                                            detail: "skipped: \(problem); delete it and the store rebuilds it from the log"))
            } else {
                checks.append(SnapshotCheck(path: path, status: .current, detail: "at position \(snapshot.position)"))
            }
        }
        return checks
    }

    /// Restores `projector` from `snapshot` to see whether its state decodes, then lets go of the
    /// state (restored from `fresh`, its empty snapshot): the checks hold one read model's state
    /// at a time, not every one's.
    /// - Returns: why the state was refused, or nil when it decodes.
    private static func restoredOnce(_ projector: any RunnableProjector, from snapshot: Snapshot, fresh: Snapshot) async -> String? {
        let problem = await projector.restore(from: snapshot)
        _ = await projector.restore(from: fresh)
        return problem
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
