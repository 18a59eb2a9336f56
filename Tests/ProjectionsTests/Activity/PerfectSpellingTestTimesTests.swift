import Testing
@testable import Events
@testable import Projections

/// The same test perfect three times (`perfect-spelling-test-3`,
/// ``AchievementCondition/perfectSpellingTest(times:)``): three sessions on one test, each perfect
/// as `perfect-spelling` judges a session (every word right first time, no attempt wrong), by one
/// profile. Hand-written histories with the exact event that unlocks it, folded event by event and
/// in batches (``activityFoldedBothWays(_:_:)``).
@Suite struct PerfectSpellingTestTimesTests {
    let projection = try! ActivityProjection(defaultCutoffHour: 4)

    /// One session: on test `test` (1 or 2, each listing "cat" and "dog"), by profile `profile`
    /// (0: the script's own, 1: another), perfect or with "dog" wrong first.
    struct Session: Sendable {
        let test: UInt64
        let perfect: Bool
        let profile: Int
        init(test: UInt64 = 1, perfect: Bool = true, profile: Int = 0) {
            (self.test, self.perfect, self.profile) = (test, perfect, profile)
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let sessions: [Session]
        /// The index in ``sessions`` of the session whose end unlocks the rule for profile 0.
        let unlockedBy: Int?
        /// Progress toward the rule while locked (the most perfect sessions on one test).
        let progress: Int?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "three perfect sessions on one test", sessions: [Session(), Session(), Session()],
             unlockedBy: 2, progress: nil),
        Case(name: "two are not enough", sessions: [Session(), Session()], unlockedBy: nil, progress: 2),
        Case(name: "a mistake in between does not reset the count",
             sessions: [Session(), Session(perfect: false), Session(), Session()], unlockedBy: 3, progress: nil),
        Case(name: "a session with a mistake does not count",
             sessions: [Session(), Session(perfect: false), Session()], unlockedBy: nil, progress: 2),
        Case(name: "perfect on two tests does not add up",
             sessions: [Session(test: 1), Session(test: 2), Session(test: 1), Session(test: 2)],
             unlockedBy: nil, progress: 2),
        Case(name: "the third on the second test",
             sessions: [Session(test: 1), Session(test: 2), Session(test: 2), Session(test: 1), Session(test: 2)],
             unlockedBy: 4, progress: nil),
        Case(name: "another profile's perfect sessions do not count",
             sessions: [Session(), Session(profile: 1), Session(profile: 1), Session()], unlockedBy: nil, progress: 2),
        Case(name: "a fourth perfect session keeps the first unlock",
             sessions: [Session(), Session(), Session(), Session()], unlockedBy: 2, progress: nil),
    ]

    /// The events of `sessions`, and the end event of each session: tests 1 and 2 created, then
    /// each session (start, "cat", "dog" or a wrong "dog" and its retry, end) a minute apart.
    static func events(_ sessions: [Session]) -> (events: [RecordedEvent], ends: [RecordedEvent]) {
        var script = EventScript()
        let other = ProfileID(testUUID(0x0B0B))
        var minute = 0
        func next() -> Timestamp { minute += 1; return utc(2026, 3, 2, 17, minute) }
        script.createSpellingTest(1, words: ["cat", "dog"], at: next())
        script.createSpellingTest(2, words: ["cat", "dog"], at: next())
        var ends: [RecordedEvent] = []
        for (n, session) in sessions.enumerated() {
            let id = UInt64(n + 1), profile = session.profile == 0 ? nil : other
            script.startSpelling(id, test: session.test, at: next(), profile: profile)
            script.spell(id, "cat", correct: true, at: next(), profile: profile)
            if !session.perfect { script.spell(id, "dog", correct: false, at: next(), profile: profile) }
            script.spell(id, "dog", correct: true, attempt: session.perfect ? 1 : 2, at: next(), profile: profile)
            script.endSpelling(id, at: next(), profile: profile)
            ends.append(script.events[script.events.count - 1])
        }
        return (script.events, ends)
    }

    /// Unlocked exactly by the end of the expected session (its position and time), in one fold
    /// and in batches alike; while locked, progress shows the most perfect sessions on one test.
    @Test(arguments: cases)
    func unlockedByTheThirdPerfectSessionOnOneTest(_ row: Case) {
        let (events, ends) = Self.events(row.sessions)
        let state = activityFoldedBothWays(projection, events)
        let profile = EventScript().profile
        let unlock = state.achievements.unlocked(profile: profile).first { $0.rule.id == "perfect-spelling-test-3" }?.unlock
        #expect(unlock == row.unlockedBy.map { Unlock(position: ends[$0].position, time: ends[$0].occurred) })
        let progress = state.achievements.progress(profile: profile).first { $0.rule.id == "perfect-spelling-test-3" }
        #expect(progress?.current == row.progress)
    }

    /// The counts round-trip through the snapshot, and a count below 1 (never written) is refused.
    @Test func aSnapshotKeepsTheCountsAndRefusesACountBelowOne() throws {
        var state = activityFoldedBothWays(projection, Self.events([Session(), Session(test: 2), Session()]).events)
        let key = IDKey(EventScript().profile)
        let standing = try #require(state.achievements.standings[key])
        #expect(standing.perfectSessions == [EventScript.spellingTest(1): 2, EventScript.spellingTest(2): 1])
        #expect(try decoded(ActivityState.self, encoded(state)) == state)
        var broken = standing
        broken.perfectSessions[EventScript.spellingTest(2)] = 0
        state.achievements.standings.update(key, to: broken)
        #expect(throws: EventDecodingError.self) { _ = try decoded(ActivityState.self, encoded(state)) }
    }
}
