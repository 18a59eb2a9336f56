import Testing
import TestSupport
@testable import Events
@testable import Projections

/// Checks a projection's batch fold against its event-by-event fold over `events`, handed over
/// in batches of seeded sizes that sometimes start again before the checkpoint: the same state
/// and the same snapshot bytes, and a batch wholly at or below the checkpoint changes nothing.
func checkBatchFold<P: Projection>(_ projection: P, events: [RecordedEvent], seed: UInt64) throws where P.State: Equatable {
    let expected = fold(projection, events)
    var rng = SplitMix64(seed: seed ^ 0x5EED)
    var state = projection.makeInitialState()
    var checkpoint: UInt64 = 0
    var start = 0
    while start < events.count {
        // Sometimes hand back a few events already applied: they must be skipped.
        let from = max(0, start - (rng.next() % 4 == 0 ? Int(rng.next() % 5) : 0))
        let end = min(events.count, start + 1 + Int(rng.next() % 40))
        let outcome = projection.apply(Array(events[from..<end]), after: checkpoint, to: &state)
        #expect(outcome.failure == nil)
        #expect(outcome.lastApplied == events[end - 1].position)
        checkpoint = outcome.lastApplied
        start = end
    }
    #expect(state == expected)
    #expect(encoded(state) == encoded(expected))
    // A batch wholly at or below the checkpoint changes nothing and keeps the checkpoint.
    let outcome = projection.apply(Array(events.suffix(10)), after: checkpoint, to: &state)
    #expect(outcome.lastApplied == checkpoint && state == expected)
}
