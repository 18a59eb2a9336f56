import Foundation
import Testing
import TestSupport
@testable import Events
@testable import Projections

/// Snapshots of the content read models: encode then decode gives the same state; folding to a
/// snapshot and then the tail gives the bytes of the full fold; folding twice gives the same bytes.
@Suite struct ContentSnapshotTests {
    func checkRoundTrip<P: Projection>(_ projection: P, _ events: [RecordedEvent], cut: Int) throws where P.State: Equatable {
        let full = fold(projection, events)
        let bytes = encoded(full)
        #expect(try decoded(P.State.self, bytes) == full)
        #expect(encoded(fold(projection, events)) == bytes, "folding twice gives other bytes")

        let head = fold(projection, events.prefix(cut))
        let restored = try decoded(P.State.self, encoded(head))
        let resumed = fold(projection, events.dropFirst(cut), from: restored)
        #expect(resumed == full)
        #expect(encoded(resumed) == bytes, "snapshot at \(cut) then tail differs from the full fold")
    }

    @Test(arguments: 0..<12 as Range<UInt64>)
    func spellingSnapshots(seed: UInt64) throws {
        let events = randomContentEvents(seed: seed, count: 400)
        try checkRoundTrip(SpellingProjection(), events, cut: Int(seed * 31 % 400))
    }

    @Test(arguments: 0..<12 as Range<UInt64>)
    func storySnapshots(seed: UInt64) throws {
        let events = randomContentEvents(seed: seed, count: 400)
        try checkRoundTrip(StoryLibraryProjection(defaultCutoffHour: 4), events, cut: Int(seed * 37 % 400))
    }

    @Test(arguments: 0..<12 as Range<UInt64>)
    func profileSnapshots(seed: UInt64) throws {
        let events = randomContentEvents(seed: seed, count: 400)
        try checkRoundTrip(ProfilesProjection(), events, cut: Int(seed * 41 % 400))
    }

    @Test func theRandomLogExercisesEveryReadModel() {
        let events = randomContentEvents(seed: 3, count: 400)
        let spelling = fold(SpellingProjection(), events)
        let stories = fold(StoryLibraryProjection(defaultCutoffHour: 4), events)
        let profiles = fold(ProfilesProjection(), events)
        #expect(!spelling.tests.isEmpty && spelling.words.count > 0 && spelling.tests.values.contains { $0.sessions > 0 })
        #expect(!stories.stories.isEmpty && !stories.controls.isEmpty && !stories.requestsPerDay.isEmpty)
        #expect(!profiles.records.isEmpty && !profiles.settingValues.isEmpty)
    }

    @Test func truncatedSnapshotsFailToDecode() {
        let events = randomContentEvents(seed: 5, count: 200)
        let bytes = encoded(fold(StoryLibraryProjection(defaultCutoffHour: 4), events))
        #expect(throws: EventDecodingError.self) { try decoded(StoryLibrary.self, Array(bytes.dropLast(3))) }
        #expect(throws: EventDecodingError.self) { try decoded(StoryLibrary.self, bytes + [0]) }
    }

    @Test func unknownEventsAndOtherDomainsLeaveTheStatesUnchanged() throws {
        var script = EventScript()
        let deck = DeckID(testUUID(1))
        script.record(.deckCreated(DeckCreated(deck: deck, name: "Deck")), stream: .deck(deck), at: utc(2026, 3, 1))
        script.record(.unknown(UnknownEvent(typeName: "stories.story-narrated", schemaVersion: 1, payload: [1, 2, 3])),
                      stream: .story(StoryID(testUUID(2))), at: utc(2026, 3, 1))
        script.record(.storyRead(StoryRead(story: StoryID(testUUID(2)), lastPageRead: try PageNumber(1), finished: true)),
                      stream: .story(StoryID(testUUID(2))), at: utc(2026, 3, 1))
        script.record(.spellingPracticeEnded(SpellingPracticeEnded(session: SpellingSessionID(testUUID(3)))),
                      stream: .spellingSession(SpellingSessionID(testUUID(3))), at: utc(2026, 3, 1))
        script.record(.profileRenamed(ProfileRenamed(profile: ProfileID(testUUID(4)), name: PersonalDataReference(key: testUUID(5)))),
                      stream: .profile(ProfileID(testUUID(4))), at: utc(2026, 3, 1))
        #expect(fold(SpellingProjection(), script.events) == SpellingProjection().makeInitialState())
        #expect(fold(StoryLibraryProjection(defaultCutoffHour: 4), script.events) == StoryLibraryProjection(defaultCutoffHour: 4).makeInitialState())
        #expect(fold(ProfilesProjection(), script.events) == ProfilesProjection().makeInitialState())
    }
}
