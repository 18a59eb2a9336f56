import Testing
import TestSupport
@testable import Events
@testable import Projections

/// The activity batch fold (events read in place, cards looked up and prefetched a few events
/// ahead) gives byte for byte the state of the single-event fold, whatever the batch sizes, the
/// prefetch distance, the checkpoint or a restore in the middle.
@Suite struct ActivityBatchFoldTests {
    static let distances = [1, 2, 5, 8, 16, ActivityProjection.maximumPrefetchDistance]

    func projection(distance: Int) -> ActivityProjection {
        var projection = try! ActivityProjection(defaultCutoffHour: 4)
        projection.prefetchDistance = distance
        return projection
    }

    func eventByEvent(_ events: [RecordedEvent], from start: ActivityState? = nil) -> ActivityState {
        let projection = try! ActivityProjection(defaultCutoffHour: 4)
        var state = start ?? projection.makeInitialState()
        for event in events { projection.apply(event, to: &state) }
        return state
    }

    /// `events` cut into batches of seeded sizes from 1 to `largest`.
    func batches(_ events: [RecordedEvent], seed: UInt64, largest: UInt64) -> [[RecordedEvent]] {
        var rng = SplitMix64(seed: seed)
        var result: [[RecordedEvent]] = []
        var start = 0
        while start < events.count {
            let end = min(events.count, start + 1 + Int(rng.next() % largest))
            result.append(Array(events[start..<end]))
            start = end
        }
        return result
    }

    /// A long mixed history (cards created, deleted and created again between a look-up and its
    /// fold, undos, unknown cards, a cut-off change) in batches of assorted sizes.
    @Test(arguments: 0..<12 as Range<UInt64>)
    func batchesFoldLikeSingleEvents(seed: UInt64) {
        let events = randomActivityLog(seed: seed, count: 4_000)
        let expected = encoded(eventByEvent(events))
        let distance = Self.distances[Int(seed) % Self.distances.count]
        let projection = projection(distance: distance)
        var state = projection.makeInitialState()
        for batch in batches(events, seed: seed &+ 100, largest: seed % 2 == 0 ? 700 : 40) {
            let outcome = projection.apply(batch, after: batch[0].position - 1, to: &state)
            #expect(outcome.lastApplied == batch.last!.position && outcome.failure == nil)
        }
        #expect(encoded(state) == expected, "seed \(seed), distance \(distance)")
        #expect(state == eventByEvent(events))
    }

    /// Folding as one batch, as many small batches and one event at a time give the same activity
    /// and spelling snapshots, under a rule table with small targets (so runs meet review totals
    /// and one-day review counts often, where a batch's run must stop absorbing).
    @Test(arguments: 0..<8 as Range<UInt64>)
    func oneBatchSmallBatchesAndSingleEventsAgree(seed: UInt64) throws {
        let events = randomActivityLog(seed: seed &+ 500, count: 3_000)
        let rules = [
            AchievementRule(id: "r7", title: "7", description: "7 reviews.", condition: .reviews(7)),
            AchievementRule(id: "r40", title: "40", description: "40 reviews.", condition: .reviews(40)),
            AchievementRule(id: "d3", title: "d3", description: "3 in a day.", condition: .reviewsInOneDay(3)),
            AchievementRule(id: "d9", title: "d9", description: "9 in a day.", condition: .reviewsInOneDay(9)),
            AchievementRule(id: "s3", title: "s3", description: "3 days.", condition: .streak(days: 3)),
            AchievementRule(id: "p", title: "p", description: "Perfect.", condition: .perfectSpellingSession),
        ] + AchievementRule.defaultTable
        var projection = try ActivityProjection(rules: rules, defaultCutoffHour: 4)
        projection.prefetchDistance = Self.distances[Int(seed) % Self.distances.count]
        var single = projection.makeInitialState()
        for event in events { projection.apply(event, to: &single) }
        var whole = projection.makeInitialState()
        _ = projection.apply(events, after: 0, to: &whole)
        var small = projection.makeInitialState()
        for batch in batches(events, seed: seed, largest: 6) { _ = projection.apply(batch, after: 0, to: &small) }
        #expect(encoded(whole) == encoded(single), "seed \(seed): one batch")
        #expect(encoded(small) == encoded(single), "seed \(seed): small batches")
        #expect(!single.achievements.unlocked(profile: ProfileID(testUUID(0xA1))).isEmpty)

        let spelling = SpellingProjection()
        var spelledOne = spelling.makeInitialState()
        for event in events { spelling.apply(event, to: &spelledOne) }
        var spelledWhole = spelling.makeInitialState()
        _ = spelling.apply(events, after: 0, to: &spelledWhole)
        var spelledSmall = spelling.makeInitialState()
        for batch in batches(events, seed: seed, largest: 6) { _ = spelling.apply(batch, after: 0, to: &spelledSmall) }
        #expect(encoded(spelledWhole) == encoded(spelledOne) && encoded(spelledSmall) == encoded(spelledOne), "seed \(seed): spelling")
    }

    /// Batches that overlap what was applied skip the events at or below the checkpoint, and
    /// a batch wholly at or below it changes nothing and reports the checkpoint.
    @Test func eventsAtOrBelowTheCheckpointAreSkipped() {
        let events = Array(randomActivityLog(seed: 77, count: 1_500).prefix(1_500))
        let projection = projection(distance: 8)
        var state = projection.makeInitialState()
        var checkpoint: UInt64 = 0
        for end in stride(from: 300, through: events.count, by: 300) {
            let batch = Array(events[max(0, end - 500)..<end])     // 200 events already applied
            checkpoint = projection.apply(batch, after: checkpoint, to: &state).lastApplied
            #expect(checkpoint == UInt64(end))
        }
        #expect(projection.apply(Array(events[0..<100]), after: checkpoint, to: &state).lastApplied == checkpoint)
        #expect(projection.apply([], after: checkpoint, to: &state).lastApplied == checkpoint)
        #expect(encoded(state) == encoded(eventByEvent(events)))
    }

    /// A state restored from a snapshot (its ledger's cards still packed) folds the rest of the
    /// log in batches to the same bytes as folding everything event by event.
    @Test(arguments: [1, 8, 31])
    func aRestoredStateFoldsOnInBatches(distance: Int) throws {
        let events = randomActivityLog(seed: 5, count: 3_000)
        let restored = try decoded(ActivityState.self, encoded(eventByEvent(Array(events[..<1_200]))))
        var state = restored
        let projection = projection(distance: distance)
        for batch in batches(Array(events[1_200...]), seed: 9, largest: 300) {
            _ = projection.apply(batch, after: 0, to: &state)
        }
        #expect(encoded(state) == encoded(eventByEvent(events)))
        #expect(encoded(eventByEvent(Array(events[1_200...]), from: restored)) == encoded(state))
    }

    /// The distance is clamped to what the look-ahead ring holds.
    @Test(arguments: [(-3, 1), (0, 1), (8, 8), (1_000, ActivityProjection.maximumPrefetchDistance)])
    func theDistanceIsClamped(asked: Int, kept: Int) {
        #expect(projection(distance: asked).prefetchDistance == kept)
    }
}
