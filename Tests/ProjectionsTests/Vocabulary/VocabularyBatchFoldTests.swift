import Events
import FSRS
import Testing
import TestSupport
@testable import Projections

/// A seeded history for the batch fold: ``randomVocabularyHistory(seed:events:cards:)`` with 300
/// cards, with content events of other domains interleaved (the fold skips them).
func batchFoldHistory(seed: UInt64, events count: Int = 3000) -> [RecordedEvent] {
    var random = SplitMix64(seed: seed &+ 0x5EED)
    let v = randomVocabularyHistory(seed: seed, events: count, cards: 300)
    // Content events of other domains in between, positions renumbered in log order.
    let content = randomContentEvents(seed: seed, count: count / 4)
    var merged: [RecordedEvent] = []
    var (c, e) = (0, 0)
    while c < content.count || e < v.events.count {
        let takeContent = e == v.events.count || (c < content.count && random.next() % 5 == 0)
        let event = takeContent ? content[c] : v.events[e]
        if takeContent { c += 1 } else { e += 1 }
        merged.append(RecordedEvent(position: UInt64(merged.count + 1), id: event.id, stream: event.stream,
                                    streamVersion: event.streamVersion, profile: event.profile, occurred: event.occurred,
                                    recordedAt: event.recordedAt, event: event.event))
    }
    return merged
}

@Suite("Vocabulary batch fold")
struct VocabularyBatchFoldTests {
    let projection = VocabularyProjection(configuration: .testDefault, dailyNewCardLimit: 5)

    func eventByEvent(_ events: some Sequence<RecordedEvent>, from start: VocabularyState? = nil) -> VocabularyState {
        var state = start ?? projection.makeInitialState()
        for event in events { projection.apply(event, to: &state) }
        return state
    }

    /// Folds `events` in consecutive batches of the sizes `sizes` gives, checking each outcome.
    func batched(_ events: [RecordedEvent], from start: VocabularyState? = nil,
                 sizes: (Int) -> Int) -> (state: VocabularyState, outcomesRight: Bool) {
        var state = start ?? projection.makeInitialState()
        var outcomesRight = true
        var index = 0, batchNumber = 0
        while index < events.count {
            let end = min(events.count, index + max(1, sizes(batchNumber)))
            let outcome = projection.apply(Array(events[index..<end]), after: 0, to: &state)
            outcomesRight = outcomesRight && outcome.failure == nil && outcome.lastApplied == events[end - 1].position
            index = end
            batchNumber += 1
        }
        return (state, outcomesRight)
    }

    @Test("batches of any size give the event-by-event state, byte for byte", arguments: 0..<6)
    func batchesMatchEventByEvent(seed: UInt64) {
        let events = batchFoldHistory(seed: seed)
        let reference = eventByEvent(events)
        let referenceBytes = encoded(reference)
        var random = SplitMix64(seed: seed ^ 0xBA7C)
        let plans: [(String, (Int) -> Int)] = [
            ("1", { _ in 1 }), ("2", { _ in 2 }), ("3", { _ in 3 }), ("7", { _ in 7 }), ("13", { _ in 13 }),
            ("64", { _ in 64 }), ("4096", { _ in 4096 }), ("whole", { _ in events.count }),
        ]
        for (name, sizes) in plans {
            let (state, outcomesRight) = batched(events, sizes: sizes)
            #expect(outcomesRight, "batches of \(name)")
            #expect(encoded(state) == referenceBytes, "batches of \(name)")
            #expect(state == reference, "batches of \(name)")
        }
        let randomSizes = (0..<events.count).map { _ in 1 + Int(random.next() % 40) }
        let (state, outcomesRight) = batched(events, sizes: { randomSizes[$0] })
        #expect(outcomesRight)
        #expect(encoded(state) == referenceBytes, "random batch sizes")
    }

    @Test("a batch folds only the events after the checkpoint", arguments: [0, 1, 5, 17, 999])
    func checkpointInsideTheBatch(skip: Int) {
        let events = batchFoldHistory(seed: 11, events: 1200)
        let head = eventByEvent(events.prefix(skip))
        var state = head
        let outcome = projection.apply(events, after: UInt64(skip), to: &state)
        #expect(outcome.failure == nil)
        #expect(outcome.lastApplied == events.last!.position)
        #expect(encoded(state) == encoded(eventByEvent(events)))
        // A batch wholly at or below the checkpoint changes nothing.
        var untouched = head
        let none = projection.apply(Array(events.prefix(skip)), after: UInt64(skip), to: &untouched)
        #expect(none.lastApplied == UInt64(skip))
        #expect(encoded(untouched) == encoded(head))
    }

    @Test("a batch after a restored snapshot (undo entries still pending) matches the full fold", arguments: 0..<4)
    func batchAfterRestore(seed: UInt64) throws {
        let events = batchFoldHistory(seed: seed + 20)
        let full = encoded(eventByEvent(events))
        for cut in [1, events.count / 3, events.count - 5] {
            let restored = try decoded(VocabularyState.self, encoded(eventByEvent(events.prefix(cut))))
            #expect(restored.cards.undo.isPending || restored.cards.hot.allSatisfy { $0.ring.count == 0 })
            let (state, outcomesRight) = batched(Array(events.dropFirst(cut)), from: restored, sizes: { _ in 257 })
            #expect(outcomesRight)
            #expect(encoded(state) == full, "cut at \(cut)")
        }
    }
}
