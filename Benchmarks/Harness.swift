import Foundation

/// How a workload is run: one warm-up, then repetitions, reporting the median run.
struct HarnessOptions: Sendable {
    var events: Int?
    var quick: Bool
    var repetitions: Int
}

/// The summary of a workload's runs, as reported on the terminal and in JSON.
struct WorkloadResult: Sendable {
    let name: String
    let events: Int
    /// Seconds of the median run.
    let seconds: Double
    /// Seconds of every measured run, in the order they ran: on a machine whose speed drifts
    /// (shared caches, noisy neighbours) the fastest run and the spread say more than the median.
    let runSeconds: [Double]
    var eventsPerSecond: Double { seconds > 0 ? Double(events) / seconds : 0 }
    /// Events per second of the fastest run.
    var bestEventsPerSecond: Double {
        guard let best = runSeconds.min(), best > 0 else { return eventsPerSecond }
        return Double(events) / best
    }
    let p50Micros: Double?
    let p99Micros: Double?
    let peakRSSBytes: Int?
    /// Per measured run, in order, the seconds of the slower of its two ``SpeedProbe``s; empty
    /// for workloads that do not probe the machine's speed.
    let runProbeSeconds: [Double]
    /// The fastest probe of the workload, warm-up included; nil when it does not probe.
    let fastestProbeSeconds: Double?

    /// The slowdown up to which a run counts as run at full speed: the core's slow speeds on the
    /// shared machine reach 2x its fast one, and at one speed the probe varies by about 1%.
    static let fullSpeedSlowdown = 1.15

    /// Per measured run, how much slower the machine ran than at `fastest` (the fastest probe
    /// of the whole process, so 1.0 is full speed): its slower probe over `fastest`.
    func probeSlowdowns(against fastest: Double) -> [Double] {
        runProbeSeconds.map { $0 / fastest }
    }

    /// Seconds of the runs whose probes both ran at full speed against `fastest`.
    func fullSpeedRunSeconds(against fastest: Double) -> [Double] {
        zip(runSeconds, probeSlowdowns(against: fastest)).filter { $0.1 <= Self.fullSpeedSlowdown }.map(\.0)
    }

    /// Events per second of the median full-speed run against `fastest` (the slower middle
    /// one of an even count), or nil when no run was at full speed.
    func fullSpeedEventsPerSecond(against fastest: Double) -> Double? {
        let runs = fullSpeedRunSeconds(against: fastest).sorted()
        guard !runs.isEmpty, runs[runs.count / 2] > 0 else { return nil }
        return Double(events) / runs[runs.count / 2]
    }
}

enum Harness {
    /// Runs `workload`: a warm-up (a tenth of the size, at least its quick size), then
    /// `repetitions` measured runs, each in a fresh scratch directory. Reports the run of
    /// median time; percentiles come from that run's latencies; and, for workloads that probe
    /// the machine's speed, how fast the machine ran during each run.
    static func run(_ workload: Workload, options: HarnessOptions) async throws -> WorkloadResult {
        let events = options.events ?? (options.quick ? workload.quickEvents : workload.defaultEvents)
        let warmUpEvents = min(events, max(workload.quickEvents, events / 10))
        let warmUp = try await once(workload, events: warmUpEvents)

        PeakMemory.reset()
        var samples: [Sample] = []
        for _ in 0..<max(1, options.repetitions) {
            samples.append(try await once(workload, events: events))
        }
        let peak = PeakMemory.bytes()
        let median = samples.sorted { $0.seconds < $1.seconds }[samples.count / 2]
        let latencies = median.latenciesMicros.sorted()
        return WorkloadResult(
            name: workload.name, events: median.events, seconds: median.seconds, runSeconds: samples.map(\.seconds),
            p50Micros: percentile(latencies, 0.50), p99Micros: percentile(latencies, 0.99),
            peakRSSBytes: peak, runProbeSeconds: samples.compactMap { $0.probeSeconds.max() },
            fastestProbeSeconds: (samples + [warmUp]).flatMap(\.probeSeconds).min())
    }

    private static func once(_ workload: Workload, events: Int) async throws -> Sample {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("hindsight-bench-\(UInt64.random(in: 0 ... .max))")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        return try await workload.body(WorkloadContext(events: events, scratchDirectory: scratch))
    }

    /// The nearest-rank percentile of sorted values, or nil when there are none.
    static func percentile(_ sorted: [Double], _ p: Double) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let rank = Int((p * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}
