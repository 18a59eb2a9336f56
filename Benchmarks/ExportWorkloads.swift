import Foundation
import Hindsight
import EventLog

/// Export: a log of the realistic ``EventMix`` is written during setup (streamed in batches, not
/// held in memory), then exported as JSON Lines to a file. The same workload at 1M and 250k
/// events shows that peak memory does not grow with the log (the peak is reset after setup, so
/// it measures the export).
let exportWorkloads: [Workload] = [
    exportJSONLinesWorkload(name: "export.jsonl", events: 1_000_000, quick: 20_000),
    exportJSONLinesWorkload(name: "export.jsonl.250k", events: 250_000, quick: 5_000),
    exportWorkload(name: "export.csv", summary: "export a log of the event mix as CSV (a file per event type), redacted",
                   events: 1_000_000, quick: 20_000) { try $0.exportCSV(toDirectory: $1 + "/csv") },
    Workload(name: "export.revlog", summary: "export the FSRS revlog CSV of a log of the event mix (two passes)",
             defaultEvents: 1_000_000, quickEvents: 20_000) { context in
        let data = context.scratchDirectory.path
        try await ExportBenchLog.write(events: context.events, to: data)
        PeakMemory.reset()
        let exporter = LogExporter(dataDirectory: data, personalData: .redact(salt: "bench"))
        let start = Stopwatch.now()
        let summary = try exporter.exportRevlog(to: data + "/revlog.csv")
        let seconds = Stopwatch.seconds(since: start)
        blackHole(summary)
        return Sample(events: context.events, seconds: seconds)
    },
]

private func exportJSONLinesWorkload(name: String, events: Int, quick: Int) -> Workload {
    exportWorkload(name: name, summary: "export a log of the event mix as JSON Lines (\(events) events), redacted",
                   events: events, quick: quick) { try $0.exportJSONLines(to: $1 + "/export.jsonl") }
}

/// A workload that writes `events` events of the mix, then times `export` (given the redacting
/// exporter and the scratch directory), which must write every event.
private func exportWorkload(name: String, summary: String, events: Int, quick: Int,
                            export: @escaping @Sendable (LogExporter, String) throws -> ExportSummary) -> Workload {
    Workload(name: name, summary: summary, defaultEvents: events, quickEvents: quick) { context in
        let data = context.scratchDirectory.path
        try await ExportBenchLog.write(events: context.events, to: data)
        PeakMemory.reset()
        let exporter = LogExporter(dataDirectory: data, personalData: .redact(salt: "bench"))
        let start = Stopwatch.now()
        let summary = try export(exporter, data)
        let seconds = Stopwatch.seconds(since: start)
        guard summary.rowsWritten == context.events else {
            throw ExportBenchError(description: "exported \(summary.rowsWritten) of \(context.events) events")
        }
        return Sample(events: context.events, seconds: seconds)
    }
}

/// Writes the log the export workloads read.
enum ExportBenchLog {
    /// Writes the first `events` events of the mix to `<directory>/log`, 1,000 per append.
    /// - Throws: ``LogError`` or ``EventValidationError`` (a bug in the mix).
    static func write(events: Int, to directory: String) async throws {
        let writer = try await LogWriter.open(directory: directory + "/log",
                                              options: LogOptions(durability: .buffered(flushInterval: .seconds(1))))
        var mix = try EventMix(seed: 7)
        var batch: [[UInt8]] = []
        batch.reserveCapacity(1_000)
        for index in 0..<events {
            batch.append(LogCodec.encode(try mix.next()))
            if batch.count == 1_000 || index == events - 1 {
                _ = try await writer.append(contentsOf: batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        try await writer.close()
    }
}

/// A workload's result was not what it should be.
struct ExportBenchError: Error, CustomStringConvertible {
    let description: String
}
