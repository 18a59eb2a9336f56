import EventLog
import Foundation

/// The EventLog workloads: appends under each durability policy, the raw scan, and the
/// writer's open of an existing log. Payloads are 200 bytes (the open workloads: 60 to 200
/// bytes, about 150 bytes a record on disk, as the EventMix log encoding).
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
    Workload(name: "log.open", summary: "LogWriter.open of an existing log with current seals (events: records in it)",
             defaultEvents: 1_000_000, quickEvents: 20_000) { context in
        try await LogBench.timeOpen(context, removingSeals: false)
    },
    Workload(name: "log.open.unsealed", summary: "LogWriter.open of a log without seals (older format): every record checked",
             defaultEvents: 1_000_000, quickEvents: 20_000) { context in
        try await LogBench.timeOpen(context, removingSeals: true)
    },
]

enum LogBench {
    /// A 200-byte payload of varied bytes.
    static func payload() -> [UInt8] { (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) } }

    /// Writes a log of `context.events` records (default segment size), closes it, and times
    /// the writer's open. Prints the split between checking segments and the rest of open.
    static func timeOpen(_ context: WorkloadContext, removingSeals: Bool) async throws -> Sample {
        let directory = context.scratchDirectory.path
        let writer = try await LogWriter.open(directory: directory,
                                              options: LogOptions(durability: .buffered(flushInterval: .seconds(1))))
        let payloads = (0..<1000).map { i in (0..<(60 + (i &* 7919) % 141)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ i) } }
        var written = 0
        while written < context.events {
            let count = min(100, context.events - written)
            _ = try await writer.append(contentsOf: (0..<count).map { payloads[(written + $0) % payloads.count] })
            written += count
        }
        try await writer.close()
        if removingSeals {
            for name in try FileManager.default.contentsOfDirectory(atPath: directory) where name.hasSuffix(".seal") {
                try FileManager.default.removeItem(atPath: directory + "/" + name)
            }
        }
        var options = LogOptions(durability: .buffered(flushInterval: .seconds(1)))
        options.clock = { Stopwatch.now() }
        let start = Stopwatch.now()
        let reopened = try await LogWriter.open(directory: directory, options: options)
        let seconds = Stopwatch.seconds(since: start)
        let report = reopened.recoveryReport
        try await reopened.close()
        let checking = Double(report.checkingNanoseconds) / 1e6
        let total = seconds * 1e3
        print(String(format: "    %@: %.2f ms = checking segments %.2f ms + rest %.2f ms; sealed segments %d (by seal %d, by records %d), last segment %d of %d bytes by seal",
                     removingSeals ? "log.open.unsealed" : "log.open", total, checking, total - checking,
                     report.sealedSegments, report.checkedBySeal, report.checkedByRecords,
                     report.lastSegmentSealedLength, report.lastSegmentLength))
        return Sample(events: written, seconds: seconds)
    }
}
