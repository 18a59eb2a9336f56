import Testing
import TestSupport
@testable import Events
@testable import Projections

/// A second projection type, so the runner feeds projections of different kinds.
struct PositionSumProjection: Projection {
    struct State: ProjectionState, Equatable {
        var sum: UInt64 = 0
        init() {}
        init(from reader: inout SnapshotReader) throws(EventDecodingError) { sum = try reader.read() }
        func encode(to writer: inout SnapshotWriter) { writer.write(sum) }
    }
    static let name = "position-sum"
    static let version: UInt32 = 1
    var fingerprint: UInt64 { 0 }
    func makeInitialState() -> State { State() }
    func apply(_ event: RecordedEvent, to state: inout State) throws { state.sum += event.position }
}

@Suite struct ProjectionRunnerTests {
    @Test(arguments: [false, true])
    func projectorsCatchUpFromDifferentCheckpoints(parallel: Bool) async throws {
        let events = sampleEvents(1000)
        let source = InMemoryEventSource(events)
        let behind = Projector(TypeCountProjection())
        let ahead = Projector(TypeCountProjection())
        await ahead.apply(Array(events[..<700]))
        let sums = Projector(PositionSumProjection())
        let runner = ProjectionRunner(source: source, projectors: [behind, ahead, sums], parallel: parallel, batchSize: 64)
        let last = try await runner.catchUp()
        #expect(last == 1000)
        let reference = Projector(TypeCountProjection())
        await reference.apply(events)
        #expect(await behind.snapshot() == reference.snapshot())
        #expect(await ahead.snapshot() == reference.snapshot())
        #expect(await sums.current().state.sum == 1000 * 1001 / 2)
    }

    @Test func followsLiveAppendsUntilCancelled() async throws {
        let events = sampleEvents(300)
        let source = InMemoryEventSource(Array(events[..<100]))
        let projector = Projector(TypeCountProjection())
        let runner = ProjectionRunner(source: source, projectors: [projector], batchSize: 16)
        let following = Task { try await runner.follow() }
        for start in stride(from: 100, to: 300, by: 50) {
            await source.append(Array(events[start..<start + 50]))
            // The wait returns as soon as the position is reached; the bound only catches a hang.
            // It is above the whole suite's time: with the suite in parallel on 2 loaded cores,
            // each of the runner's hops (source, projector) queues behind the other tests' work,
            // and one run left the fold at position 16 after 600 s (the suite took 1,280 s).
            try await projector.waitUntil(position: UInt64(start + 50), timeout: .seconds(3_600))
        }
        following.cancel()
        try await following.value
        let reference = Projector(TypeCountProjection())
        await reference.apply(events)
        #expect(await projector.snapshot() == reference.snapshot())
    }

    @Test func aFailingProjectorDoesNotStopTheOthers() async throws {
        let events = sampleEvents(500)
        var failing = TypeCountProjection()
        failing.failAt = 250
        let broken = Projector(failing)
        let healthy = Projector(TypeCountProjection())
        let runner = ProjectionRunner(source: InMemoryEventSource(events), projectors: [broken, healthy], batchSize: 100)
        try await runner.catchUp()
        #expect(await healthy.checkpoint == 500)
        #expect(await broken.checkpoint == 249)
        let failures = await runner.failures()
        #expect(failures.map(\.position) == [250])
        #expect(failures.first?.projection == "type-counts")
    }
}
