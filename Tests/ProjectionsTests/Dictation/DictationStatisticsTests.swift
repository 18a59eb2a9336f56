import Foundation
import Testing
import TestSupport
@testable import Events
@testable import Projections

/// The dictation read model: totals per profile and language (tags without case), words per
/// minute over the timed dictations, the snapshot round trip and the batch fold.
@Suite struct DictationStatisticsTests {
    static let sam = ProfileID(testUUID(0xA1)), kim = ProfileID(testUUID(0xA2))
    let projection = DictationStatisticsProjection()

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        /// Dictations of Sam: language, words, seconds.
        let dictations: [(String, UInt32, Int64)]
        /// Per language (lower case): dictations, words, seconds, words per minute.
        let expected: [String: (Int, Int64, Int64, Double?)]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "one dictation: its words over its minutes", dictations: [("en", 90, 60)],
             expected: ["en": (1, 90, 60, 90)]),
        Case(name: "the rate of all the time, not the mean of the rates", dictations: [("en", 10, 10), ("en", 50, 50)],
             expected: ["en": (2, 60, 60, 60)]),
        Case(name: "two languages apart; a tag's case does not matter",
             dictations: [("en-GB", 30, 60), ("de", 45, 90), ("en-gb", 30, 30)],
             expected: ["en-gb": (2, 60, 90, 40), "de": (1, 45, 90, 30)]),
        Case(name: "a dictation with no duration counts its words but gives no rate",
             dictations: [("fr", 20, 0)], expected: ["fr": (1, 20, 0, nil)]),
        Case(name: "an untimed dictation beside a timed one leaves the rate to the timed",
             dictations: [("fr", 20, 0), ("fr", 30, 120)], expected: ["fr": (2, 50, 120, 15)]),
    ]

    @Test(arguments: cases)
    func totals(_ c: Case) throws {
        var script = EventScript(profile: Self.sam)
        for (i, (language, words, seconds)) in c.dictations.enumerated() {
            script.record(.dictationFinished(DictationFinished(wordCount: words, duration: try ElapsedTime(milliseconds: seconds * 1000),
                                                               language: try LanguageTag(language))),
                          stream: .profile(Self.sam), at: Timestamp(milliseconds: Int64(i) * 60_000))
        }
        script.dictate(words: 500, seconds: 10, at: Timestamp(milliseconds: 0), profile: Self.kim)
        let state = fold(projection, script.events)
        let shown = Dictionary(uniqueKeysWithValues: state.languages(profile: Self.sam).map { ($0.language, $0.totals) })
        #expect(shown.keys.sorted() == c.expected.keys.sorted())
        for (language, (dictations, words, seconds, wpm)) in c.expected {
            let totals = try #require(shown[language])
            #expect(totals.dictations == dictations && totals.words == words && totals.durationMs == seconds * 1000, "\(language)")
            #expect(totals.wordsPerMinute == wpm, "\(language)")
            #expect(state.totals(profile: Self.sam, language: language.uppercased()) == totals)
        }
        let total = state.total(profile: Self.sam)
        #expect(total.dictations == c.dictations.count)
        #expect(total.words == c.dictations.reduce(0) { $0 + Int64($1.1) })
        #expect(state.total(profile: Self.kim).words == 500)
        #expect(try decoded(DictationStatistics.self, encoded(state)) == state)
    }

    @Test(arguments: 0..<8 as Range<UInt64>)
    func batchFoldMatchesTheOneEventFold(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        var script = EventScript(profile: Self.sam)
        for i in 0..<300 {
            let profile = rng.next() % 2 == 0 ? Self.sam : Self.kim
            let time = Timestamp(milliseconds: Int64(i) * 60_000)
            if rng.next() % 3 == 0 {
                script.review(rng.next() % 5, .good, at: time, profile: profile)
            } else {
                script.record(.dictationFinished(DictationFinished(
                    wordCount: UInt32(rng.next() % 200), duration: try ElapsedTime(milliseconds: Int64(rng.next() % 4) * 30_000),
                    language: try LanguageTag(["en", "EN", "de", "fr-CA"][Int(rng.next() % 4)]))),
                              stream: .profile(profile), at: time, profile: profile)
            }
        }
        try checkBatchFold(projection, events: script.events, seed: seed)
    }
}
