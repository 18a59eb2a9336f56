import Foundation
import Hindsight

/// Reading a store's history without opening it (`audit card`, `card`, `rebuild`, `retention`,
/// `report` read the log this way, with no writer): a log written during setup, then read in
/// order through ``LogHistory``, in its batches of 4,096 decoded events. `history.read.import`
/// reads the log a revlog import wrote: the whole file appended as one batch, in one segment
/// however long, so each batch of the read must resume where the last one stopped, not look
/// ahead from there to the end of the file again.
let historyWorkloads: [Workload] = [
    Workload(name: "history.read", summary: "read and decode a log of the event mix (1,000 per append) through LogHistory",
             defaultEvents: 1_000_000, quickEvents: 20_000) { context in
        let data = context.scratchDirectory.path
        try await ExportBenchLog.write(events: context.events, to: data)
        return try await HistoryBench.read(data, expecting: context.events)
    },
    Workload(name: "history.read.import", summary: "history.read of a store made by a revlog import (one batch)",
             defaultEvents: 1_000_000, quickEvents: 20_000) { context in
        let data = context.scratchDirectory.path
        let store = try await ImportBench.openStore(data + "/store")
        try ImportBench.writeRevlog(rows: context.events * 20 / 21, to: data + "/revlog.csv")
        _ = try await store.importRevlog(file: data + "/revlog.csv", options: ImportBench.revlogOptions)
        let events = Int(await store.lastPosition())
        try await store.close()
        return try await HistoryBench.read(data + "/store", expecting: events)
    },
]

enum HistoryBench {
    /// Reads every event of the store in `directory` through ``LogHistory``, timed from a fresh
    /// peak; the read must give `expecting` events.
    static func read(_ directory: String, expecting events: Int) async throws -> Sample {
        PeakMemory.reset()
        var count = 0
        let start = Stopwatch.now()
        try await LogHistory(dataDirectory: directory).forEachBatch { batch in
            count += batch.count
            blackHole(batch.last?.position)
        }
        let seconds = Stopwatch.seconds(since: start)
        guard count == events else { throw ExportBenchError(description: "read \(count) of \(events) events") }
        return Sample(events: count, seconds: seconds)
    }
}
