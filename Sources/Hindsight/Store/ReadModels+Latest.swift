import EventLog
import Foundation
import Projections

extension ReadModels {
    /// The read models of the store in `dataDirectory` as of the end of its log's last complete
    /// batch, opened read-only: restored from the store's snapshots where they are current and
    /// confirmed against the log (see ``SnapshotAnchoring``), then caught up by folding the rest
    /// of the log. Nothing is written and no lock is taken, so it works on a read-only store and
    /// while another process writes (what it sees is the log as it was when this began).
    ///
    /// Snapshots that cannot be used are left where they are (the store's own next open removes
    /// them); why each was passed over goes to `diagnostics`.
    ///
    /// Only the projectors `selecting` picks are restored and caught up (all by default): a
    /// caller that reads a few read models does not pay the memory and time of the others, which
    /// stay empty at position 0 and must not be read.
    /// - Returns: the models and the position they reflect.
    /// - Throws: ``HistoryError`` `missingLog` when there is no store (no log, or a log without a
    ///   segment), `unreadable` for a damaged or unreadable log, `undecodable` for a record that
    ///   does not decode; ``StoreError`` `invalidValue` for a configuration it cannot honour.
    /// - Complexity: one read of each current snapshot, plus a fold of the log after the oldest
    ///   snapshot's position.
    package static func latest(dataDirectory: String, configuration: ReadModelConfiguration,
                               selecting: (ReadModels) -> [any RunnableProjector] = \.all,
                               diagnostics: @escaping @Sendable (String) -> Void = { _ in }) async throws
        -> (models: ReadModels, position: UInt64) {
        let history = LogHistory(dataDirectory: dataDirectory)
        let reader = try history.openReader()
        let segments = (try? FileManager.default.contentsOfDirectory(atPath: history.layout.log))?
            .filter { $0.hasSuffix(".log") } ?? []
        guard !segments.isEmpty else {
            throw HistoryError(.missingLog, "\(dataDirectory) is not a Hindsight store: its log directory holds no segment; "
                               + "pass the store's data directory with --data-dir", path: history.layout.log)
        }
        let models = try ReadModels(configuration: configuration)
        let selected = selecting(models)
        let snapshots = SnapshotStore(directory: history.layout.snapshots, log: diagnostics)
        let outcome = await SnapshotRestore.restore(selected, from: snapshots)
        for (projection, reason) in outcome.discarded {
            diagnostics("passed over snapshot \(snapshots.path(of: projection)): \(reason); folding from the log instead")
        }
        let position: UInt64
        let runner: ProjectionRunner
        do {
            position = try reader.lastPosition()
            for (projection, reason) in try await SnapshotAnchoring.confirm(outcome, projectors: selected, reader: reader,
                                                                            lastPosition: position) {
                diagnostics("passed over snapshot \(snapshots.path(of: projection)): \(reason); folding from the log instead")
            }
            runner = ProjectionRunner(source: LogEventSource(reader: reader, through: position), projectors: selected)
            try await runner.catchUp()
        } catch let error as LogError {
            throw HistoryError(.unreadable, "the log cannot be read: \(error); run 'hindsight verify' for every damaged record",
                               path: history.layout.log, position: error.position)
        } catch let error as EventDecodingError {
            throw HistoryError(.undecodable, "a record does not decode as an event (\(error)); run 'hindsight verify' "
                               + "and restore the log from a backup", path: history.layout.log)
        }
        if let failure = await runner.failures().first {
            throw HistoryError(.undecodable, "\(failure.description); the log holds an event this build cannot fold",
                               path: history.layout.log, position: failure.position)
        }
        return (models, position)
    }
}
