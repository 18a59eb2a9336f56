import Testing
import TestSupport
@testable import Events
@testable import Projections

@Suite("Event kind sets and the batch fold's skipping")
struct EventKindSetTests {
    @Test func everyKindFitsTheBitSet() {
        #expect(EventKind.allCases.allSatisfy { $0.rawValue < 64 })
    }

    @Test func aSetHoldsItsKindsAndNothingElse() {
        let set = EventKindSet(.wordSpelled, .dayCutoffChanged)
        let unknown = DomainEvent.unknown(UnknownEvent(typeName: "future.thing", schemaVersion: 1, payload: [1, 2]))
        let spelled = randomContentEvents(seed: 1, count: 400).first { $0.event.kind == .wordSpelled }
        #expect(spelled.map { set.contains($0.event) } == true)
        #expect(!set.contains(.deckDeleted(DeckDeleted(deck: testDeck(1)))))
        #expect(!set.contains(unknown))
        #expect(EventKindSet.all.contains(unknown))
        #expect(EventKindSet.all.contains(.deckDeleted(DeckDeleted(deck: testDeck(1)))))
    }

    @Test("a source decodes a set's kinds and, for a set that takes unknown events, everything")
    func decodedKinds() {
        let set = EventKindSet(.wordSpelled, .dayCutoffChanged)
        #expect(EventKind.allCases.filter { set.decodes($0) } == [.wordSpelled, .dayCutoffChanged])
        #expect(!set.decodes(nil))
        // A known type may still come out unknown (a newer schema version): all of them decoded.
        #expect(EventKind.allCases.allSatisfy { EventKindSet.all.decodes($0) } && EventKindSet.all.decodes(nil))
        #expect(!EventKind.allCases.contains { EventKindSet.none.decodes($0) } && !EventKindSet.none.decodes(nil))
        let union = set.union(EventKindSet(.deckCreated)).union(.none)
        #expect(EventKind.allCases.filter { union.decodes($0) } == [.deckCreated, .wordSpelled, .dayCutoffChanged])
        #expect(set.union(.all) == .all)
    }

    /// Whether a set meets a batch's kinds is whether the set holds one of the batch's events,
    /// for random slices of a mixed log (unknown events in some) and sets of every sort.
    @Test("a set meets a batch's kinds exactly when it holds one of its events", arguments: 0..<4)
    func intersectsMatchesContains(seed: UInt64) {
        let events = mixedLog(seed: seed)
        var rng = SplitMix64(seed: seed &+ 99)
        let sets: [EventKindSet] = [.all, .none, EventKindSet(.wordSpelled), EventKindSet(.deckCreated, .reviewGraded),
                                    EventKindSet(.dayCutoffChanged), VocabularyProjection(configuration: .testDefault, dailyNewCardLimit: 5).kinds]
        var disagreements = 0, slices = 0
        for _ in 0..<300 {
            let start = Int(rng.next() % UInt64(events.count))
            let length = Int(rng.next() % 6)
            let slice = Array(events[start..<min(events.count, start + length)])
            let batch = EventKindSet(kindsOf: slice)
            for set in sets where set.intersects(batch) != slice.contains(where: { set.contains($0.event) }) {
                disagreements += 1
            }
            slices += 1
        }
        #expect(slices == 300 && disagreements == 0)
        let unknownOnly = [events.first { $0.event.kind == nil }].compactMap { $0 }
        #expect(unknownOnly.count == 1)
        #expect(EventKindSet.all.intersects(EventKindSet(kindsOf: unknownOnly)))
        #expect(!EventKindSet(.wordSpelled).intersects(EventKindSet(kindsOf: unknownOnly)))
        #expect(!EventKindSet.all.intersects(EventKindSet(kindsOf: [])))
    }

    /// Content events, vocabulary events and an unknown event, interleaved and renumbered.
    func mixedLog(seed: UInt64) -> [RecordedEvent] {
        let content = randomContentEvents(seed: seed, count: 300)
        let vocabulary = randomVocabularyHistory(seed: seed, events: 300).events
        let unknown = DomainEvent.unknown(UnknownEvent(typeName: "future.thing", schemaVersion: 1, payload: [7]))
        var merged: [RecordedEvent] = []
        var rng = SplitMix64(seed: seed)
        var (c, v) = (0, 0)
        while c < content.count || v < vocabulary.count {
            let takeContent = v == vocabulary.count || (c < content.count && rng.next() % 2 == 0)
            var event = takeContent ? content[c] : vocabulary[v]
            if takeContent { c += 1 } else { v += 1 }
            if rng.next() % 50 == 0 { event = renumbered(event, position: 0, event: unknown) }
            merged.append(renumbered(event, position: UInt64(merged.count + 1), event: event.event))
        }
        return merged
    }

    func renumbered(_ e: RecordedEvent, position: UInt64, event: DomainEvent) -> RecordedEvent {
        RecordedEvent(position: position, id: e.id, stream: e.stream, streamVersion: e.streamVersion, profile: e.profile,
                      occurred: e.occurred, recordedAt: e.recordedAt, event: event)
    }

    /// The batch fold (which skips kinds outside the projection's set) gives byte for byte the
    /// state of handing every event to `apply(_:to:)`.
    func batchEqualsEventByEvent<P: Projection>(_ projection: P, _ events: [RecordedEvent]) -> Bool {
        let skipped = events.filter { !projection.kinds.contains($0.event) }.count
        var batched = projection.makeInitialState()
        let outcome = projection.apply(events, after: 0, to: &batched)
        return skipped > 0 && outcome.lastApplied == UInt64(events.count) && outcome.failure == nil
            && encoded(batched) == encoded(fold(projection, events))
    }

    @Test("every read model skips only what it ignores", arguments: 0..<6)
    func skippingChangesNothing(seed: UInt64) {
        let events = mixedLog(seed: seed)
        let spelling = batchEqualsEventByEvent(SpellingProjection(), events)
        let stories = batchEqualsEventByEvent(StoryLibraryProjection(defaultCutoffHour: 4), events)
        let profiles = batchEqualsEventByEvent(ProfilesProjection(defaultCutoffHour: 4), events)
        let vocabulary = batchEqualsEventByEvent(VocabularyProjection(configuration: .testDefault, dailyNewCardLimit: 5), events)
        let activity = batchEqualsEventByEvent(try! ActivityProjection(defaultCutoffHour: 4), events)
        #expect(vocabulary, "vocabulary")
        #expect(activity, "activity")
        #expect(spelling, "spelling")
        #expect(stories, "stories")
        #expect(profiles, "profiles")
    }
}
