import Testing
@testable import Events
@testable import Projections

/// Words mastered (`first-word-mastered`, `words-mastered-10`:
/// ``AchievementCondition/wordsMastered(_:)``): the profile's words mastered now, as the spelling
/// read model's ``SpellingMasteryRule`` judges them (3 right in a row by default, every attempt
/// counting), reach 1 or 10. Hand-written histories with the exact attempt that unlocks each,
/// folded event by event and in batches (``activityFoldedBothWays(_:_:)``).
@Suite struct WordsMasteredTests {
    let projection = try! ActivityProjection(defaultCutoffHour: 4)

    /// One attempt: `word` spelled right or wrong by profile 0 (the script's own) or 1, in a
    /// session or in none.
    struct Attempt: Sendable {
        let word: String
        let correct: Bool
        let profile: Int
        let attempt: Int
        init(_ word: String, _ correct: Bool = true, profile: Int = 0, attempt: Int = 1) {
            (self.word, self.correct, self.profile, self.attempt) = (word, correct, profile, attempt)
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let attempts: [Attempt]
        /// The indexes in ``attempts`` of the attempts that unlock `first-word-mastered` and
        /// `words-mastered-10` for profile 0.
        let first: Int?
        let ten: Int?
        /// Profile 0's words mastered at the end (progress toward `words-mastered-10` while locked).
        let mastered: Int
        var testDescription: String { name }
    }

    /// `word` right `times` times.
    static func right(_ word: String, _ times: Int = 3) -> [Attempt] { Array(repeating: Attempt(word), count: times) }

    /// Ten words, each right three times in a row: w0 … w9.
    static let tenWords = (0..<10).flatMap { right("w\($0)") }

    static let cases: [Case] = [
        Case(name: "three right in a row master a word", attempts: right("cat"), first: 2, ten: nil, mastered: 1),
        Case(name: "two are not enough", attempts: right("cat", 2), first: nil, ten: nil, mastered: 0),
        Case(name: "a wrong answer resets the run",
             attempts: right("cat", 2) + [Attempt("cat", false)] + right("cat", 2), first: nil, ten: nil, mastered: 0),
        Case(name: "three right after the wrong one",
             attempts: right("cat", 2) + [Attempt("cat", false)] + right("cat"), first: 5, ten: nil, mastered: 1),
        Case(name: "a retry counts like a first try",
             attempts: [Attempt("cat"), Attempt("cat", attempt: 2), Attempt("cat", attempt: 3)], first: 2, ten: nil, mastered: 1),
        Case(name: "case and surrounding spaces are one word",
             attempts: [Attempt("Cat"), Attempt(" cat "), Attempt("CAT")], first: 2, ten: nil, mastered: 1),
        Case(name: "interleaved words keep their own runs",
             attempts: [Attempt("cat"), Attempt("dog"), Attempt("cat"), Attempt("dog", false), Attempt("cat")],
             first: 4, ten: nil, mastered: 1),
        Case(name: "another profile's attempts do not count",
             attempts: [Attempt("cat"), Attempt("cat", profile: 1), Attempt("cat"), Attempt("cat", profile: 1)],
             first: nil, ten: nil, mastered: 0),
        Case(name: "mastery lost keeps the first unlock",
             attempts: right("cat") + [Attempt("cat", false)], first: 2, ten: nil, mastered: 0),
        Case(name: "ten words mastered", attempts: tenWords, first: 2, ten: 29, mastered: 10),
        Case(name: "nine mastered words and one lost are not ten",
             attempts: tenWords.dropLast() + [Attempt("w0", false), Attempt("w9")], first: 2, ten: nil, mastered: 9),
        Case(name: "ten again when the lost word is mastered again",
             attempts: tenWords.dropLast() + [Attempt("w0", false), Attempt("w9")] + right("w0"), first: 2, ten: 33,
             mastered: 10),
    ]

    /// The events of `attempts`: a test listing "cat" and "dog" and a session on it open for
    /// profile 0 (session 1) and profile 1 (session 2), then each attempt a minute apart, in its
    /// profile's session; returns each attempt's event.
    static func events(_ attempts: [Attempt]) -> (events: [RecordedEvent], attempts: [RecordedEvent]) {
        var script = EventScript()
        let other = ProfileID(testUUID(0x0B0B))
        var minute = 0
        func next() -> Timestamp { minute += 1; return utc(2026, 3, 2, 17, minute) }
        script.createSpellingTest(words: ["cat", "dog"], at: next())
        script.startSpelling(1, at: next())
        script.startSpelling(2, at: next(), profile: other)
        var recorded: [RecordedEvent] = []
        for attempt in attempts {
            let profile = attempt.profile == 0 ? nil : other
            script.spell(UInt64(1 + attempt.profile), attempt.word, correct: attempt.correct, attempt: attempt.attempt,
                         at: next(), profile: profile)
            recorded.append(script.events[script.events.count - 1])
        }
        return (script.events, recorded)
    }

    /// The unlock of rule `id` for the script's profile in `state`.
    static func unlock(_ id: String, in state: ActivityState) -> Unlock? {
        state.achievements.unlocked(profile: EventScript().profile).first { $0.rule.id == id }?.unlock
    }

    /// Unlocked exactly by the expected attempts (position and time), in one fold and in batches
    /// alike; the mastered count is the profile's words mastered at the end.
    @Test(arguments: cases)
    func unlockedByTheAttemptThatMastersTheWord(_ row: Case) {
        let (events, attempts) = Self.events(row.attempts)
        let state = activityFoldedBothWays(projection, events)
        func at(_ index: Int?) -> Unlock? { index.map { Unlock(position: attempts[$0].position, time: attempts[$0].occurred) } }
        #expect(Self.unlock("first-word-mastered", in: state) == at(row.first))
        #expect(Self.unlock("words-mastered-10", in: state) == at(row.ten))
        #expect(state.achievements.profiles[IDKey(EventScript().profile)]?.masteredWords.count == row.mastered)
        if row.ten == nil {
            let progress = state.achievements.progress(profile: EventScript().profile).first { $0.rule.id == "words-mastered-10" }
            #expect(progress?.current == row.mastered)
        }
    }

    /// Attempts count without a session, and a test edited, archived or deleted changes nothing:
    /// a word is the profile's normalized text, in any test or none (as the spelling read model
    /// keys word progress).
    @Test func attemptsCountWhateverTheirSessionAndTest() {
        var script = EventScript()
        script.createSpellingTest(words: ["cat"], at: utc(2026, 3, 2, 17))
        script.startSpelling(1, at: utc(2026, 3, 2, 17, 1))
        script.spell(1, "cat", correct: true, at: utc(2026, 3, 2, 17, 2))
        script.record(.spellingTestArchived(SpellingTestArchived(test: EventScript.spellingTest(EventScript.defaultSpellingTest))),
                      stream: .spellingTest(EventScript.spellingTest(EventScript.defaultSpellingTest)), at: utc(2026, 3, 2, 17, 3))
        script.spell(1, "cat", correct: true, at: utc(2026, 3, 2, 17, 4))
        script.record(.spellingTestDeleted(SpellingTestDeleted(test: EventScript.spellingTest(EventScript.defaultSpellingTest))),
                      stream: .spellingTest(EventScript.spellingTest(EventScript.defaultSpellingTest)), at: utc(2026, 3, 2, 17, 5))
        script.spell(9, "cat", correct: true, at: utc(2026, 3, 2, 17, 6))     // session 9 was never started
        let state = activityFoldedBothWays(projection, script.events)
        #expect(Self.unlock("first-word-mastered", in: state) == Unlock(position: 7, time: eventTime(utc(2026, 3, 2, 17, 6))))
    }

    /// The configured rule is the one used: with 1 right in a row, a first right answer masters
    /// its word; with 5, three do not. A table with no word-mastery rule keeps no runs.
    @Test(arguments: [(1, 0, 1), (3, 2, 1), (5, nil, 0)] as [(Int, Int?, Int)])
    func theConfiguredMasteryRuleDecides(runLength: Int, unlockedBy: Int?, mastered: Int) throws {
        let projection = try ActivityProjection(defaultCutoffHour: 4, mastery: SpellingMasteryRule(runLength: runLength))
        let (events, attempts) = Self.events(Self.right("cat"))
        let state = activityFoldedBothWays(projection, events)
        #expect(Self.unlock("first-word-mastered", in: state)?.position == unlockedBy.map { attempts[$0].position })
        #expect(state.achievements.profiles[IDKey(EventScript().profile)]?.masteredWords.count == mastered)
        #expect(try decoded(ActivityState.self, encoded(state)) == state)
        let noMastery = try ActivityProjection(rules: AchievementRule.defaultTable.filter { !$0.condition.countsMasteredWords },
                                               defaultCutoffHour: 4, mastery: SpellingMasteryRule(runLength: runLength))
        #expect(fold(noMastery, events).achievements.profiles[IDKey(EventScript().profile)]?.masteredWords == MasteredWords())
        #expect(projection.fingerprint != (try ActivityProjection(defaultCutoffHour: 4,
                                                                  mastery: SpellingMasteryRule(runLength: runLength + 1))).fingerprint)
    }

    /// The runs and the count round-trip through the snapshot; a count that disagrees with the
    /// runs under the rule, a run below 1, or runs kept by a table with no word-mastery rule are
    /// refused with a message.
    @Test func aSnapshotKeepsTheRunsAndRefusesOnesThatDisagree() throws {
        let (events, _) = Self.events(Self.right("cat") + Self.right("dog", 2))
        var state = fold(projection, events)
        let key = IDKey(EventScript().profile)
        let standing = try #require(state.achievements.standings[key])
        #expect(standing.masteredWords.runs == ["cat": 3, "dog": 2] && standing.masteredWords.count == 1)
        #expect(try decoded(ActivityState.self, encoded(state)) == state)

        func refused(_ words: MasteredWords) throws -> String {
            var broken = standing
            broken.masteredWords = words
            state.achievements.standings.update(key, to: broken)
            return try #require(throws: EventDecodingError.self) { _ = try decoded(ActivityState.self, encoded(state)) }.message
        }
        #expect(try refused(MasteredWords(runs: ["cat": 3, "dog": 2], rule: SpellingMasteryRule(runLength: 2)))
            .contains("mastered spelling words disagree with their runs"))
        #expect(try refused(MasteredWords(runs: ["cat": 0], rule: SpellingMasteryRule())).contains("has a run of 0"))

        let noMastery = try ActivityProjection(rules: AchievementRule.defaultTable.filter { !$0.condition.countsMasteredWords },
                                               defaultCutoffHour: 4)
        var other = fold(noMastery, events)
        var kept = try #require(other.achievements.standings[key])
        kept.masteredWords = standing.masteredWords
        other.achievements.standings.update(key, to: kept)
        #expect(throws: EventDecodingError.self) { _ = try decoded(ActivityState.self, encoded(other)) }
    }
}
