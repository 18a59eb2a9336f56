import Foundation
import Hindsight

/// `replay.all` over a log written once per process and kept between runs: each run only reads,
/// decodes and folds (about a second at the full size, against the several seconds `replay.all`
/// spends writing its log before each run). On a machine whose speed drifts from minute to
/// minute, many short runs back to back compare builds and changes far more steadily; the
/// figure to quote for the target stays `replay.all`'s.
let replayKeptWorkloads: [Workload] = [
    Workload(name: "replay.kept",
             summary: "replay.all over one log kept for the whole process (runs back to back, no rewrite)",
             defaultEvents: 1_000_000, quickEvents: 20_000) { context in
        let directory = try await KeptReplayLogs.shared.directory(events: context.events)
        return try await timedReplay(of: directory, events: context.events, parallel: false)
    },
]

/// The replay logs of ``replayKeptWorkloads``, one per length, written on first use into a
/// directory of their own and removed by ``removeAll()`` when the benchmarks end.
actor KeptReplayLogs {
    static let shared = KeptReplayLogs()

    private let root = FileManager.default.temporaryDirectory
        .appendingPathComponent("hindsight-bench-kept-\(UInt64.random(in: 0 ... .max))")
    private var written: [Int: String] = [:]

    /// The log directory of a replay log of `events` events, written now if it is not there yet.
    /// - Throws: what ``ReplayLog/write(events:in:limits:)`` throws.
    func directory(events: Int) async throws -> String {
        if let directory = written[events] { return directory }
        let scratch = root.appendingPathComponent("\(events)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let (directory, _) = try await ReplayLog.write(events: events, in: scratch)
        written[events] = directory
        return directory
    }

    /// Removes every kept log.
    func removeAll() {
        try? FileManager.default.removeItem(at: root)
        written = [:]
    }
}
