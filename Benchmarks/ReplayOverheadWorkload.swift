import Foundation
import Hindsight
import EventLog

/// The runner's own cost per event (issue 5): the replay log of ``replayWorkloads`` read, decoded
/// and handed to seven projectors whose folds do almost nothing (each looks at the event's
/// payload, as real folds do, and counts). Prints the time of reading and decoding alone, so the
/// rest is what handing each event to each projector costs.
let replayOverheadWorkloads: [Workload] = [
    Workload(name: "replay.overhead",
             summary: "read + decode + hand every event to 7 no-op projections, serial runner (events/s)",
             defaultEvents: 1_000_000, quickEvents: 20_000) { context in
        try await replayOverhead(context)
    },
]

private func replayOverhead(_ context: WorkloadContext) async throws -> Sample {
    let (directory, _) = try await ReplayLog.write(events: context.events, in: context.scratchDirectory)
    let writer = try await LogWriter.open(directory: directory, options: ReplayLog.options)
    let source = LogEventSource(writer: writer)

    let decodeStart = Stopwatch.now()
    var cursor: UInt64 = 0
    var reviews = 0
    while true {
        let batch = try await source.events(after: cursor, limit: 4096)
        guard let last = batch.last else { break }
        for event in batch { if case .reviewGraded = event.event { reviews &+= 1 } }
        cursor = last.position
    }
    let decodeSeconds = Stopwatch.seconds(since: decodeStart)
    blackHole(reviews)

    let projectors = (0..<7).map { _ in Projector(CountingProjection()) }
    let runner = ProjectionRunner(source: source, projectors: projectors, parallel: false)
    let start = Stopwatch.now()
    let reached = try await runner.catchUp()
    let seconds = Stopwatch.seconds(since: start)
    guard reached == UInt64(context.events) else {
        throw ReplayBenchmarkError(message: "replay.overhead stopped at position \(reached) of \(context.events)")
    }
    let counted = await projectors[0].read { $0 }
    guard counted.events == context.events, counted.reviews == reviews else {
        throw ReplayBenchmarkError(message: "replay.overhead counted \(counted.events) events, \(counted.reviews) reviews")
    }
    try await writer.close()
    let perEvent = (seconds - decodeSeconds) / Double(context.events) * 1e9
    FileHandle.standardError.write(Data(String(format: "replay.overhead %d events: read + decode alone %.3f s, "
        + "with 7 no-op folds %.3f s: %.0f ns per event for the hand-over (%.1f ns per projector)\n",
        context.events, decodeSeconds, seconds, perEvent, perEvent / 7).utf8))
    return Sample(events: context.events, seconds: seconds)
}

/// A fold that reads each event's payload the way the read models do (a `switch` binding it) and
/// counts: what is left of a replay when the folds cost nothing.
private struct CountingProjection: Projection {
    struct State: ProjectionState {
        var events = 0
        var reviews = 0
        var ratings = 0
        var textBytes = 0

        init() {}

        init(from reader: inout SnapshotReader) throws(EventDecodingError) {
            events = try reader.read()
            reviews = try reader.read()
            ratings = try reader.read()
            textBytes = try reader.read()
        }

        func encode(to writer: inout SnapshotWriter) {
            for value in [events, reviews, ratings, textBytes] { writer.write(value) }
        }
    }

    static let name = "counting"
    static let version: UInt32 = 1
    var fingerprint: UInt64 { 0 }

    func makeInitialState() -> State { State() }

    /// The default batch fold's loop, restated here: the default implementation, in another
    /// module, would run unspecialized for this type, unlike the read models' (in `Projections`).
    func apply(_ batch: [RecordedEvent], after checkpoint: UInt64, to state: inout State) -> BatchOutcome {
        var last = checkpoint
        for index in batch.indices {
            let position = batch[index].position
            guard position > checkpoint else { continue }
            apply(batch[index], to: &state)
            last = position
        }
        return BatchOutcome(lastApplied: last, failure: nil)
    }

    func apply(_ event: RecordedEvent, to state: inout State) {
        state.events &+= 1
        switch event.event {
        case .reviewGraded(let review):
            state.reviews &+= 1
            state.ratings &+= Int(review.rating.rawValue)
        case .cardCreated(let created):
            state.textBytes &+= created.front.utf8.count
        default:
            break
        }
    }
}
