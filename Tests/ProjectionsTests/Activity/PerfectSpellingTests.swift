import Testing
@testable import Events
@testable import Projections

/// The perfect-spelling achievement (``AchievementCondition/perfectSpellingSession``): every word
/// of the session's test right first time and no attempt wrong. Hand-written sessions with
/// hand-checked outcomes, each beside the spelling read model's score of the same session (the
/// two read models must agree on "every word right"), folded event by event, in batches, and
/// restored from a snapshot at every event; then strict decoding of the new state.
@Suite struct PerfectSpellingTests {
    let projection = try! ActivityProjection(defaultCutoffHour: 4)

    /// One event of a script: on test 1 and in session 1, step `i` at 17:i on 2 March 2026 (its
    /// position is i + 1).
    enum Step: Sendable {
        case create([String])
        case edit([String])
        case start
        case spell(String, correct: Bool = true, attempt: Int = 1, hints: UInt32 = 0)
        case end
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let steps: [Step]
        /// The position of the session's end, which unlocks the achievement; nil when nothing does.
        let unlockedAt: UInt64?
        /// The spelling read model's latest score of test 1 (nil: no session scored).
        let score: SpellingScore?
        var testDescription: String { name }
    }

    static let words = ["cat", "dog", "sun"]
    static let tenWords = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]

    static let cases: [Case] = [
        Case(name: "every word right", steps: [.create(words), .start, .spell("cat"), .spell("dog"), .spell("sun"), .end],
             unlockedAt: 6, score: SpellingScore(correct: 3, total: 3)),
        Case(name: "every word right, in another order, with hints (allowed)",
             steps: [.create(words), .start, .spell("sun", hints: 2), .spell("cat", hints: 1), .spell("dog"), .end],
             unlockedAt: 6, score: SpellingScore(correct: 3, total: 3)),
        Case(name: "one word missing", steps: [.create(words), .start, .spell("cat"), .spell("dog"), .end],
             unlockedAt: nil, score: SpellingScore(correct: 2, total: 3)),
        Case(name: "the issue: 1 of 10 words", steps: [.create(tenWords), .start, .spell("one"), .end],
             unlockedAt: nil, score: SpellingScore(correct: 1, total: 10)),
        Case(name: "wrong, then right on the second try",
             steps: [.create(words), .start, .spell("cat"), .spell("dog", correct: false), .spell("dog", attempt: 2),
                     .spell("sun"), .end],
             unlockedAt: nil, score: SpellingScore(correct: 2, total: 3)),
        Case(name: "a wrong attempt at a word already right (full score, but a mistake)",
             steps: [.create(words), .start, .spell("cat"), .spell("dog"), .spell("cat", correct: false), .spell("sun"), .end],
             unlockedAt: nil, score: SpellingScore(correct: 3, total: 3)),
        Case(name: "the first attempt at a word is a retry", steps: [.create(words), .start, .spell("cat"),
                                                                     .spell("dog", attempt: 2), .spell("sun"), .end],
             unlockedAt: nil, score: SpellingScore(correct: 2, total: 3)),
        Case(name: "a word right twice", steps: [.create(words), .start, .spell("cat"), .spell("cat"), .spell("dog"),
                                                 .spell("sun"), .end],
             unlockedAt: 7, score: SpellingScore(correct: 3, total: 3)),
        Case(name: "a word not in the test, right", steps: [.create(words), .start, .spell("cat"), .spell("owl"),
                                                            .spell("dog"), .spell("sun"), .end],
             unlockedAt: 7, score: SpellingScore(correct: 3, total: 3)),
        Case(name: "a word not in the test, wrong", steps: [.create(words), .start, .spell("cat"),
                                                            .spell("owl", correct: false), .spell("dog"), .spell("sun"), .end],
             unlockedAt: nil, score: SpellingScore(correct: 3, total: 3)),
        Case(name: "spellings that normalize to the test's words",
             steps: [.create(["Cat", " dog", "SUN "]), .start, .spell("CAT"), .spell("dog "), .spell("Sun"), .end],
             unlockedAt: 6, score: SpellingScore(correct: 3, total: 3)),
        Case(name: "a word listed twice counts once", steps: [.create(["cat", "Cat", "dog"]), .start, .spell("cat"),
                                                              .spell("dog"), .end],
             unlockedAt: 5, score: SpellingScore(correct: 2, total: 2)),
        Case(name: "never ended", steps: [.create(words), .start, .spell("cat"), .spell("dog"), .spell("sun")],
             unlockedAt: nil, score: nil),
        Case(name: "ended with no word spelled", steps: [.create(words), .start, .end], unlockedAt: nil, score: nil),
        Case(name: "a test never created", steps: [.start, .spell("cat"), .end], unlockedAt: nil, score: nil),
        Case(name: "edited before the session: its new words count",
             steps: [.create(words), .edit(["owl", "bee"]), .start, .spell("owl"), .spell("bee"), .end],
             unlockedAt: 6, score: SpellingScore(correct: 2, total: 2)),
        Case(name: "edited before the session: its old words do not",
             steps: [.create(words), .edit(["owl", "bee"]), .start, .spell("cat"), .spell("dog"), .spell("sun"), .end],
             unlockedAt: nil, score: SpellingScore(correct: 0, total: 2)),
        Case(name: "edited during the session: the words it started with count",
             steps: [.create(words), .start, .edit(["owl"]), .spell("cat"), .spell("dog"), .spell("sun"), .end],
             unlockedAt: 7, score: SpellingScore(correct: 3, total: 3)),
        Case(name: "edited during the session: the new words do not",
             steps: [.create(words), .start, .edit(["owl"]), .spell("owl"), .end],
             unlockedAt: nil, score: SpellingScore(correct: 0, total: 3)),
        Case(name: "an edit of an unknown test and a second creation are ignored",
             steps: [.edit(words), .create(["owl"]), .create(words), .start, .spell("owl"), .end],
             unlockedAt: 6, score: SpellingScore(correct: 1, total: 1)),
        Case(name: "a session started again starts over",
             steps: [.create(words), .start, .spell("cat"), .spell("dog"), .start, .spell("sun"), .end],
             unlockedAt: nil, score: SpellingScore(correct: 1, total: 3)),
    ]

    /// The events of `steps`.
    static func events(_ steps: [Step]) -> [RecordedEvent] {
        var script = EventScript()
        for (minute, step) in steps.enumerated() {
            let at = utc(2026, 3, 2, 17, minute)
            switch step {
            case .create(let words): script.createSpellingTest(1, words: words, at: at)
            case .edit(let words): script.editSpellingTest(1, words: words, at: at)
            case .start: script.startSpelling(1, test: 1, at: at)
            case .spell(let word, let correct, let attempt, let hints):
                script.spell(1, word, correct: correct, attempt: attempt, hints: hints, at: at)
            case .end: script.endSpelling(1, at: at)
            }
        }
        return script.events
    }

    /// The perfect-spelling unlock of the default profile in `state`, if any.
    func perfectUnlock(_ state: ActivityState) -> Unlock? {
        state.achievements.unlocked(profile: EventScript().profile).first { $0.rule.id == "perfect-spelling" }?.unlock
    }

    /// Unlocked exactly when expected, by the session's end (its position and time); the spelling
    /// read model scores the session as expected; and the achievement is earned exactly when that
    /// score is full and no attempt was wrong.
    @Test(arguments: cases)
    func aSessionIsPerfectWhenEveryWordIsRightAndNoneWrong(_ expected: Case) {
        let events = Self.events(expected.steps)
        let unlock = perfectUnlock(fold(projection, events))
        #expect(unlock == expected.unlockedAt.map { Unlock(position: $0, time: eventTime(utc(2026, 3, 2, 17, Int($0) - 1))) })

        let score = fold(SpellingProjection(), events).test(EventScript.spellingTest(1))?.lastScore
        #expect(score == expected.score)
        let noneWrong = expected.steps.allSatisfy { if case .spell(_, false, _, _) = $0 { false } else { true } }
        #expect((unlock != nil) == (score?.isFull == true && noneWrong))
    }

    /// The batch fold (one batch, and batches of one to three events) gives the bytes of the
    /// single-event fold.
    @Test(arguments: cases)
    func batchesFoldLikeSingleEvents(_ script: Case) {
        let events = Self.events(script.steps)
        let expected = encoded(fold(projection, events))
        for size in 1...3 {
            var state = projection.makeInitialState()
            for start in stride(from: 0, to: events.count, by: size) {
                _ = projection.apply(Array(events[start..<min(events.count, start + size)]), after: 0, to: &state)
            }
            #expect(encoded(state) == expected, "batches of \(size)")
        }
        var whole = projection.makeInitialState()
        _ = projection.apply(events, after: 0, to: &whole)
        #expect(encoded(whole) == expected)
    }

    /// A snapshot after any event (open sessions with words spelled among them), restored and
    /// folded on, ends in the state and bytes of the full fold.
    @Test(arguments: cases)
    func aSnapshotRestoredAtAnyEventFoldsOnToTheSameState(_ script: Case) throws {
        let events = Self.events(script.steps)
        let full = fold(projection, events)
        for cut in 0...events.count {
            var resumed = try decoded(ActivityState.self, encoded(fold(projection, events[..<cut])))
            for event in events[cut...] { projection.apply(event, to: &resumed) }
            #expect(resumed == full, "cut at \(cut)")
            #expect(encoded(resumed) == encoded(full), "cut at \(cut)")
        }
    }

    /// Mid-session, the snapshot holds the session's tally (words left) and the test's words.
    @Test func aSnapshotMidSessionHoldsTheTallyAndTheTestsWords() throws {
        let events = Self.events(Self.cases[0].steps)
        let state = try decoded(ActivityState.self, encoded(fold(projection, events[..<4])))     // cat and dog spelled
        let session = try #require(state.achievements.openSessions[IDKey(SpellingSessionID(testUUID(0x5E01)))])
        #expect(session.profile == EventScript().profile)
        #expect(session.tally.unspelled == ["sun"] && session.tally.wordCount == 3)
        #expect(session.tally.score == SpellingScore(correct: 2, total: 3) && !session.tally.isPerfect)
        let test = try #require(state.achievements.spellingTests[IDKey(EventScript.spellingTest(1))])
        #expect(test.unspelled == ["cat", "dog", "sun"] && test.wordCount == 3)
    }

    /// A session is forgotten at its first wrong attempt (its end could unlock nothing), with its
    /// profile's index entry, and an attempt in a session never started opens nothing. (Sessions
    /// of three profiles: one profile has one open at a time.)
    @Test func memoryHoldsOnlySessionsThatCanStillBePerfect() {
        var script = EventScript()
        script.createSpellingTest(1, words: Self.words, at: utc(2026, 3, 2, 17))
        for session in 1...3 as ClosedRange<UInt64> {
            script.startSpelling(session, test: 1, at: utc(2026, 3, 2, 17, 1), profile: ProfileID(testUUID(0xF000 + session)))
        }
        script.spell(1, "cat", correct: false, at: utc(2026, 3, 2, 17, 2), profile: ProfileID(testUUID(0xF001)))
        script.spell(2, "cat", correct: true, at: utc(2026, 3, 2, 17, 3), profile: ProfileID(testUUID(0xF002)))
        script.spell(9, "cat", correct: true, at: utc(2026, 3, 2, 17, 4))
        let achievements = fold(projection, script.events).achievements
        let two = IDKey(SpellingSessionID(testUUID(0x5E02))), three = IDKey(SpellingSessionID(testUUID(0x5E03)))
        #expect(Set(achievements.openSessions.keys) == [two, three])
        #expect(achievements.openSessions.sessionByOwner == [IDKey(testUUID(0xF002)): two, IDKey(testUUID(0xF003)): three])
    }

    /// The activity fold reads the events that change a test's words.
    @Test func theKindsIncludeTheSpellingTestEvents() {
        let created = Self.events([.create(Self.words)])[0], edited = Self.events([.edit(Self.words)])[0]
        #expect(projection.kinds.contains(created.event) && projection.kinds.contains(edited.event))
    }

    // MARK: Strict decoding

    /// A tally's bytes: a word count, then the words left.
    static func tallyBytes(_ wordCount: Int, _ words: [String]) -> [UInt8] {
        var writer = BinaryWriter()
        wordCount.encode(to: &writer)
        words.encode(to: &writer)
        return writer.bytes
    }

    @Test(arguments: [
        ("a negative word count", tallyBytes(-1, [])),
        ("more words left than the test has", tallyBytes(1, ["cat", "dog"])),
        ("a word left twice", tallyBytes(2, ["cat", "cat"])),
        ("a word not normalized", tallyBytes(1, ["Cat"])),
        ("an empty word", tallyBytes(1, [""])),
        ("a truncated word list", Array(tallyBytes(2, ["cat", "dog"]).dropLast())),
    ])
    func malformedTallyBytesAreRefused(_ name: String, _ bytes: [UInt8]) {
        #expect(throws: EventDecodingError.self, "\(name)") { _ = try decoded(SpellingTally.self, bytes) }
    }

    @Test func aWellFormedTallyRoundTrips() throws {
        var tally = SpellingTally(testWords: ["Sun", "cat", "dog"])
        #expect(tally.count(correct: true, rightFirstTry: true) { "CAT" })
        #expect(encoded(tally) == Self.tallyBytes(3, ["dog", "sun"]))
        #expect(try decoded(SpellingTally.self, encoded(tally)) == tally)
    }

    /// A test's tally (what sessions start from) with a word spelled is refused.
    @Test func aTestTallyWithWordsSpelledIsRefused() throws {
        var state = fold(projection, Self.events([.create(Self.words)]))
        var spelled = SpellingTally(testWords: Self.words)
        _ = spelled.count(correct: true, rightFirstTry: true) { "cat" }
        state.achievements.spellingTests[IDKey(EventScript.spellingTest(1))] = spelled
        #expect(throws: EventDecodingError.self) { _ = try decoded(ActivityState.self, encoded(state)) }
    }
}
