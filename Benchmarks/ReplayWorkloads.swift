import Foundation
import Hindsight
import EventLog

/// Replay workloads (issue 5): a realistic mixed log (``EventMix``) is written to a real log in
/// the scratch directory during setup (untimed), then read, decoded and folded into every read
/// model; and the time to first query on a store with current snapshots.
///
/// Peak memory is reset after setup, so `peak RSS` shows the replay (the read models plus the
/// runner's batches), not the generator's bookkeeping.
let replayWorkloads: [Workload] = [
    Workload(name: "replay.all",
             summary: "read + decode + fold a mixed log into every read model, serial runner (events/s)",
             defaultEvents: 1_000_000, quickEvents: 20_000) { context in
        try await replay(context, parallel: false)
    },
    Workload(name: "replay.all.parallel",
             summary: "the same with the parallel runner (folds overlap the next batch's read + decode)",
             defaultEvents: 1_000_000, quickEvents: 20_000) { context in
        try await replay(context, parallel: true)
    },
    Workload(name: "open.snapshot",
             summary: "time to first query with current snapshots: log open, restore, catch up, due queue (1 = one open)",
             defaultEvents: 1_000_000, quickEvents: 20_000) { context in
        try await openWithSnapshots(context)
    },
] + replayKeptWorkloads + replayMemoryWorkloads + replayOverheadWorkloads

/// Writes the log, then times one catch-up of a fresh ``ReadModels`` set from position 0.
private func replay(_ context: WorkloadContext, parallel: Bool) async throws -> Sample {
    let (directory, _) = try await ReplayLog.write(events: context.events, in: context.scratchDirectory)
    return try await timedReplay(of: directory, events: context.events, parallel: parallel)
}

/// Times one catch-up of a fresh ``ReadModels`` set from position 0 over the replay log in
/// `directory` (of `events` events), peak memory reset first, between two ``SpeedProbe``s.
/// - Throws: ``ReplayBenchmarkError`` when the replay stops short or a projection fails; what the log throws.
func timedReplay(of directory: String, events: Int, parallel: Bool) async throws -> Sample {
    let writer = try await LogWriter.open(directory: directory, options: ReplayLog.options)
    PeakMemory.reset()
    let models = try ReadModels(configuration: ReadModelConfiguration())
    let runner = ProjectionRunner(source: LogEventSource(writer: writer), projectors: models.all, parallel: parallel)
    let ((last, seconds), probes) = try await SpeedProbe.bracket {
        let start = Stopwatch.now()
        let last = try await runner.catchUp()
        return (last, Stopwatch.seconds(since: start))
    }
    guard last == UInt64(events) else {
        throw ReplayBenchmarkError(message: "replay stopped at position \(last) of \(events)")
    }
    let failures = await runner.failures()
    guard failures.isEmpty else {
        throw ReplayBenchmarkError(message: "projections failed: \(failures.map(\.description).joined(separator: "; "))")
    }
    blackHole(await models.vocabulary.checkpoint)
    try await writer.close()
    return Sample(events: events, seconds: seconds, probeSeconds: probes)
}

/// Writes the log, folds it and saves every snapshot (untimed); then times what an app does
/// at launch: open the writer (recovery) while the read models restore from their snapshots
/// (concurrently, one task per projector), catch up (nothing new) and answer the due queue of
/// the learner. Prints where the time went: the open and the restore overlap, so both are
/// timed from the start, and the catch-up starts when both are done.
private func openWithSnapshots(_ context: WorkloadContext) async throws -> Sample {
    let (directory, now) = try await ReplayLog.write(events: context.events, in: context.scratchDirectory)
    let snapshotDirectory = context.scratchDirectory.appendingPathComponent("snapshots").path
    let store = SnapshotStore(directory: snapshotDirectory) { line in
        FileHandle.standardError.write(Data("open.snapshot: \(line)\n".utf8))
    }
    do {
        let writer = try await LogWriter.open(directory: directory, options: ReplayLog.options)
        let models = try ReadModels(configuration: ReadModelConfiguration())
        try await ProjectionRunner(source: LogEventSource(writer: writer), projectors: models.all, parallel: true).catchUp()
        try await models.save(to: store, anchoringIn: writer.reader)
        try await writer.close()
    }
    let profile = try EventMix(seed: ReplayLog.seed).profile
    try await timeRestores(store: store)
    PeakMemory.reset()

    // As `Store.open` does: the log's open and the snapshots' restore run at the same time.
    let start = Stopwatch.now()
    let models = try ReadModels(configuration: ReadModelConfiguration())
    async let restoring: (SnapshotRestore.Outcome, UInt64) = {
        let outcome = await SnapshotRestore.restore(models.all, from: store)
        return (outcome, Stopwatch.now())
    }()
    let writer = try await LogWriter.open(directory: directory, options: ReplayLog.options)
    let opened = Stopwatch.now()
    let (outcome, restored) = await restoring
    let ready = Stopwatch.now()
    SnapshotRestore.discard(outcome, in: store)
    for (projection, reason) in try await SnapshotAnchoring.confirm(outcome, projectors: models.all, reader: writer.reader,
                                                                    lastPosition: writer.lastPosition) {
        store.log("discarded snapshot \(store.path(of: projection)): \(reason)")
    }
    let runner = ProjectionRunner(source: LogEventSource(writer: writer), projectors: models.all, parallel: true)
    let last = try await runner.catchUp()
    let caughtUp = Stopwatch.now()
    let queue = await models.vocabulary.read { $0.dueQueue(profile: profile, at: now, limit: 20) }
    let answered = Stopwatch.now()

    blackHole(queue)
    guard last == UInt64(context.events) else {
        throw ReplayBenchmarkError(message: "after restore the models stand at \(last), not \(context.events): a snapshot was discarded")
    }
    try await writer.close()
    func ms(_ from: UInt64, _ to: UInt64) -> String { String(format: "%.2f ms", Double(to &- from) / 1e6) }
    FileHandle.standardError.write(Data(("open.snapshot \(context.events) events: log open \(ms(start, opened)) "
        + "and snapshot restore \(ms(start, restored)) overlapped (both done at \(ms(start, ready))), "
        + "catch-up \(ms(ready, caughtUp)), query \(ms(caughtUp, answered)); total \(ms(start, answered))\n").utf8))
    return Sample(events: 1, seconds: Double(answered &- start) / 1e9)
}

/// Restores a fresh read-model set projector by projector (untimed by the harness) and prints,
/// for each, the snapshot's size and the time to load the file and to restore the state: where
/// the `snapshot restore` share of `open.snapshot` goes.
private func timeRestores(store: SnapshotStore) async throws {
    let models = try ReadModels(configuration: ReadModelConfiguration())
    var parts: [String] = []
    for projector in models.all {
        let start = Stopwatch.now()
        guard let snapshot = store.load(projector.name) else { continue }
        let loaded = Stopwatch.now()
        _ = await projector.restore(from: snapshot)
        let restored = Stopwatch.now()
        parts.append(String(format: "%@ %.1f MB load %.1f ms restore %.1f ms", projector.name,
                            Double(snapshot.stateByteCount) / 1e6, Double(loaded &- start) / 1e6,
                            Double(restored &- loaded) / 1e6))
    }
    FileHandle.standardError.write(Data(("open.snapshot per projection: " + parts.joined(separator: "; ") + "\n").utf8))
}

/// The benchmark log: ``EventMix`` events encoded with ``LogCodec`` and appended in batches of
/// a few events (like commands do), streamed so that setup memory stays small.
enum ReplayLog {
    static let seed: UInt64 = 42
    static let options = LogOptions(durability: .buffered(flushInterval: .seconds(3600)), bufferSize: 4 << 20)

    /// Writes `events` events (of a history capped by `limits`) to `<scratch>/log`; returns the log directory and when the last
    /// event happened (the "now" of a query right after).
    /// - Throws: ``LogError`` from the writer, ``EventValidationError`` from the generator.
    static func write(events: Int, in scratch: URL,
                      limits: EventMix.Limits = .none) async throws -> (directory: String, last: EventTime) {
        let directory = scratch.appendingPathComponent("log").path
        let writer = try await LogWriter.open(directory: directory, options: options)
        var mix = try EventMix(seed: seed, limits: limits)
        var batch: [[UInt8]] = []
        var written = 0
        var last: EventTime?
        while written < events {
            let size = min(events - written, 1 + written % 4)
            batch.removeAll(keepingCapacity: true)
            for _ in 0..<size {
                let event = try mix.next()
                last = event.occurred
                batch.append(LogCodec.encode(event))
            }
            _ = try await writer.append(contentsOf: batch)
            written += size
        }
        try await writer.sync()
        try await writer.close()
        guard let last else { throw ReplayBenchmarkError(message: "a replay log needs at least one event") }
        return (directory, last)
    }
}

/// A replay benchmark did not get the result it checks for.
struct ReplayBenchmarkError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
