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

/// The replay logs of ``replayKeptWorkloads``, one per length, written on first use. By default
/// they live in a directory of the process's own, removed by ``removeAll()`` when the
/// benchmarks end; with `HINDSIGHT_BENCH_KEPT_DIR` set they live there and stay, so that two
/// builds run alternately (one process each) replay the very same files.
actor KeptReplayLogs {
    static let shared = KeptReplayLogs()

    /// The directory given by `HINDSIGHT_BENCH_KEPT_DIR`, if any: reused and never removed.
    private let given = ProcessInfo.processInfo.environment["HINDSIGHT_BENCH_KEPT_DIR"]
        .map { URL(fileURLWithPath: $0) }
    private lazy var root = given ?? FileManager.default.temporaryDirectory
        .appendingPathComponent("hindsight-bench-kept-\(UInt64.random(in: 0 ... .max))")
    private var written: [Int: String] = [:]

    /// The log directory of a replay log of `events` events, written now if it is not there yet
    /// (a log left in `HINDSIGHT_BENCH_KEPT_DIR` by an earlier process is taken as it is).
    /// - Throws: what ``ReplayLog/write(events:in:limits:)`` throws.
    func directory(events: Int) async throws -> String {
        if let directory = written[events] { return directory }
        let scratch = root.appendingPathComponent("\(events)")
        let done = scratch.appendingPathComponent("complete")
        let log = scratch.appendingPathComponent("log").path
        if given != nil && FileManager.default.fileExists(atPath: done.path) {
            written[events] = log
            return log
        }
        try? FileManager.default.removeItem(at: scratch)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let (directory, _) = try await ReplayLog.write(events: events, in: scratch)
        try Data().write(to: done)
        written[events] = directory
        return directory
    }

    /// Removes every kept log, unless they live in `HINDSIGHT_BENCH_KEPT_DIR`.
    func removeAll() {
        guard given == nil else { return }
        try? FileManager.default.removeItem(at: root)
        written = [:]
    }
}
