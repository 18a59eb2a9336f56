import Foundation
import Hindsight
import EventLog

/// Snapshot save workloads (issue 21): a mixed log (``EventMix``) is written and folded into
/// every read model and the command ledger (untimed), then every snapshot is saved, as a store
/// does when it closes: encoded, anchored and written durably, in ``SnapshotAnchoring/saveLanes``
/// lanes or in one.
let snapshotSaveWorkloads: [Workload] = [
    Workload(name: "snapshot.save",
             summary: "save every read model's and the command ledger's snapshot, in lanes (events = log length)",
             defaultEvents: 1_000_000, quickEvents: 20_000) { context in
        try await saveSnapshots(context, lanes: SnapshotAnchoring.saveLanes)
    },
    Workload(name: "snapshot.save.serial",
             summary: "the same, one snapshot after another",
             defaultEvents: 1_000_000, quickEvents: 20_000) { context in
        try await saveSnapshots(context, lanes: 1)
    },
]

/// Writes the log and folds it (untimed), then times one save of every snapshot in `lanes` lanes,
/// peak memory reset first; prints the bytes written.
private func saveSnapshots(_ context: WorkloadContext, lanes: Int) async throws -> Sample {
    let (directory, _) = try await ReplayLog.write(events: context.events, in: context.scratchDirectory)
    let writer = try await LogWriter.open(directory: directory, options: ReplayLog.options)
    let models = try ReadModels(configuration: ReadModelConfiguration())
    let projectors = models.all + [Projector(CommandLedgerProjection())]
    try await ProjectionRunner(source: LogEventSource(writer: writer), projectors: projectors, parallel: true).catchUp()
    let snapshotDirectory = context.scratchDirectory.appendingPathComponent("snapshots").path
    let store = SnapshotStore(directory: snapshotDirectory) { line in
        FileHandle.standardError.write(Data("snapshot.save: \(line)\n".utf8))
    }
    PeakMemory.reset()
    let start = Stopwatch.now()
    try await SnapshotAnchoring.save(projectors, to: store, reader: writer.reader, lanes: lanes)
    let seconds = Stopwatch.seconds(since: start)
    try await writer.close()
    let bytes = try FileManager.default.contentsOfDirectory(atPath: snapshotDirectory).reduce(0) { total, name in
        total + ((try? FileManager.default.attributesOfItem(atPath: snapshotDirectory + "/" + name)[.size] as? Int) ?? 0)
    }
    FileHandle.standardError.write(Data(String(format: "snapshot.save: %.1f MB of snapshots\n", Double(bytes) / 1e6).utf8))
    return Sample(events: context.events, seconds: seconds)
}
