import Foundation
import Hindsight

/// Content read-model workloads: the spelling, story-library and profiles folds over a seeded
/// mixed log of content events (decoded events in memory: the fold cost alone).
let contentReadModelWorkloads: [Workload] = [
    Workload(name: "projections.content",
             summary: "spelling + stories + profiles folds, each event through all three (events/s)",
             defaultEvents: 1_000_000, quickEvents: 20_000) { context in
        let events = ContentBenchmarkLog.make(count: context.events, seed: 7)
        let spelling = SpellingProjection()
        let stories = StoryLibraryProjection(defaultCutoffHour: 4)
        let profiles = ProfilesProjection()
        var spellingState = spelling.makeInitialState()
        var storyState = stories.makeInitialState()
        var profileState = profiles.makeInitialState()
        let start = Stopwatch.now()
        for event in events {
            spelling.apply(event, to: &spellingState)
            stories.apply(event, to: &storyState)
            profiles.apply(event, to: &profileState)
        }
        let seconds = Stopwatch.seconds(since: start)
        blackHole(spellingState.openSessionCount)
        blackHole(storyState.storiesToday(profile: events[0].profile, at: events[0].occurred))
        blackHole(profileState.activeProfile)
        return Sample(events: events.count, seconds: seconds)
    },
    singleFold("spelling", SpellingProjection()),
    singleFold("stories", StoryLibraryProjection(defaultCutoffHour: 4)),
    singleFold("profiles", ProfilesProjection()),
    mixBatchFold("spelling", SpellingProjection()),
    mixBatchFold("stories", StoryLibraryProjection(defaultCutoffHour: 4)),
    mixBatchFold("profiles", ProfilesProjection()),
]

/// A workload folding the replay benchmark's history (``EventMix``: German, French, Spanish and
/// Japanese words) through `projection`'s batch fold in the runner's batches of 4096: that
/// projection's share of `replay.all`, without the log.
private func mixBatchFold<P: Projection>(_ name: String, _ projection: P) -> Workload {
    Workload(name: "projections.content.mix.\(name)",
             summary: "the \(name) batch fold alone over the replay history, batches of 4096 (events/s)",
             defaultEvents: 1_000_000, quickEvents: 20_000) { context in
        let events = try EventMix.events(count: context.events)
        let batches = stride(from: 0, to: events.count, by: 4096).map { Array(events[$0..<min($0 + 4096, events.count)]) }
        var state = projection.makeInitialState()
        var checkpoint: UInt64 = 0
        let start = Stopwatch.now()
        for batch in batches {
            checkpoint = projection.apply(batch, after: checkpoint, to: &state).lastApplied
        }
        let seconds = Stopwatch.seconds(since: start)
        blackHole(state)
        blackHole(checkpoint)
        return Sample(events: events.count, seconds: seconds)
    }
}

/// A workload folding the content log through `projection` alone.
private func singleFold<P: Projection>(_ name: String, _ projection: P) -> Workload {
    Workload(name: "projections.content.\(name)", summary: "the \(name) fold alone over the content log (events/s)",
             defaultEvents: 1_000_000, quickEvents: 20_000) { context in
        let events = ContentBenchmarkLog.make(count: context.events, seed: 7)
        var state = projection.makeInitialState()
        let start = Stopwatch.now()
        for event in events { try projection.apply(event, to: &state) }
        let seconds = Stopwatch.seconds(since: start)
        blackHole(state)
        return Sample(events: events.count, seconds: seconds)
    }
}

/// A seeded log shaped like real use: mostly words spelled, with sessions, tests, stories and
/// settings around them, over 8 profiles.
enum ContentBenchmarkLog {
    static func make(count: Int, seed: UInt64) -> [RecordedEvent] {
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        func uuid(_ n: UInt64) -> UUID {
            UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, UInt8(truncatingIfNeeded: n >> 56), UInt8(truncatingIfNeeded: n >> 48),
                        UInt8(truncatingIfNeeded: n >> 40), UInt8(truncatingIfNeeded: n >> 32), UInt8(truncatingIfNeeded: n >> 24),
                        UInt8(truncatingIfNeeded: n >> 16), UInt8(truncatingIfNeeded: n >> 8), UInt8(truncatingIfNeeded: n)))
        }
        let words = (0..<200).map { "word\($0)" }
        let offset = try! UTCOffset(seconds: 3600)
        var events: [RecordedEvent] = []
        events.reserveCapacity(count)
        for i in 0..<count {
            let profile = ProfileID(uuid(0x100 + next() % 8))
            let test = SpellingTestID(uuid(0x200 + next() % 40))
            let session = SpellingSessionID(uuid(0x1000 + UInt64(i / 20)))
            let story = StoryID(uuid(0x10_0000 + UInt64(i / 10)))
            let roll = next() % 100
            let event: DomainEvent
            let stream: StreamID
            switch roll {
            case 0..<70:
                event = .wordSpelled(WordSpelled(session: session, word: words[Int(next() % 200)], typed: "x", correct: next() % 4 != 0,
                                                 attempt: try! AttemptNumber(1), hintsUsed: 0, duration: try! ElapsedTime(milliseconds: 2000)))
                stream = .spellingSession(session)
            case 70..<74:
                event = .spellingPracticeStarted(SpellingPracticeStarted(session: session, test: test)); stream = .spellingSession(session)
            case 74..<78:
                event = .spellingPracticeEnded(SpellingPracticeEnded(session: session)); stream = .spellingSession(session)
            case 78..<80:
                event = .spellingTestCreated(SpellingTestCreated(test: test, title: "Week", words: try! WordList(Array(words[0..<10]))))
                stream = .spellingTest(test)
            case 80..<84:
                event = .storyRequested(StoryRequested(story: story, theme: "space", childAge: try! ChildAge(7), growthTopic: "sharing", childName: nil))
                stream = .story(story)
            case 84..<88:
                let ref = PersonalDataReference(key: uuid(UInt64(i)))
                event = .storyGenerated(StoryGenerated(story: story, title: ref, pages: [StoryPage(number: try! PageNumber(1), text: ref)], model: "bench-model"))
                stream = .story(story)
            case 88..<92:
                event = .illustrationGenerated(IllustrationGenerated(story: story, page: try! PageNumber(1), image: "img.png", model: "bench-model")); stream = .story(story)
            case 92..<95:
                event = .storyRead(StoryRead(story: story, lastPageRead: try! PageNumber(1), finished: true)); stream = .story(story)
            case 95..<97:
                event = .settingChanged(SettingChanged(key: try! SettingKey("ui.theme"), value: .string("dark"))); stream = .profile(profile)
            case 97:
                event = .profileSwitched(ProfileSwitched(profile: profile)); stream = .profile(profile)
            default:
                event = .deckCreated(DeckCreated(deck: DeckID(uuid(UInt64(i))), name: "Deck")); stream = .deck(DeckID(uuid(UInt64(i))))
            }
            let time = Timestamp(milliseconds: 1_770_000_000_000 + Int64(i) * 30_000)
            events.append(RecordedEvent(position: UInt64(i + 1), id: EventID(uuid(0xE000_0000 + UInt64(i))), stream: stream,
                                        streamVersion: 1, profile: profile, occurred: EventTime(instant: time, utcOffset: offset),
                                        recordedAt: time, event: event))
        }
        return events
    }
}
