import Foundation
import Testing
import TestSupport
@testable import Events
@testable import Projections

/// Words that differ in bytes but not as `String`s (composed or decomposed accents, case, spaces)
/// are one word everywhere: one row per profile, one first try per session; words that differ
/// as `String`s stay apart. The fold finds rows by exact bytes first, so these pin down that it
/// still answers as `String` equality does.
@Suite struct SpellingUnicodeTests {
    let profile = ProfileID(testUUID(0xF000))
    let other = ProfileID(testUUID(0xF001))
    let test = SpellingTestID(testUUID(0x51))

    func spelled(_ session: SpellingSessionID, _ word: String, _ correct: Bool, attempt: Int = 1) -> DomainEvent {
        .wordSpelled(WordSpelled(session: session, word: word, typed: "x", correct: correct,
                                 attempt: try! AttemptNumber(attempt), hintsUsed: 0, duration: try! ElapsedTime(milliseconds: 900)))
    }

    struct SpellingsCase: Sendable, CustomTestStringConvertible {
        /// Spellings attempted in order (all right), all one word.
        let spellings: [String]
        /// Queries that must find that word.
        let queries: [String]
        let label: String
        var testDescription: String { label }
    }

    @Test(arguments: [
        SpellingsCase(spellings: ["\u{E9}cole", "e\u{301}cole", "\u{C9}COLE", "  E\u{301}cole "],
                      queries: ["\u{E9}cole", "e\u{301}cole", "\u{C9}cole"], label: "é composed, decomposed, upper, padded"),
        SpellingsCase(spellings: ["Stra\u{DF}e", "stra\u{DF}e", " STRA\u{DF}E"], queries: ["Stra\u{DF}e", "straße"],
                      label: "Straße in three cases"),
        SpellingsCase(spellings: ["\u{DC}ber", "U\u{308}ber", "u\u{308}ber", "\u{FC}ber"], queries: ["über", "u\u{308}ber", "ÜBER"],
                      label: "Ü composed and decomposed"),
        SpellingsCase(spellings: ["\u{304C}", "\u{304B}\u{3099}", "\u{304C}"], queries: ["\u{304C}", "\u{304B}\u{3099}"],
                      label: "が composed and decomposed"),
        SpellingsCase(spellings: ["cat", "Cat", "CAT", "\tcat\n"], queries: ["cat", " CAT"], label: "ASCII case and spaces"),
    ])
    func equivalentSpellingsCountOnOneRow(_ example: SpellingsCase) throws {
        var script = EventScript(profile: profile)
        let session = SpellingSessionID(testUUID(0x70))
        for (minute, spelling) in example.spellings.enumerated() {
            script.record(spelled(session, spelling, true), stream: .spellingSession(session), at: utc(2026, 3, 1, 9, minute))
        }
        script.record(spelled(session, example.spellings[0], false), stream: .spellingSession(session),
                      at: utc(2026, 3, 1, 10), profile: other)
        let projection = SpellingProjection()
        for state in [fold(projection, script.events), batchFold(projection, script.events, batchSize: 2)] {
            #expect(state.words(profile: profile).count == 1)
            for query in example.queries {
                let word = try #require(state.word(profile: profile, word: query), "\(query)")
                #expect(word.attempts == example.spellings.count)
                #expect(word.correct == example.spellings.count)
                #expect(word.isMastered == (example.spellings.count >= 3))
                #expect(word.word == SpellingWord.normalized(example.spellings[0]))
                let theirs = try #require(state.word(profile: other, word: query))
                #expect(theirs.attempts == 1 && theirs.correct == 0)
            }
        }
    }

    struct DistinctCase: Sendable, CustomTestStringConvertible {
        let first: String, second: String
        var testDescription: String { "\(first) ≠ \(second)" }
    }

    /// Words that are not equal as `String`s keep rows of their own, however close their bytes.
    @Test(arguments: [
        DistinctCase(first: "ecole", second: "\u{E9}cole"),
        DistinctCase(first: "stra\u{DF}e", second: "strasse"),
        DistinctCase(first: "\u{304B}", second: "\u{304C}"),
        DistinctCase(first: "ice cream", second: "icecream"),
        DistinctCase(first: "abcdefgh", second: "abcdefgi"),
        DistinctCase(first: "abcdefghijklmnopq", second: "abcdefghijklmnopr"),
    ])
    func differentWordsKeepTheirOwnRows(_ example: DistinctCase) throws {
        var script = EventScript(profile: profile)
        let session = SpellingSessionID(testUUID(0x70))
        script.record(spelled(session, example.first, true), stream: .spellingSession(session), at: utc(2026, 3, 1, 9))
        for minute in 1...2 {
            script.record(spelled(session, example.second, false), stream: .spellingSession(session), at: utc(2026, 3, 1, 9, minute))
        }
        let state = batchFold(SpellingProjection(), script.events, batchSize: 64)
        #expect(state.words(profile: profile).count == 2)
        #expect(state.word(profile: profile, word: example.first)?.attempts == 1)
        #expect(state.word(profile: profile, word: example.second)?.attempts == 2)
        #expect(state.word(profile: profile, word: example.second)?.correct == 0)
    }

    struct SessionCase: Sendable, CustomTestStringConvertible {
        /// The test's words.
        let testWords: [String]
        /// Attempts in the session: spelling, right, attempt number.
        let attempts: [(String, Bool, Int)]
        let correct: Int, total: Int
        let label: String
        var testDescription: String { label }
    }

    /// A session scores a test word by its first attempt, whatever form the attempt spelled it in.
    @Test(arguments: [
        SessionCase(testWords: ["\u{E9}cole", "Stra\u{DF}e", "\u{304C}"],
                    attempts: [("e\u{301}cole", true, 1), ("STRA\u{DF}E", true, 1), ("\u{304B}\u{3099}", true, 1)],
                    correct: 3, total: 3, label: "every word right in another form"),
        SessionCase(testWords: ["e\u{301}cole", "cat"],
                    attempts: [("\u{E9}cole", false, 1), ("e\u{301}cole", true, 1), ("Cat", true, 1)],
                    correct: 1, total: 2, label: "a later right try in the other form does not count"),
        SessionCase(testWords: ["\u{FC}ber", "u\u{308}ber", "sun"],
                    attempts: [("U\u{308}BER", true, 1)],
                    correct: 1, total: 2, label: "equivalent test words are one word"),
        SessionCase(testWords: ["\u{E9}cole", "sun"],
                    attempts: [("moon", true, 1), ("ecole", true, 1)],
                    correct: 0, total: 2, label: "only words off the test: scored, none right"),
        SessionCase(testWords: ["\u{E9}cole", "sun"],
                    attempts: [("sun", true, 2), ("e\u{301}cole", true, 1), ("\u{E9}cole", false, 1)],
                    correct: 1, total: 2, label: "a right second attempt is not a first try"),
    ])
    func aSessionScoresEquivalentSpellingsAsOneWord(_ example: SessionCase) throws {
        let session = SpellingSessionID(testUUID(0x71))
        var script = EventScript(profile: profile)
        script.record(.spellingTestCreated(SpellingTestCreated(test: test, title: "Mixed", words: try WordList(example.testWords))),
                      stream: .spellingTest(test), at: utc(2026, 3, 1, 8))
        script.record(.spellingPracticeStarted(SpellingPracticeStarted(session: session, test: test)),
                      stream: .spellingSession(session), at: utc(2026, 3, 1, 9))
        for (minute, (word, correct, attempt)) in example.attempts.enumerated() {
            script.record(spelled(session, word, correct, attempt: attempt), stream: .spellingSession(session),
                          at: utc(2026, 3, 1, 9, minute + 1))
        }
        let beforeEnd = script.events
        script.record(.spellingPracticeEnded(SpellingPracticeEnded(session: session)), stream: .spellingSession(session),
                      at: utc(2026, 3, 1, 9, 30))
        let projection = SpellingProjection()
        // Whole, in batches, and through a snapshot taken while the session was open.
        let open = try decoded(SpellingProgress.self, encoded(fold(projection, beforeEnd)))
        let states = [fold(projection, script.events), batchFold(projection, script.events, batchSize: 3),
                      fold(projection, script.events.suffix(1), from: open)]
        for state in states {
            let progress = try #require(state.test(test))
            #expect(progress.words.count == example.total)
            #expect(progress.lastScore == SpellingScore(correct: example.correct, total: example.total))
            #expect(state.openSessionCount == 0)
        }
    }

    /// The batch fold (exact-bytes index, word numbers) equals the event-by-event fold, state and
    /// snapshot bytes, over seeded logs full of equivalent spellings, sessions and edits, in
    /// batches of seeded sizes and through a snapshot restored on the way.
    @Test(arguments: 0..<40 as Range<UInt64>)
    func theBatchFoldEqualsTheEventByEventFoldOnMixedScripts(seed: UInt64) throws {
        let events = unicodeSpellingEvents(seed: seed, count: 600)
        let projection = SpellingProjection()
        let expected = fold(projection, events)
        var rng = SplitMix64(seed: seed ^ 0xBA7C)
        var state = projection.makeInitialState()
        var checkpoint: UInt64 = 0
        var start = 0
        let restoreAt = Int(rng.next() % 600)
        while start < events.count {
            let end = min(events.count, start + 1 + Int(rng.next() % 50))
            let outcome = projection.apply(Array(events[start..<end]), after: checkpoint, to: &state)
            #expect(outcome.failure == nil && outcome.lastApplied == events[end - 1].position)
            checkpoint = outcome.lastApplied
            if start <= restoreAt && restoreAt < end {
                state = try decoded(SpellingProgress.self, encoded(state))
            }
            start = end
        }
        #expect(state == expected)
        #expect(encoded(state) == encoded(expected))
        #expect(try decoded(SpellingProgress.self, encoded(state)) == expected)
    }

    /// The table's memoized test-word normalization gives ``SpellingWord/normalized(list:)``'s
    /// words, byte for byte, with one number per word equal as `String`s, over seeded lists.
    @Test(arguments: 0..<20 as Range<UInt64>)
    func testWordsNormalizeAsTheListRuleSays(seed: UInt64) {
        let forms = ["\u{E9}cole", "e\u{301}cole", "\u{C9}COLE ", "ecole", "Stra\u{DF}e", "STRA\u{DF}E", "\u{304C}",
                     "\u{304B}\u{3099}", "  ", "\t", "Cat", "cat", "a long word of many bytes"]
        var rng = SplitMix64(seed: seed)
        var table = SpellingWordTable()
        for _ in 0..<30 {
            let list = (0..<(1 + Int(rng.next() % 8))).map { _ in forms[Int(rng.next() % UInt64(forms.count))] }
            let (words, numbers) = table.normalizedTestWords(list)
            let expected = SpellingWord.normalized(list: list)
            #expect(words.map { Array($0.utf8) } == expected.map { Array($0.utf8) }, "\(list)")
            #expect(numbers == words.map { table.wordNumber(of: $0) })
            #expect(Set(numbers).count == numbers.count)
        }
    }

    /// `events` folded by the batch fold in batches of `batchSize`.
    func batchFold(_ projection: SpellingProjection, _ events: [RecordedEvent], batchSize: Int) -> SpellingProgress {
        var state = projection.makeInitialState()
        var checkpoint: UInt64 = 0
        for start in stride(from: 0, to: events.count, by: batchSize) {
            checkpoint = projection.apply(Array(events[start..<min(start + batchSize, events.count)]), after: checkpoint,
                                          to: &state).lastApplied
        }
        return state
    }

    /// A seeded log of spelling events over two profiles, three tests and four sessions, whose
    /// words come in several byte forms each.
    func unicodeSpellingEvents(seed: UInt64, count: Int) -> [RecordedEvent] {
        let forms = [["\u{E9}cole", "e\u{301}cole", "\u{C9}COLE", " \u{E9}cole"], ["Stra\u{DF}e", "stra\u{DF}e"],
                     ["\u{304C}", "\u{304B}\u{3099}"], ["\u{FC}ber", "U\u{308}ber"], ["cat", "Cat", "cat "], ["ecole"],
                     ["a long word of many bytes", "A LONG WORD OF MANY BYTES"]]
        var rng = SplitMix64(seed: seed)
        var script = EventScript(profile: profile)
        func pick(_ word: Int) -> String { forms[word][Int(rng.next() % UInt64(forms[word].count))] }
        for i in 0..<count {
            let who = rng.next() % 4 == 0 ? other : profile
            let test = SpellingTestID(testUUID(0xB00 + rng.next() % 3))
            let session = SpellingSessionID(testUUID(0xC00 + rng.next() % 4))
            let time = Timestamp(milliseconds: utc(2026, 3, 1).milliseconds + Int64(i) * 60_000)
            switch rng.next() % 12 {
            case 0, 1:
                let words = (0..<(1 + Int(rng.next() % 5))).map { _ in pick(Int(rng.next() % UInt64(forms.count))) }
                let event: DomainEvent = rng.next() % 2 == 0
                    ? .spellingTestCreated(SpellingTestCreated(test: test, title: "T\(i)", words: try! WordList(words)))
                    : .spellingTestEdited(SpellingTestEdited(test: test, title: "E\(i)", words: try! WordList(words)))
                script.record(event, stream: .spellingTest(test), at: time, profile: who)
            case 2:
                script.record(.spellingPracticeStarted(SpellingPracticeStarted(session: session, test: test)),
                              stream: .spellingSession(session), at: time, profile: who)
            case 3:
                script.record(.spellingPracticeEnded(SpellingPracticeEnded(session: session)),
                              stream: .spellingSession(session), at: time, profile: who)
            default:
                script.record(spelled(session, pick(Int(rng.next() % UInt64(forms.count))), rng.next() % 3 != 0,
                                      attempt: Int(rng.next() % 2) + 1),
                              stream: .spellingSession(session), at: time, profile: who)
            }
        }
        return script.events
    }
}
