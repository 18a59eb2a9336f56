import Foundation

/// One named benchmark: a body that does `events` units of work and times its own
/// measured section (setup such as writing a log to scan is left out of the timing).
struct Workload: Sendable {
    /// The stable name scripts select and compare by, e.g. `append.durable.single`.
    let name: String
    /// What is measured, one line.
    let summary: String
    /// The work size of a full run, and of a `--quick` run (CI).
    let defaultEvents: Int
    let quickEvents: Int
    /// Runs once and reports what it measured.
    let body: @Sendable (WorkloadContext) async throws -> Sample
}

/// What a workload run gets: its size and a fresh scratch directory of its own, removed
/// after the run.
struct WorkloadContext: Sendable {
    let events: Int
    let scratchDirectory: URL
}

/// The measurement of one run.
struct Sample: Sendable {
    /// Units of work done in the timed section.
    var events: Int
    /// Wall-clock seconds of the timed section.
    var seconds: Double
    /// Per-operation latencies in microseconds, where the workload has operations worth
    /// timing one by one (appends); empty otherwise.
    var latenciesMicros: [Double] = []
    /// Seconds of the ``SpeedProbe`` loop right before and right after the timed section,
    /// where the workload probes the machine's speed (the replay workloads); empty otherwise.
    var probeSeconds: [Double] = []
}

/// Monotonic wall-clock timing.
enum Stopwatch {
    /// Nanoseconds on a monotonic clock.
    @inline(__always) static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Seconds elapsed since `start` (from ``now()``).
    @inline(__always) static func seconds(since start: UInt64) -> Double {
        Double(now() &- start) / 1e9
    }

    /// Runs `work` and returns its result with the seconds it took.
    static func time<T>(_ work: () async throws -> T) async rethrows -> (T, Double) {
        let start = now()
        let result = try await work()
        return (result, seconds(since: start))
    }
}
