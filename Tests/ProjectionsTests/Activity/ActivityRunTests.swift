import Testing
import TestSupport
@testable import Events
@testable import Projections

/// The batch fold sums practice on one profile's day in a run (``ActivityRun``) and writes it
/// once: the state must be byte for byte the one event-by-event folding gives (which never
/// absorbs), with review targets reached inside long runs, the same day for several profiles
/// at different UTC offsets, days crossed mid-batch, undos, deletions, stories and cut-off
/// changes breaking runs.
@Suite struct ActivityRunTests {
    static let profiles = [ProfileID(testUUID(0xB1)), ProfileID(testUUID(0xB2)), ProfileID(testUUID(0xB3))]
    static let offsets = [3600, -18_000, 34_200]

    /// Review targets close together (and one far), so long runs reach several of them.
    static let rules = [
        AchievementRule(id: "first", title: "First", description: "One review.", condition: .firstReview),
        AchievementRule(id: "r3", title: "Three", description: "3 reviews.", condition: .reviews(3)),
        AchievementRule(id: "r7", title: "Seven", description: "7 reviews.", condition: .reviews(7)),
        AchievementRule(id: "r40", title: "Forty", description: "40 reviews.", condition: .reviews(40)),
        AchievementRule(id: "r41", title: "Forty-one", description: "41 reviews.", condition: .reviews(41)),
        AchievementRule(id: "r500", title: "Many", description: "500 reviews.", condition: .reviews(500)),
        AchievementRule(id: "s3", title: "Streak", description: "3 days.", condition: .streak(days: 3)),
        AchievementRule(id: "week", title: "Week", description: "Full week.", condition: .fullWeek),
        AchievementRule(id: "perfect", title: "Perfect", description: "No mistake.", condition: .perfectSpellingSession),
        AchievementRule(id: "books", title: "Books", description: "2 stories.", condition: .storiesRead(2)),
    ]

    /// A dense seeded log: bursts of one profile's reviews and words a few seconds apart (long
    /// runs), the profile switching now and then (or, for every third seed, nearly every event), days passing, and occasional undos, card
    /// deletions and re-creations, stories, dictations and cut-off changes.
    func denseLog(seed: UInt64, count: Int) -> [RecordedEvent] {
        var rng = SplitMix64(seed: seed)
        // Every third seed, profiles take turns nearly every event (runs in both lanes, and evictions).
        let switching: UInt64 = seed % 3 == 0 ? 2 : 30
        var script = EventScript()
        var lastReview: [UInt64: RecordedEvent] = [:]
        let cards: UInt64 = 90
        for card in 1...cards { script.createCard(card, at: utc(2026, 5, 1), profile: Self.profiles[Int(card % 3)]) }
        script.createSpellingTest(words: ["w"], at: utc(2026, 5, 1), profile: Self.profiles[0])    // "w" right: perfect
        var seconds: Int64 = 0
        var who = 0
        while script.events.count < count {
            seconds += Int64(rng.next() % 40)
            if rng.next() % 50 == 0 { seconds += Int64(rng.next() % 200_000) }     // hours to days later
            if rng.next() % switching == 0 { who = Int(rng.next() % 3) }
            let at = Timestamp(milliseconds: utc(2026, 5, 2).milliseconds + seconds * 1000)
            let (profile, offset) = (Self.profiles[who], Self.offsets[who])
            let roll = rng.next() % 100
            switch roll {
            case 0..<70:
                // A card of this profile (card % 3 == who), now and then another's (refused).
                let card = rng.next() % 97 == 0 ? 1 + rng.next() % cards : UInt64(who) + 3 * (rng.next() % (cards / 3))
                let owner = Self.profiles[Int(card % 3)]
                lastReview[card] = script.review(card == 0 ? 3 : card, Rating(rawValue: UInt8(1 + rng.next() % 4))!,
                                                 mode: rng.next() % 7 == 0 ? .cram : .scheduled, seconds: Int64(rng.next() % 30),
                                                 at: at, utcOffsetSeconds: offset, profile: rng.next() % 97 == 0 ? profile : owner)
            case 70..<85:
                script.spell(rng.next() % 4, "w", correct: rng.next() % 5 != 0, at: at, profile: profile)
            case 85..<88:
                if let card = lastReview.keys.randomElement(using: &rng), let review = lastReview.removeValue(forKey: card) {
                    script.undo(review, at: at)
                }
            case 88..<90:
                let session = rng.next() % 4
                if rng.next() % 2 == 0 { script.startSpelling(session, at: at, profile: profile) }
                else { script.endSpelling(session, at: at, profile: profile) }
            case 90..<92:
                script.readStory(rng.next() % 6, finished: rng.next() % 3 != 0, at: at, profile: profile)
            case 92..<94:
                script.generateStory(rng.next() % 6, at: at, profile: profile)
            case 94..<96:
                script.dictate(words: UInt32(rng.next() % 50), seconds: Int64(rng.next() % 90), at: at, profile: profile)
            case 96..<98:
                let card = 1 + rng.next() % cards
                script.deleteCard(card, at: at, profile: Self.profiles[Int(card % 3)])
                if rng.next() % 2 == 0 { script.createCard(card, at: at, profile: Self.profiles[Int(card % 3)]) }
                lastReview[card] = nil
            default:
                if rng.next() % 4 == 0 { script.changeCutoff(to: Int(rng.next() % 8), at: at, profile: profile) }
            }
        }
        return script.events
    }

    func projection() -> ActivityProjection { try! ActivityProjection(rules: Self.rules, defaultCutoffHour: 4) }

    func eventByEvent(_ events: [RecordedEvent]) -> ActivityState {
        let projection = projection()
        var state = projection.makeInitialState()
        for event in events { projection.apply(event, to: &state) }
        return state
    }

    @Test(arguments: 0..<16 as Range<UInt64>)
    func runsFoldLikeSingleEvents(seed: UInt64) {
        let events = denseLog(seed: seed, count: 3_000)
        let expected = eventByEvent(events)
        let projection = projection()
        var state = projection.makeInitialState()
        var rng = SplitMix64(seed: seed &+ 1_000)
        var start = 0
        while start < events.count {
            let end = min(events.count, start + 1 + Int(rng.next() % (seed % 2 == 0 ? 900 : 60)))
            _ = projection.apply(Array(events[start..<end]), after: 0, to: &state)
            start = end
        }
        #expect(encoded(state) == encoded(expected), "seed \(seed)")
        #expect(state == expected)
        // The log really reaches the targets inside runs and keeps several profiles busy.
        let unlocked = Self.profiles.map { expected.achievements.unlocked(profile: $0).count }
        #expect(unlocked.allSatisfy { $0 >= 4 }, "seed \(seed): \(unlocked)")
    }

    /// A review that reaches a target inside a run unlocks at its own event, not at the run's end.
    @Test func aTargetReachedInARunUnlocksAtItsEvent() {
        var script = EventScript()
        let ada = Self.profiles[0]
        script.createCard(1, at: utc(2026, 5, 1), profile: ada)
        for minute in 0..<10 { script.review(1, .good, at: utc(2026, 5, 2, 9, minute), profile: ada) }
        let projection = projection()
        var state = projection.makeInitialState()
        _ = projection.apply(script.events, after: 0, to: &state)
        let unlocks = Dictionary(uniqueKeysWithValues: state.achievements.unlocked(profile: ada).map { ($0.rule.id, $0.unlock.position) })
        #expect(unlocks == ["first": 2, "r3": 4, "r7": 8])
        #expect(state.dailyStats.day(profile: ada, day: dayNumber(2026, 5, 2)).reviews == 10)
        #expect(state.streaks.runs(profile: ada) == [DayRun(first: dayNumber(2026, 5, 2), last: dayNumber(2026, 5, 2))])
        #expect(state == eventByEvent(script.events))
    }
}
