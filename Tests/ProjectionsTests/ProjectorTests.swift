import Foundation
import Testing
import TestSupport
@testable import Events
@testable import Projections

/// Sample events of a few types, recorded in order.
func sampleEvents(_ count: Int, seed: UInt64 = 1) -> [RecordedEvent] {
    var rng = SplitMix64(seed: seed)
    var script = EventScript()
    for i in 0..<count {
        let deck = DeckID(testUUID(UInt64(i % 5)))
        let event: DomainEvent = switch rng.next() % 3 {
        case 0: .deckCreated(DeckCreated(deck: deck, name: "Deck \(i)"))
        case 1: .deckRenamed(DeckRenamed(deck: deck, name: "Renamed \(i)"))
        default: .deckDeleted(DeckDeleted(deck: deck))
        }
        script.record(event, stream: .deck(deck), at: utc(2026, 3, 1, 9, i % 60))
    }
    return script.events
}

@Suite struct ProjectorTests {
    func fold(_ events: [RecordedEvent]) -> TypeCountProjection.State {
        var state = TypeCountProjection.State()
        for event in events { try! TypeCountProjection().apply(event, to: &state) }
        return state
    }

    @Test func appliesEachEventOnceAndAdvancesTheCheckpoint() async {
        let events = sampleEvents(50)
        let projector = Projector(TypeCountProjection())
        await projector.apply(Array(events[..<30]))
        await projector.apply(Array(events[20...]))   // overlaps: 20..<30 must be skipped
        await projector.apply(events)                 // everything again: no change
        let (state, checkpoint) = await projector.current()
        #expect(checkpoint == 50)
        #expect(state == fold(events))
        #expect(state.counts.values.reduce(0, +) == 50)
    }

    @Test func aFailingFoldStopsAtItsPositionAndKeepsTheStateBeforeIt() async {
        let events = sampleEvents(20)
        var projection = TypeCountProjection()
        projection.failAt = 13
        let projector = Projector(projection)
        await projector.apply(events)
        let failure = await projector.failure
        #expect(failure?.projection == "type-counts")
        #expect(failure?.position == 13)
        #expect(failure?.description.contains("stopped at log position 13: refused on purpose") == true)
        let (state, checkpoint) = await projector.current()
        #expect(checkpoint == 12)
        #expect(state == fold(Array(events[..<12])))
        await projector.apply(sampleEvents(30))       // ignored after the failure
        #expect(await projector.checkpoint == 12)
    }

    @Test("a batch read through a later position moves the checkpoint there, unless its fold failed")
    func applyingThroughAPosition() async {
        let events = sampleEvents(20)
        let projector = Projector(TypeCountProjection())
        // Positions 11...15 were of kinds the projection does not read: left out of the batch.
        await projector.apply(Array(events[..<10]), through: 15)
        #expect(await projector.checkpoint == 15)
        await projector.apply(Array(events[15...]), through: 12)     // an older `through` never moves it back
        #expect(await projector.checkpoint == 20)
        #expect(await projector.current().state == fold(Array(events[..<10]) + Array(events[15...])))

        var failing = TypeCountProjection()
        failing.failAt = 5
        let failed = Projector(failing)
        await failed.apply(Array(events[..<10]), through: 15)
        #expect(await failed.checkpoint == 4)
        #expect(await failed.failure?.position == 5)
    }

    @Test func waitingReturnsOnceThePositionIsReached() async throws {
        let events = sampleEvents(10)
        let projector = Projector(TypeCountProjection())
        // The bound only catches a hang: the whole suite on 2 loaded cores can starve a task for minutes.
        async let waited: Void = projector.waitUntil(position: 8, timeout: .seconds(3_600))
        try await Task.sleep(for: .milliseconds(20))
        await projector.apply(Array(events[..<8]))
        try await waited
        #expect(await projector.checkpoint == 8)
    }

    @Test func waitingTimesOutWithWhereTheProjectionIs() async {
        let projector = Projector(TypeCountProjection())
        await projector.apply(sampleEvents(3))
        await #expect {
            try await projector.waitUntil(position: 99, timeout: .milliseconds(30))
        } throws: { error in
            guard case let .timedOut(name, position, reached) = error as? ProjectionWaitError else { return false }
            return name == "type-counts" && position == 99 && reached == 3
        }
    }

    @Test func waitingOnAFailedProjectionThrowsItsFailure() async {
        var projection = TypeCountProjection()
        projection.failAt = 2
        let projector = Projector(projection)
        await projector.apply(sampleEvents(5))
        await #expect {
            try await projector.waitUntil(position: 5, timeout: .seconds(5))
        } throws: { error in
            guard case let .failed(failure) = error as? ProjectionWaitError else { return false }
            return failure.position == 2
        }
    }

    @Test(arguments: 0..<20)
    func snapshotThenTailEqualsFullFold(seed: UInt64) async {
        var rng = SplitMix64(seed: seed)
        let events = sampleEvents(200, seed: seed)
        let cut = Int(rng.next() % 201)
        let first = Projector(TypeCountProjection())
        await first.apply(Array(events[..<cut]))
        let snapshot = await first.snapshot()
        #expect(snapshot.position == UInt64(cut))

        let decoded = try? Snapshot(decoding: snapshot.encoded())
        #expect(decoded == snapshot)
        let second = Projector(TypeCountProjection())
        #expect(await second.restore(from: decoded!) == nil)
        await second.apply(events)
        let full = Projector(TypeCountProjection())
        await full.apply(events)
        #expect(await second.snapshot() == full.snapshot())
    }

    @Test func foldingTwiceGivesByteIdenticalSnapshots() async {
        let events = sampleEvents(500)
        let a = Projector(TypeCountProjection()), b = Projector(TypeCountProjection())
        await a.apply(events)
        for event in events { await b.apply([event]) }
        #expect(await a.snapshot().encoded() == b.snapshot().encoded())
    }

    @Test func aSnapshotOfAnotherFingerprintOrVersionIsRefused() async {
        let projector = Projector(TypeCountProjection())
        await projector.apply(sampleEvents(10))
        let good = await projector.snapshot()

        var otherParameters = TypeCountProjection()
        otherParameters.fingerprint = 8
        let reason = await Projector(otherParameters).restore(from: good)
        #expect(reason?.contains("computed with other parameters") == true)

        let oldVersion = Snapshot(projection: good.projection, version: 0, fingerprint: good.fingerprint,
                                  position: good.position, state: good.state)
        let fresh = Projector(TypeCountProjection())
        #expect(await fresh.restore(from: oldVersion)?.contains("has version 0") == true)
        #expect(await fresh.checkpoint == 0)

        let garbled = Snapshot(projection: good.projection, version: good.version, fingerprint: good.fingerprint,
                               position: good.position, state: good.state + [0xFF])
        #expect(await fresh.restore(from: garbled)?.contains("does not decode") == true)
        #expect(await fresh.checkpoint == 0)
    }
}
