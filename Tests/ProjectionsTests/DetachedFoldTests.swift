import Testing
import TestSupport
@testable import Events
@testable import Projections

/// A fold on a copy of a projector's state (``ProjectionFold``), as an import runs one on
/// another core: taken over, it leaves the projector exactly as folding the same events on it
/// would; it is refused, leaving the projector as it was, when the projector moved on, the fold
/// failed, or it is another projection's.
@Suite struct DetachedFoldTests {
    /// The projector's snapshot after folding `events` on it directly.
    static func folded(_ events: [RecordedEvent]) async -> Snapshot {
        let projector = Projector(TypeCountProjection())
        await projector.apply(events)
        return await projector.snapshot()
    }

    /// Events 1…`before` folded on the projector, the rest on a detached copy in chunks of
    /// `chunk`, then taken over: the same snapshot as folding them all on the projector.
    @Test(arguments: [(0, 1), (0, 200), (50, 7), (50, 64), (199, 3)])
    func takenOverItEqualsFoldingOnTheProjector(before: Int, chunk: Int) async throws {
        let events = sampleEvents(200, seed: UInt64(before * 1000 + chunk))
        let projector = Projector(TypeCountProjection())
        await projector.apply(Array(events[..<before]))
        var fold = try #require(await projector.detachedFold())
        var start = before
        while start < events.count {
            let end = min(events.count, start + chunk)
            fold.apply(Array(events[start..<end]))
            start = end
        }
        #expect(!fold.failed)
        #expect(await projector.adopt(fold, through: 200, base: UInt64(before)))
        #expect(await projector.checkpoint == 200)
        #expect(await projector.snapshot() == (await Self.folded(events)))
    }

    enum Refusal: String, CaseIterable { case projectorMovedOn, foldFailed, otherProjection, otherBase }

    /// Each reason to refuse a copy: the projector keeps its state and checkpoint.
    @Test(arguments: Refusal.allCases)
    func aCopyIsRefusedAndTheProjectorKeptAsItWas(refusal: Refusal) async throws {
        let events = sampleEvents(60, seed: 5)
        let projector = Projector(TypeCountProjection(failAt: refusal == .foldFailed ? 45 : nil))
        await projector.apply(Array(events[..<30]))
        var fold = try #require(await projector.detachedFold())
        fold.apply(Array(events[30...]))
        #expect(fold.failed == (refusal == .foldFailed))
        if refusal == .projectorMovedOn { await projector.apply(Array(events[30..<31])) }
        let before = await projector.snapshot()
        let offered: any DetachedFold
        if refusal == .otherProjection {
            let other = Projector(OtherCountProjection())
            offered = try #require(await other.detachedFold())
        } else {
            offered = fold
        }
        let base: UInt64 = refusal == .otherBase ? 29 : 30
        #expect(await projector.adopt(offered, through: 60, base: base) == false)
        #expect(await projector.snapshot() == before)
    }

    /// A projector that has failed gives no copy.
    @Test func aFailedProjectorGivesNoCopy() async {
        let projector = Projector(TypeCountProjection(failAt: 3))
        await projector.apply(sampleEvents(10, seed: 2))
        #expect(await projector.failure != nil)
        #expect(await projector.detachedFold() == nil)
    }
}

/// Another projection with the same state type (a copy of its fold must not be taken by a
/// ``TypeCountProjection``'s projector).
private struct OtherCountProjection: Projection {
    static let name = "other-counts"
    static let version: UInt32 = 1
    func makeInitialState() -> TypeCountProjection.State { TypeCountProjection.State() }
    func apply(_ event: RecordedEvent, to state: inout TypeCountProjection.State) { state.lastPosition = event.position }
}
