import Foundation
import Testing
import TestSupport
@testable import Events
@testable import Projections

@Suite struct SpellingProgressTests {
    let profile = ProfileID(testUUID(0xF000))
    let test = SpellingTestID(testUUID(0x51))

    /// One spelling attempt in `session`.
    func spelled(_ session: SpellingSessionID, _ word: String, _ correct: Bool, attempt: Int = 1, hints: UInt32 = 0) -> DomainEvent {
        .wordSpelled(WordSpelled(session: session, word: word, typed: correct ? word : "x", correct: correct,
                                 attempt: try! AttemptNumber(attempt), hintsUsed: hints,
                                 duration: try! ElapsedTime(milliseconds: 1500)))
    }

    /// A test of "Cat", "dog", " sun " (normalized: cat, dog, sun) and three sessions:
    ///   S1: cat ✓; dog ✗ then ✓ (attempt 2); sun ✓          → first try 2 of 3
    ///   S2: cat ✓; dog ✓; sun ✓ (1 hint)                    → 3 of 3 (the best)
    ///   S3: CAT ✓; dog ✗; sun not spelled                   → 1 of 3 (the last)
    ///   S4: started and ended with nothing spelled          → not scored
    /// Words: cat ✓✓✓ → 3/3, run 3, mastered at S3; dog ✗✓✓✗ → 2/4 = 0.5, run 0, best 2;
    ///        sun ✓✓ → 2/2, run 2, best 2, 1 hint.
    func practiceScript() -> EventScript {
        var script = EventScript()
        let sessions = (1...4).map { SpellingSessionID(testUUID(0x700 + UInt64($0))) }
        script.record(.spellingTestCreated(SpellingTestCreated(test: test, title: "Week 1", words: try! WordList(["Cat", "dog", " sun "]))),
                      stream: .spellingTest(test), at: utc(2026, 3, 1, 8))
        let attempts: [[(String, Bool, Int)]] = [
            [("cat", true, 1), ("dog", false, 1), ("dog", true, 2), ("sun", true, 1)],
            [("cat", true, 1), ("dog", true, 1), ("sun", true, 1)],
            [("CAT", true, 1), ("dog", false, 1)],
            [],
        ]
        for (index, session) in sessions.enumerated() {
            script.record(.spellingPracticeStarted(SpellingPracticeStarted(session: session, test: test)),
                          stream: .spellingSession(session), at: utc(2026, 3, 2 + index, 17))
            for (minute, (word, correct, attempt)) in attempts[index].enumerated() {
                script.record(spelled(session, word, correct, attempt: attempt, hints: index == 1 && word == "sun" ? 1 : 0),
                              stream: .spellingSession(session), at: utc(2026, 3, 2 + index, 17, minute + 1))
            }
            script.record(.spellingPracticeEnded(SpellingPracticeEnded(session: session)),
                          stream: .spellingSession(session), at: utc(2026, 3, 2 + index, 17, 30))
        }
        return script
    }

    struct WordCase: Sendable, CustomTestStringConvertible {
        let word: String, attempts: Int, correct: Int, accuracy: Double, run: Int, best: Int, mastered: Bool, hints: Int
        var testDescription: String { word }
    }

    @Test(arguments: [
        WordCase(word: "cat", attempts: 3, correct: 3, accuracy: 1, run: 3, best: 3, mastered: true, hints: 0),
        WordCase(word: "dog", attempts: 4, correct: 2, accuracy: 0.5, run: 0, best: 2, mastered: false, hints: 0),
        WordCase(word: " SUN", attempts: 2, correct: 2, accuracy: 1, run: 2, best: 2, mastered: false, hints: 1),
    ])
    func aPracticeSessionGivesEachWordItsCounts(_ expected: WordCase) throws {
        let state = fold(SpellingProjection(), practiceScript().events)
        let word = try #require(state.word(profile: profile, word: expected.word))
        #expect(word.attempts == expected.attempts)
        #expect(word.correct == expected.correct)
        #expect(word.accuracy == expected.accuracy)
        #expect(word.currentRun == expected.run)
        #expect(word.bestRun == expected.best)
        #expect(word.isMastered == expected.mastered)
        #expect(word.hintsUsed == expected.hints)
    }

    @Test func aPracticeSessionScoresTheTestOnFirstTries() throws {
        let state = fold(SpellingProjection(), practiceScript().events)
        let progress = try #require(state.test(test))
        #expect(progress.words == ["cat", "dog", "sun"])
        #expect(progress.sessions == 3)
        #expect(progress.bestScore == SpellingScore(correct: 3, total: 3))
        #expect(progress.lastScore == SpellingScore(correct: 1, total: 3))
        #expect(progress.lastPractised?.instant == utc(2026, 3, 4, 17, 30))
        #expect(state.tests(profile: profile).map(\.id) == [test])
        #expect(state.tests(profile: ProfileID(testUUID(0x99))).isEmpty)
        #expect(state.openSessionCount == 0)
        #expect(state.words(profile: profile).map(\.word) == ["cat", "dog", "sun"])
        // cat was mastered by its third correct answer, in S3.
        #expect(state.word(profile: profile, word: "cat")?.firstMastered?.instant == utc(2026, 3, 4, 17, 1))
        #expect(state.word(profile: profile, word: "cat")?.lastPractised.instant == utc(2026, 3, 4, 17, 1))
    }

    @Test func wordsToPractiseAreTheLeastAccurateUnmasteredOnes() {
        var script = practiceScript()
        // "moon": 1 of 2 (0.5, like dog, but fewer attempts: after dog); "tree": 0 of 1 (first).
        let session = SpellingSessionID(testUUID(0x7FF))
        for (word, correct) in [("moon", true), ("moon", false), ("tree", false)] {
            script.record(spelled(session, word, correct), stream: .spellingSession(session), at: utc(2026, 3, 9, 9))
        }
        let state = fold(SpellingProjection(), script.events)
        #expect(state.wordsToPractise(profile: profile, limit: 10).map(\.word) == ["tree", "dog", "moon", "sun"])
        #expect(state.wordsToPractise(profile: profile, limit: 2).map(\.word) == ["tree", "dog"])
        #expect(state.wordsToPractise(profile: profile, limit: 0).isEmpty)
    }

    struct RunCase: Sendable, CustomTestStringConvertible {
        let answers: [Bool], run: Int, best: Int, mastered: Bool, everMastered: Bool
        var testDescription: String { answers.map { $0 ? "✓" : "✗" }.joined() }
    }

    /// Mastery is 3 right in a row; a wrong answer resets the run and takes mastery away.
    @Test(arguments: [
        RunCase(answers: [true, true], run: 2, best: 2, mastered: false, everMastered: false),
        RunCase(answers: [true, true, true], run: 3, best: 3, mastered: true, everMastered: true),
        RunCase(answers: [true, true, true, false], run: 0, best: 3, mastered: false, everMastered: true),
        RunCase(answers: [true, true, true, false, true], run: 1, best: 3, mastered: false, everMastered: true),
        RunCase(answers: [false, true, false, true, true], run: 2, best: 2, mastered: false, everMastered: false),
        RunCase(answers: [true, false, true, true, true, true], run: 4, best: 4, mastered: true, everMastered: true),
    ])
    func aWrongAnswerResetsTheRun(_ expected: RunCase) throws {
        var script = EventScript()
        let session = SpellingSessionID(testUUID(0x77))
        for (i, correct) in expected.answers.enumerated() {
            script.record(spelled(session, "ship", correct), stream: .spellingSession(session), at: utc(2026, 3, 1, 9, i))
        }
        let word = try #require(fold(SpellingProjection(), script.events).word(profile: profile, word: "ship"))
        #expect(word.currentRun == expected.run)
        #expect(word.bestRun == expected.best)
        #expect(word.isMastered == expected.mastered)
        #expect((word.firstMastered != nil) == expected.everMastered)
        #expect(word.attempts == expected.answers.count)
    }

    @Test func theMasteryRuleIsConfigurationAndShapesTheFingerprint() throws {
        var script = EventScript()
        let session = SpellingSessionID(testUUID(0x77))
        for i in 0..<2 { script.record(spelled(session, "ship", true), stream: .spellingSession(session), at: utc(2026, 3, 1, 9, i)) }
        let strict = SpellingProjection(mastery: SpellingMasteryRule(runLength: 3))
        let lenient = SpellingProjection(mastery: SpellingMasteryRule(runLength: 2))
        #expect(fold(strict, script.events).word(profile: profile, word: "ship")?.isMastered == false)
        #expect(fold(lenient, script.events).word(profile: profile, word: "ship")?.isMastered == true)
        #expect(strict.fingerprint != lenient.fingerprint)
    }

    @Test func editingATestScoresLaterSessionsOnTheNewWords() throws {
        var script = practiceScript()
        let session = SpellingSessionID(testUUID(0x7EE))
        script.record(.spellingTestEdited(SpellingTestEdited(test: test, title: "Week 1b", words: try! WordList(["cat", "cat", "Owl"]))),
                      stream: .spellingTest(test), at: utc(2026, 3, 10))
        script.record(.spellingPracticeStarted(SpellingPracticeStarted(session: session, test: test)), stream: .spellingSession(session), at: utc(2026, 3, 11))
        script.record(spelled(session, "owl", true), stream: .spellingSession(session), at: utc(2026, 3, 11, 0, 1))
        script.record(.spellingPracticeEnded(SpellingPracticeEnded(session: session)), stream: .spellingSession(session), at: utc(2026, 3, 11, 0, 2))
        let progress = try #require(fold(SpellingProjection(), script.events).test(test))
        #expect(progress.title == "Week 1b")
        #expect(progress.words == ["cat", "owl"])
        #expect(progress.lastScore == SpellingScore(correct: 1, total: 2))
        #expect(progress.bestScore == SpellingScore(correct: 3, total: 3))
        #expect(progress.sessions == 4)
    }

    @Test(arguments: [("Cat", "cat"), ("  dog\t", "dog"), ("ÉCOLE", "école"), ("ice cream", "ice cream"), ("sun", "sun")])
    func wordsAreTrimmedAndLowercased(_ input: String, _ key: String) {
        #expect(SpellingWord.normalized(input) == key)
    }

    /// The batch fold reads attempts in place and remembers the spellings it has normalized
    /// ("CAT" and "cat" land on one row): in batches of any size, and from a restored state (whose
    /// memo starts empty), it gives the bytes of the event-by-event fold.
    @Test(arguments: [1, 3, 7, 64])
    func theBatchFoldEqualsTheEventByEventFold(batchSize: Int) throws {
        let projection = SpellingProjection()
        for events in [practiceScript().events, randomContentEvents(seed: 9, count: 1_500)] {
            let expected = encoded(fold(projection, events))
            var state = projection.makeInitialState()
            var checkpoint: UInt64 = 0
            for start in stride(from: 0, to: events.count, by: batchSize) {
                let batch = Array(events[start..<min(start + batchSize, events.count)])
                let outcome = projection.apply(batch, after: checkpoint, to: &state)
                #expect(outcome.failure == nil && outcome.lastApplied == batch.last!.position)
                checkpoint = outcome.lastApplied
                if start == events.count / 2 / batchSize * batchSize {
                    state = try decoded(SpellingProgress.self, encoded(state))
                }
            }
            #expect(encoded(state) == expected)
        }
    }
}
