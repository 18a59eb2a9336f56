import EventLog
import Foundation

/// The EventLog workloads: appends under each durability policy, and the raw scan.
/// Payloads are 200 bytes.
let logWorkloads: [Workload] = [
    Workload(name: "append.durable.single", summary: "one 200-byte event per append, fsync'ed before it returns",
             defaultEvents: 20_000, quickEvents: 500) { context in
        let writer = try await LogWriter.open(directory: context.scratchDirectory.path,
                                              options: LogOptions(durability: .fsyncEachAppend))
        let payload = LogBench.payload()
        var latencies: [Double] = []
        latencies.reserveCapacity(context.events)
        let start = Stopwatch.now()
        for _ in 0..<context.events {
            let before = Stopwatch.now()
            blackHole(try await writer.append(payload))
            latencies.append(Double(Stopwatch.now() &- before) / 1000)
        }
        let seconds = Stopwatch.seconds(since: start)
        try await writer.close()
        return Sample(events: context.events, seconds: seconds, latenciesMicros: latencies)
    },
    Workload(name: "append.durable.group", summary: "64 concurrent appenders, one event each, group commit",
             defaultEvents: 200_000, quickEvents: 6_400) { context in
        let writer = try await LogWriter.open(directory: context.scratchDirectory.path,
                                              options: LogOptions(durability: .groupCommit))
        let payload = LogBench.payload()
        let perTask = context.events / 64
        let start = Stopwatch.now()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<64 {
                group.addTask {
                    for _ in 0..<perTask { blackHole(try await writer.append(payload)) }
                }
            }
            try await group.waitForAll()
        }
        let seconds = Stopwatch.seconds(since: start)
        try await writer.close()
        return Sample(events: perTask * 64, seconds: seconds)
    },
    Workload(name: "append.durable.batch1000", summary: "batches of 1,000 events, fsync'ed per batch",
             defaultEvents: 2_000_000, quickEvents: 20_000) { context in
        let writer = try await LogWriter.open(directory: context.scratchDirectory.path,
                                              options: LogOptions(durability: .fsyncEachAppend))
        let batch = [[UInt8]](repeating: LogBench.payload(), count: 1000)
        let batches = max(1, context.events / 1000)
        let start = Stopwatch.now()
        for _ in 0..<batches { blackHole(try await writer.append(contentsOf: batch)) }
        let seconds = Stopwatch.seconds(since: start)
        try await writer.close()
        return Sample(events: batches * 1000, seconds: seconds)
    },
    Workload(name: "append.buffered", summary: "one event per append, OS-buffered (user-space buffer)",
             defaultEvents: 2_000_000, quickEvents: 20_000) { context in
        let writer = try await LogWriter.open(directory: context.scratchDirectory.path,
                                              options: LogOptions(durability: .buffered(flushInterval: .milliseconds(10))))
        let payload = LogBench.payload()
        let start = Stopwatch.now()
        for _ in 0..<context.events { blackHole(try await writer.append(payload)) }
        try await writer.sync()
        let seconds = Stopwatch.seconds(since: start)
        try await writer.close()
        return Sample(events: context.events, seconds: seconds)
    },
    Workload(name: "scan.raw", summary: "scan every record, checksum verified, no decoding",
             defaultEvents: 5_000_000, quickEvents: 50_000) { context in
        let directory = context.scratchDirectory.path
        let writer = try await LogWriter.open(directory: directory,
                                              options: LogOptions(durability: .buffered(flushInterval: .seconds(1))))
        let batch = [[UInt8]](repeating: LogBench.payload(), count: 1000)
        for _ in 0..<max(1, context.events / 1000) { _ = try await writer.append(contentsOf: batch) }
        try await writer.close()
        let reader = LogReader(directory: directory)
        var count = 0
        var bytes = 0
        let start = Stopwatch.now()
        try reader.forEach { _, payload in
            count += 1
            bytes &+= payload.count
        }
        let seconds = Stopwatch.seconds(since: start)
        blackHole(bytes)
        return Sample(events: count, seconds: seconds)
    },
]

enum LogBench {
    /// A 200-byte payload of varied bytes.
    static func payload() -> [UInt8] { (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) } }
}
