import Testing
import TestSupport
@testable import Events
@testable import Projections

/// One open spelling session per profile, in the spelling read model and the achievements'
/// perfect-session tallies alike: a profile's start abandons the session it left open, which
/// then scores nothing and unlocks nothing; sessions of other profiles are untouched.
/// Hand-written scripts with hand-checked outcomes, folded event by event, in batches and
/// restored from a snapshot at every event; a seeded long history of abandoned sessions; strict
/// decoding of two open sessions of one profile.
@Suite struct AbandonedSpellingSessionTests {
    let activity = try! ActivityProjection(defaultCutoffHour: 4)
    let spelling = SpellingProjection()

    static let ada = EventScript().profile
    static let bo = ProfileID(testUUID(0xF0B0))

    /// One event of a script, at 17:i on 2 March 2026 for step i (its position is i + 1); test 1
    /// lists cat and dog.
    enum Step: Sendable {
        case create
        case start(UInt64, ProfileID = AbandonedSpellingSessionTests.ada, test: UInt64 = 1)
        case spell(UInt64, String, ProfileID = AbandonedSpellingSessionTests.ada)
        case end(UInt64, ProfileID = AbandonedSpellingSessionTests.ada)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let steps: [Step]
        /// The sessions open at the end (in both read models: every attempt here is right).
        let open: Set<UInt64>
        /// Test 1's scored sessions and latest score.
        let sessions: Int
        let score: SpellingScore?
        /// The position of the end that unlocks Ada's perfect-spelling achievement, if any.
        let adaUnlockedAt: UInt64?
        /// Ada's attempts at "cat" (counted whatever their session).
        let adaCatAttempts: Int
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a session left open is dropped when its profile starts another",
             steps: [.create, .start(1), .spell(1, "cat"), .start(2)],
             open: [2], sessions: 0, score: nil, adaUnlockedAt: nil, adaCatAttempts: 1),
        Case(name: "the abandoned session's later attempts and end score and unlock nothing",
             steps: [.create, .start(1), .start(2), .spell(1, "cat"), .spell(1, "dog"), .end(1)],
             open: [2], sessions: 0, score: nil, adaUnlockedAt: nil, adaCatAttempts: 1),
        Case(name: "the new session scores and unlocks; the old one's end after it changes nothing",
             steps: [.create, .start(1), .spell(1, "cat"), .start(2), .spell(2, "cat"), .spell(2, "dog"), .end(2),
                     .spell(1, "dog"), .end(1)],
             open: [], sessions: 1, score: SpellingScore(correct: 2, total: 2), adaUnlockedAt: 7, adaCatAttempts: 2),
        Case(name: "another profile's start leaves the session open",
             steps: [.create, .start(1), .start(2, bo), .spell(1, "cat"), .spell(1, "dog"), .end(1)],
             open: [2], sessions: 1, score: SpellingScore(correct: 2, total: 2), adaUnlockedAt: 6, adaCatAttempts: 1),
        Case(name: "each profile keeps its latest session",
             steps: [.create, .start(1, bo), .start(2), .start(3), .start(4, bo), .start(5)],
             open: [4, 5], sessions: 0, score: nil, adaUnlockedAt: nil, adaCatAttempts: 0),
        Case(name: "a start on a test never created opens nothing but still abandons",
             steps: [.create, .start(1), .start(2, test: 9), .spell(1, "cat"), .spell(1, "dog"), .end(1)],
             open: [], sessions: 0, score: nil, adaUnlockedAt: nil, adaCatAttempts: 1),
        Case(name: "an ended session leaves nothing to abandon",
             steps: [.create, .start(1), .spell(1, "cat"), .spell(1, "dog"), .end(1), .start(2)],
             open: [2], sessions: 1, score: SpellingScore(correct: 2, total: 2), adaUnlockedAt: 5, adaCatAttempts: 1),
    ]

    static func session(_ n: UInt64) -> SpellingSessionID { SpellingSessionID(testUUID(0x5E00 + n)) }

    /// The events of `steps`.
    static func events(_ steps: [Step]) -> [RecordedEvent] {
        var script = EventScript()
        for (minute, step) in steps.enumerated() {
            let at = utc(2026, 3, 2, 17, minute)
            switch step {
            case .create: script.createSpellingTest(1, words: ["cat", "dog"], at: at)
            case .start(let n, let profile, let test): script.startSpelling(n, test: test, at: at, profile: profile)
            case .spell(let n, let word, let profile): script.spell(n, word, correct: true, at: at, profile: profile)
            case .end(let n, let profile): script.endSpelling(n, at: at, profile: profile)
            }
        }
        return script.events
    }

    /// Each profile's open session is indexed, and only those: the derived index matches.
    func expectIndexed(_ progress: SpellingProgress, _ achievements: AchievementsState,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        let spellingIndex = Dictionary(uniqueKeysWithValues: progress.openSessions.entries.map { ($0.value.value.profile, $0.key) })
        #expect(progress.openSessions.sessionByOwner == spellingIndex, sourceLocation: sourceLocation)
        let tallyIndex = Dictionary(uniqueKeysWithValues: achievements.openSessions.entries.map { (IDKey($0.value.value.profile), $0.key) })
        #expect(achievements.openSessions.sessionByOwner == tallyIndex, sourceLocation: sourceLocation)
    }

    @Test(arguments: cases)
    func aProfilesNewSessionAbandonsTheOneItLeftOpen(_ expected: Case) {
        let events = Self.events(expected.steps)
        let progress = fold(spelling, events)
        let state = fold(activity, events)
        let open = Set(expected.open.map(Self.session))
        #expect(Set(progress.openSessions.keys) == open)
        #expect(progress.openSessionCount == expected.open.count)
        #expect(Set(state.achievements.openSessions.keys) == Set(open.map(IDKey.init)))
        expectIndexed(progress, state.achievements)

        let test = progress.test(EventScript.spellingTest(1))
        #expect(test?.sessions == expected.sessions)
        #expect(test?.lastScore == expected.score)
        #expect(progress.word(profile: Self.ada, word: "cat")?.attempts ?? 0 == expected.adaCatAttempts)
        let unlock = state.achievements.unlocked(profile: Self.ada).first { $0.rule.id == "perfect-spelling" }?.unlock
        #expect(unlock?.position == expected.adaUnlockedAt)
        #expect(state.achievements.unlocked(profile: Self.bo).isEmpty)
    }

    /// Batches of one to three events and one whole batch give the single-event fold's bytes.
    @Test(arguments: cases)
    func batchesAbandonLikeSingleEvents(_ script: Case) {
        let events = Self.events(script.steps)
        #expect(batchFolds(activity, events) == [encoded(fold(activity, events))])
        #expect(batchFolds(spelling, events) == [encoded(fold(spelling, events))])
    }

    /// The distinct bytes of `events` folded in batches of 1, 2, 3 and all.
    func batchFolds<P: Projection>(_ projection: P, _ events: [RecordedEvent]) -> Set<[UInt8]> where P.State: BinaryCodable {
        Set([1, 2, 3, max(events.count, 1)].map { size in
            var state = projection.makeInitialState()
            for start in stride(from: 0, to: events.count, by: size) {
                _ = projection.apply(Array(events[start..<min(events.count, start + size)]), after: 0, to: &state)
            }
            return encoded(state)
        })
    }

    /// A snapshot after any event, restored (the per-profile index rebuilt) and folded on, ends
    /// in the full fold's state, index and bytes.
    @Test(arguments: cases)
    func aSnapshotKeepsEachProfilesOpenSession(_ script: Case) throws {
        let events = Self.events(script.steps)
        let fullProgress = fold(spelling, events), fullState = fold(activity, events)
        for cut in 0...events.count {
            let progress = fold(spelling, events[cut...], from: try decoded(SpellingProgress.self, encoded(fold(spelling, events[..<cut]))))
            let state = fold(activity, events[cut...], from: try decoded(ActivityState.self, encoded(fold(activity, events[..<cut]))))
            #expect(progress == fullProgress && progress.openSessions.sessionByOwner == fullProgress.openSessions.sessionByOwner, "cut at \(cut)")
            #expect(state == fullState, "cut at \(cut)")
            #expect(encoded(progress) == encoded(fullProgress) && encoded(state) == encoded(fullState), "cut at \(cut)")
        }
    }

    /// A seeded long history of three profiles starting sessions, spelling and ending in any
    /// session they ever started (most left open): each read model holds at most one open
    /// session per profile, exactly each profile's latest start not ended (the spelling read
    /// model) or those of them still perfect (the achievements), after every event.
    @Test(arguments: 0..<12 as Range<UInt64>)
    func aLongHistoryOfAbandonedSessionsKeepsOnePerProfile(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let profiles = (1...3 as ClosedRange<UInt64>).map { ProfileID(testUUID(0xF100 + $0)) }
        var script = EventScript()
        script.createSpellingTest(1, words: ["cat", "dog"], at: utc(2026, 3, 1))
        var started: [(session: UInt64, profile: ProfileID)] = []
        var latest: [ProfileID: UInt64] = [:]     // the reference: each profile's latest start not ended
        var progress = fold(spelling, script.events), state = fold(activity, script.events)
        for minute in 0..<600 {
            let at = Timestamp(milliseconds: utc(2026, 3, 1).milliseconds + Int64(minute) * 60_000)
            let roll = rng.next() % 10
            if started.isEmpty || roll < 4 {
                let profile = profiles[Int(rng.next() % 3)]
                started.append((UInt64(started.count + 1), profile))
                latest[profile] = UInt64(started.count)
                script.startSpelling(UInt64(started.count), test: 1, at: at, profile: profile)
            } else {
                let (session, profile) = started[Int(rng.next() % UInt64(started.count))]
                if roll < 9 {
                    script.spell(session, ["cat", "dog"][Int(rng.next() % 2)], correct: rng.next() % 5 != 0, at: at, profile: profile)
                } else {
                    script.endSpelling(session, at: at, profile: profile)
                    if latest[profile] == session { latest[profile] = nil }
                }
            }
            spelling.apply(script.events.last!, to: &progress)
            activity.apply(script.events.last!, to: &state)
            #expect(Set(progress.openSessions.keys) == Set(latest.values.map(Self.session)))
            #expect(progress.openSessionCount <= profiles.count && state.achievements.openSessions.count <= profiles.count)
            #expect(Set(state.achievements.openSessions.keys).isSubset(of: Set(latest.values.map { IDKey(Self.session($0)) })))
        }
        expectIndexed(progress, state.achievements)
        #expect(started.count > 150)     // most of them abandoned
        #expect(batchFolds(spelling, script.events) == [encoded(progress)])
        #expect(batchFolds(activity, script.events) == [encoded(state)])
    }

    // MARK: Strict decoding

    /// Two sessions of Ada and Bo, open.
    static let twoProfilesOpen = events([.create, .start(1), .start(2, bo)])

    @Test func aSpellingSnapshotWithTwoOpenSessionsOfOneProfileIsRefused() throws {
        var progress = fold(spelling, Self.twoProfilesOpen)
        _ = try decoded(SpellingProgress.self, encoded(progress))
        progress.openSessions[Self.session(2)]!.profile = Self.ada
        #expect(throws: EventDecodingError.self) { _ = try decoded(SpellingProgress.self, encoded(progress)) }
    }

    @Test func anAchievementsSnapshotWithTwoOpenSessionsOfOneProfileIsRefused() throws {
        var state = fold(activity, Self.twoProfilesOpen)
        _ = try decoded(ActivityState.self, encoded(state))
        let key = IDKey(Self.session(2))
        let open = state.achievements.openSessions[key]!
        state.achievements.openSessions[key] = OpenSessionTally(profile: Self.ada, test: open.test, tally: open.tally)
        #expect(throws: EventDecodingError.self) { _ = try decoded(ActivityState.self, encoded(state)) }
    }
}
