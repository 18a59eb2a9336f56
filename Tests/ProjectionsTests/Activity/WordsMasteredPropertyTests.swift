import Testing
import TestSupport
@testable import Events
@testable import Projections

/// The word-mastery achievements agree with the spelling read model: over seeded random spelling
/// histories (two profiles, word variants in case and spacing, attempts in sessions open, ended,
/// abandoned or never started, tests created, edited, archived and deleted, mastery after 1 to 4
/// right in a row), `first-word-mastered` and `words-mastered-10` are unlocked for a profile
/// exactly at the event where the spelling read model's count of that profile's mastered words
/// (`hindsight spelling`'s "N mastered") first reaches 1 and 10, in one fold and in batches.
@Suite struct WordsMasteredPropertyTests {
    static let profiles = [ProfileID(testUUID(0xA1)), ProfileID(testUUID(0xB2))]
    static let words = ["cat", "dog", "sun", "moon", "tree", "fish", "bird", "star", "rain", "snow", "leaf", "boat"]

    /// A random spelling history of `count` events.
    static func history(seed: UInt64, count: Int) -> [RecordedEvent] {
        var random = SplitMix64(seed: seed)
        var script = EventScript()
        var minute = 0
        var session: UInt64 = 0
        var open: [Int: UInt64] = [:]
        func word() -> String {
            let plain = words[Int.random(in: 0..<words.count, using: &random)]
            switch Int.random(in: 0..<6, using: &random) {
            case 0: return plain.uppercased()
            case 1: return " \(plain) "
            default: return plain
            }
        }
        while script.events.count < count {
            minute += 1
            let time = utc(2026, 3, 2, 8).milliseconds + Int64(minute) * 60_000
            let at = Timestamp(milliseconds: time)
            let who = Int.random(in: 0..<2, using: &random)
            let profile = profiles[who]
            let test = UInt64.random(in: 1...3, using: &random)
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<2:
                script.createSpellingTest(test, words: (0..<4).map { _ in word() }, at: at, profile: profile)
            case 2..<3:
                script.editSpellingTest(test, words: (0..<3).map { _ in word() }, at: at, profile: profile)
            case 3..<4:
                let id = EventScript.spellingTest(test)
                script.record(.spellingTestArchived(SpellingTestArchived(test: id)), stream: .spellingTest(id), at: at, profile: profile)
            case 4..<5:
                let id = EventScript.spellingTest(test)
                script.record(.spellingTestDeleted(SpellingTestDeleted(test: id)), stream: .spellingTest(id), at: at, profile: profile)
            case 5..<9:
                session += 1
                open[who] = session
                script.startSpelling(session, test: test, at: at, profile: profile)
            case 9..<12:
                guard let current = open[who] else { continue }
                open[who] = nil
                script.endSpelling(current, at: at, profile: profile)
            default:
                // Mostly in the profile's open session; now and then in one never started.
                let current = Int.random(in: 0..<10, using: &random) == 0 ? 999 : (open[who] ?? 999)
                script.spell(current, word(), correct: Int.random(in: 0..<5, using: &random) != 0,
                             attempt: Int.random(in: 1...2, using: &random), at: at, profile: profile)
            }
        }
        return script.events
    }

    /// For each profile, the position at which the spelling read model's count of its mastered
    /// words first reaches each of `targets`, folding `events` one at a time.
    static func firstReached(_ targets: [Int], _ events: [RecordedEvent], mastery: SpellingMasteryRule) -> [ProfileID: [Int: UInt64]] {
        let spelling = SpellingProjection(mastery: mastery)
        var state = spelling.makeInitialState()
        var reached: [ProfileID: [Int: UInt64]] = [:]
        for event in events {
            spelling.apply(event, to: &state)
            guard case .wordSpelled = event.event else { continue }
            let mastered = state.words(profile: event.profile).filter(\.isMastered).count
            for target in targets where mastered >= target && reached[event.profile]?[target] == nil {
                reached[event.profile, default: [:]][target] = event.position
            }
        }
        return reached
    }

    @Test(arguments: 1...12 as ClosedRange<UInt64>)
    func unlockedWhenTheSpellingReadModelsMasteredCountFirstReachesTheTarget(seed: UInt64) throws {
        let mastery = SpellingMasteryRule(runLength: Int(seed % 4) + 1)
        let events = Self.history(seed: seed, count: 1_500)
        let reached = Self.firstReached([1, 10], events, mastery: mastery)
        let activity = try ActivityProjection(defaultCutoffHour: 4, mastery: mastery)
        let state = activityFoldedBothWays(activity, events)
        var spelling = SpellingProjection(mastery: mastery).makeInitialState()
        for event in events { SpellingProjection(mastery: mastery).apply(event, to: &spelling) }
        for profile in Self.profiles {
            let unlocked = state.achievements.unlocked(profile: profile)
            #expect(unlocked.first { $0.rule.id == "first-word-mastered" }?.unlock.position == reached[profile]?[1])
            #expect(unlocked.first { $0.rule.id == "words-mastered-10" }?.unlock.position == reached[profile]?[10])
            #expect((state.achievements.profiles[IDKey(profile)]?.masteredWords.count ?? 0)
                    == spelling.words(profile: profile).filter(\.isMastered).count)
        }
        // Not vacuous: with mastery after 1 or 2 right in a row, both profiles reach ten.
        if mastery.runLength <= 2 { #expect(Self.profiles.allSatisfy { reached[$0]?[10] != nil }) }
    }
}
