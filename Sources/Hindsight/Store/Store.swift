import Foundation
import EventLog
import Events
import Projections
import SystemSeam

/// The one door of Hindsight: a store on a directory — the log in `<dir>/log`, the read
/// models' snapshots in `<dir>/snapshots`, personal data in `<dir>/personal`. Apps send it
/// commands (``send(_:)``) and query read models (``vocabulary()``, ``dailyStats()``, ...).
///
/// Commands are handled one at a time, in arrival order: each is decided on a state that
/// includes every earlier command, becomes one atomic batch of events, and when `send` returns
/// every read model reflects it (read-your-writes). The store is the log's only writer (a lock
/// keeps other processes out); it folds each batch it appends into the read models itself, so
/// following the log needs no second read of it.
public actor Store {
    /// The store's directory.
    public nonisolated let directory: String
    /// How it was opened.
    public nonisolated let openReport: OpenReport
    let options: StoreOptions
    /// The setting keys the store's commands accept (``StoreOptions/settings`` and the built-in ones).
    let settingCatalogue: SettingCatalogue
    let writer: LogWriter
    let models: ReadModels
    let ledger: Projector<CommandLedgerProjection>
    /// Every projector the store feeds: the read models, then the command ledger. Each append,
    /// snapshot, restore and check goes through this one list.
    let projectors: [any RunnableProjector]
    let snapshots: SnapshotStore
    var personal: PersonalDataStore
    var gate = CommandGate()
    /// The position of the last event appended (and folded).
    var position: UInt64
    var lastSnapshotPosition: UInt64
    /// The position at which this store last wrote every snapshot (nil: not since it opened).
    /// The states change only by folding events, so at that position the snapshots on disk are
    /// the ones a save would write again, byte for byte: a close there does not rewrite them (an
    /// import whose size made them due saves them once, not twice).
    var snapshotsWrittenAt: UInt64?
    /// The position of the oldest snapshot: the lowest checkpoint restored at open, then where
    /// the snapshots were last written; nil while a read model has none (a close then writes them).
    var oldestSnapshotPosition: UInt64?
    var closed = false
    /// The subscribers to the store's changes (``changes(bufferingNewest:)``).
    nonisolated let changeFeed = StoreChangeFeed()

    private init(directory: String, options: StoreOptions, writer: LogWriter, models: ReadModels,
                 ledger: Projector<CommandLedgerProjection>, snapshots: SnapshotStore, personal: PersonalDataStore,
                 report: OpenReport, settingCatalogue: SettingCatalogue) {
        self.directory = directory
        self.options = options
        self.settingCatalogue = settingCatalogue
        self.writer = writer
        self.models = models
        self.ledger = ledger
        projectors = Self.projectors(models, ledger)
        self.snapshots = snapshots
        self.personal = personal
        self.openReport = report
        position = report.lastPosition
        lastSnapshotPosition = report.lastPosition
        oldestSnapshotPosition = report.restoredFromSnapshots == report.total ? report.lastPosition - report.replayedEvents : nil
    }

    /// Opens (creating if needed) the store in `directory`: restores the read models from their
    /// snapshots (discarding any taken with another version or configuration), folds the rest
    /// of the log, and reads the personal-data side store.
    ///
    /// The log's open (lock, segment scan, tail recovery) and the snapshots' restore (read,
    /// checksum, decode, one child task per read model) touch different files and run at the
    /// same time; discarded snapshots are removed only once the log's lock is held.
    /// - Throws: ``StoreError`` `locked` when another process has the store open, `log` for a
    ///   damaged or unreadable log, `personalData` for an unreadable side store, `readModel`
    ///   when a read model cannot fold the log, `invalidValue` for options it cannot honour (see
    ///   ``ReadModelConfiguration/validate()`` and ``SettingCatalogue/init(app:)``; nothing is
    ///   created then).
    public static func open(directory: String, options: StoreOptions) async throws(StoreError) -> Store {
        let layout = DataDirectoryLayout(path: directory)
        let logDirectory = layout.log
        let existing = FileManager.default.fileExists(atPath: logDirectory)
        let catalogue = try SettingCatalogue(app: options.settings)
        let models = try ReadModels(configuration: options.readModelConfiguration)
        let ledger = Projector(CommandLedgerProjection())
        let projectors = Self.projectors(models, ledger)
        let snapshots = SnapshotStore(directory: layout.snapshots, fileSystem: options.fileSystem, log: options.diagnostics)
        async let restoring = SnapshotRestore.restore(projectors, from: snapshots)
        let writer: LogWriter
        do {
            writer = try await LogWriter.open(directory: logDirectory,
                                              options: LogOptions(durability: options.durability, fileSystem: options.fileSystem))
        } catch {
            _ = await restoring
            throw StoreError(error)
        }
        let restored = await restoring
        SnapshotRestore.discard(restored, in: snapshots)
        do {
            let unconfirmed = try await SnapshotAnchoring.confirm(restored, projectors: projectors,
                                                                  reader: writer.reader, lastPosition: writer.lastPosition)
            for (projection, reason) in unconfirmed {
                snapshots.log("discarded snapshot \(snapshots.path(of: projection)): \(reason); rebuilding from the log")
                snapshots.remove(projection)
            }
        } catch {
            try? await writer.close()
            throw StoreError(.log, "cannot read the log to check the snapshots against it: \(error)", path: logDirectory)
        }
        do {
            return try await open(directory: directory, options: options, writer: writer, models: models,
                                  ledger: ledger, snapshots: snapshots, existing: existing, catalogue: catalogue)
        } catch {
            try? await writer.close()
            throw error
        }
    }

    /// Folds the log past the restored checkpoints and reads the side store.
    private static func open(directory: String, options: StoreOptions, writer: LogWriter, models: ReadModels,
                             ledger: Projector<CommandLedgerProjection>, snapshots: SnapshotStore,
                             existing: Bool, catalogue: SettingCatalogue) async throws(StoreError) -> Store {
        let layout = DataDirectoryLayout(path: directory)
        let projectors = Self.projectors(models, ledger)
        var restored = 0
        var lowest = UInt64.max
        for projector in projectors {
            let checkpoint = await projector.checkpoint
            if checkpoint > 0 { restored += 1 }
            lowest = min(lowest, checkpoint)
        }
        let runner = ProjectionRunner(source: LogEventSource(writer: writer), projectors: projectors)
        do { try await runner.catchUp() } catch {
            throw StoreError(.log, "cannot replay the log into the read models: \(error)", path: writer.directory)
        }
        if let failure = await runner.failures().first {
            throw StoreError(.readModel, "\(failure.description); the log holds an event this build cannot fold", path: writer.directory)
        }
        let last = writer.lastPosition
        let personal = try PersonalDataStore(directory: layout.personal, fileSystem: options.fileSystem)
        let report = OpenReport(existingStore: existing && last > 0, lastPosition: last, restoredFromSnapshots: restored,
                                total: projectors.count, replayedEvents: last - min(lowest, last))
        return Store(directory: directory, options: options, writer: writer, models: models, ledger: ledger,
                     snapshots: snapshots, personal: personal, report: report, settingCatalogue: catalogue)
    }

    /// The projectors a store feeds: `models`, then `ledger`.
    private static func projectors(_ models: ReadModels, _ ledger: Projector<CommandLedgerProjection>) -> [any RunnableProjector] {
        models.all + [ledger]
    }

    /// Saves the snapshots (if the policy says so: ``StoreOptions/SnapshotPolicy/onClose`` and
    /// ``StoreOptions/SnapshotPolicy/onCloseMinimumEvents``, and they were not all written at the
    /// current position already) and closes the log. Later calls throw `closed`.
    /// - Throws: ``StoreError`` `snapshot` or `log`; the log is closed anyway.
    public func close() async throws(StoreError) {
        await enter()
        defer { gate.leave() }
        guard !closed else { return }
        closed = true
        var firstError: StoreError?
        if options.snapshots.onClose, snapshotsWrittenAt != position {
            // Snapshots left behind (few events past them): the log is still made durable, and a
            // log that failed still says so here.
            do {
                if leavesSnapshotsBehind { try await syncLog() } else { try await saveSnapshots() }
            } catch {
                firstError = error
            }
        }
        do { try await writer.close() } catch { firstError = firstError ?? StoreError(error) }
        changeFeed.finish()
        if let firstError { throw firstError }
    }

    /// Whether a close leaves the snapshots as they are: every read model has one, and the log
    /// holds fewer than ``StoreOptions/SnapshotPolicy/onCloseMinimumEvents`` past the oldest.
    var leavesSnapshotsBehind: Bool {
        guard let oldest = oldestSnapshotPosition else { return false }
        return position - oldest < UInt64(options.snapshots.onCloseMinimumEvents)
    }

    /// Makes the log durable.
    /// - Throws: ``StoreError`` `log` when it cannot be synced (or failed before).
    func syncLog() async throws(StoreError) {
        do { try await writer.sync() } catch { throw StoreError(error) }
    }

    /// Makes the log durable, then writes every read model's snapshot at its current position,
    /// anchored to the log (so no snapshot ever covers a record the log could still lose).
    /// - Throws: ``StoreError`` `log` when the log cannot be synced, `snapshot` naming the file.
    func saveSnapshots() async throws(StoreError) {
        try await syncLog()
        do {
            try await models.save(to: snapshots, anchoringIn: writer.reader, with: [ledger])
        } catch {
            throw StoreError(.snapshot, "\(error.message); check the disk and the directory's permissions", path: error.path)
        }
        lastSnapshotPosition = position
        oldestSnapshotPosition = position
        snapshotsWrittenAt = position
    }

    /// Waits for (and then holds) the command gate.
    func enter() async {
        if gate.tryEnter() { return }
        await withCheckedContinuation { continuation in gate.enqueue(continuation) }
    }

    /// Throws `closed` once the store is closed.
    func requireOpen() throws(StoreError) {
        if closed { throw StoreError(.closed, "the store at \(directory) is closed; open it again", path: directory) }
    }
}

extension Store {
    /// Closes the log without writing snapshots, as a crash would leave the directory (tests).
    /// - Throws: ``StoreError`` `log`.
    package func closeLogOnlyForTesting() async throws(StoreError) {
        await enter()
        defer { gate.leave() }
        closed = true
        changeFeed.finish()
        do { try await writer.close() } catch { throw StoreError(error) }
    }
}
