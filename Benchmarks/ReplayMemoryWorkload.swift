#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Hindsight
import EventLog

/// The replay memory proof (issue 5): peak memory while replaying grows with the read models,
/// never with the log's length. One log of a history capped at a fixed number of cards, stories
/// and spelling tests (``EventMix/Limits``) is written during setup; then prefixes of it of
/// growing length (a quarter, all, twice the work size) are replayed into fresh read models,
/// the peak reset before each. For each length it prints the peak RSS, the RSS when the replay
/// started, the read models' encoded size at the end, and the runner's batches held at most.
/// The peak must be flat across lengths (the models are the same size once every card exists).
let replayMemoryWorkloads: [Workload] = [
    Workload(name: "replay.memory",
             summary: "peak RSS replaying 1/4x, 1x, 2x the size with the same cards (printed per length; events/s over all)",
             defaultEvents: 1_000_000, quickEvents: 20_000) { context in
        try await replayMemory(context)
    },
]

private func replayMemory(_ context: WorkloadContext) async throws -> Sample {
    let lengths = [context.events / 4, context.events, context.events * 2].map { max($0, 1) }
    // 20k cards at the full size; proportionally fewer in quick runs (every prefix holds them all:
    // the history creates a card in about one event of eleven).
    let cards = min(20_000, max(100, context.events / 50))
    let limits = EventMix.Limits(cards: cards, spellingTests: 50, stories: 500)
    let (directory, _) = try await ReplayLog.write(events: lengths.max()!, in: context.scratchDirectory, limits: limits)
    let writer = try await LogWriter.open(directory: directory, options: ReplayLog.options)
    var lines: [String] = []
    var seconds = 0.0
    for length in lengths {
        ResidentMemory.returnFreedMemory()
        PeakMemory.reset()
        let before = ResidentMemory.bytes()
        let models = try ReadModels(configuration: ReadModelConfiguration())
        let source = PrefixEventSource(base: LogEventSource(writer: writer), last: UInt64(length))
        let runner = ProjectionRunner(source: source, projectors: models.all, parallel: true)
        let start = Stopwatch.now()
        let last = try await runner.catchUp()
        let took = Stopwatch.seconds(since: start)
        seconds += took
        let peak = PeakMemory.bytes()
        guard last == UInt64(length) else {
            throw ReplayBenchmarkError(message: "replay.memory stopped at position \(last) of \(length)")
        }
        var modelBytes = 0
        for projector in models.all { modelBytes += await projector.snapshot().stateByteCount }
        let held = await source.mostEventsHeld()
        func mb(_ bytes: Int?) -> String { bytes.map { String(format: "%.1f MB", Double($0) / 1e6) } ?? "?" }
        lines.append("\(length) events in \(String(format: "%.2f s", took)): peak RSS \(mb(peak)) (at start \(mb(before))), models \(mb(modelBytes)) encoded, "
            + "batches read \(await source.batchesRead()), most events held \(held)")
    }
    try await writer.close()
    FileHandle.standardError.write(Data(("replay.memory (\(cards) cards): " + lines.joined(separator: "; ") + "\n").utf8))
    return Sample(events: lengths.reduce(0, +), seconds: seconds)
}

/// The first events of a log, up to position ``last``, as an ``EventSource``; it counts the
/// batches it hands out and the most events handed out and not yet superseded (what a runner
/// can hold: the batch being folded and the one read ahead).
private actor PrefixEventSource: EventSource {
    let base: LogEventSource
    let last: UInt64
    private var batches = 0
    private var recent: (Int, Int) = (0, 0)
    private var most = 0

    init(base: LogEventSource, last: UInt64) {
        self.base = base
        self.last = last
    }

    func events(after position: UInt64, limit: Int) async throws -> [RecordedEvent] {
        guard position < last else { return [] }
        var events = try await base.events(after: position, limit: limit)
        if let end = events.firstIndex(where: { $0.position > last }) { events.removeSubrange(end...) }
        count(events.count)
        return events
    }

    func events(after position: UInt64, limit: Int, decoding kinds: EventKindSet) async throws -> EventBatch {
        guard position < last else { return EventBatch(events: [], last: position) }
        var batch = try await base.events(after: position, limit: limit, decoding: kinds)
        if let end = batch.events.firstIndex(where: { $0.position > last }) { batch.events.removeSubrange(end...) }
        batch.last = min(batch.last, last)
        count(batch.events.count)
        return batch
    }

    private func count(_ handedOut: Int) {
        batches += 1
        recent = (recent.1, handedOut)
        most = max(most, recent.0 + recent.1)
    }

    func waitForEvents(after position: UInt64) async throws {
        try await base.waitForEvents(after: position)
    }

    func batchesRead() -> Int { batches }
    func mostEventsHeld() -> Int { most }
}

/// The process's resident memory now (Linux: VmRSS), or nil where unknown.
enum ResidentMemory {
    /// Hands the allocator's free pages back to the OS (glibc `malloc_trim`), so that what one
    /// replay freed does not count as resident at the start of the next.
    static func returnFreedMemory() {
        #if canImport(Glibc)
        // Looked up at run time: Swift's Glibc module does not export `malloc_trim`.
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
            typealias Trim = @convention(c) (Int) -> Int32
            _ = unsafeBitCast(symbol, to: Trim.self)(0)
        }
        #endif
    }


    static func bytes() -> Int? {
        #if os(Linux)
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }.map { $0 * 1024 }
        }
        return nil
        #else
        return nil
        #endif
    }
}
