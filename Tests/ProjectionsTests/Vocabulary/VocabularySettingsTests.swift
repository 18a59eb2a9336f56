import Events
import FSRS
import Testing
@testable import Projections

@Suite("Vocabulary scheduler settings from the log")
struct VocabularySettingsTests {
    static let fsrs5: [Double] = [
        0.40255, 1.18385, 3.173, 15.69105, 7.1949, 0.5345, 1.4604, 0.0046, 1.54575, 0.1192,
        1.01925, 1.9395, 0.11, 0.29605, 2.2698, 0.2315, 2.9898, 0.51655, 0.6621,
    ]

    @Test("a parameter change applies to later reviews only, per profile")
    func parameterChange() throws {
        var v = VocabularyScript(configuration: .plainModel)
        let other = testProfile(1)
        v.deck(1, at: utc(2026, 3, 1, 8, 0))
        v.deck(2, at: utc(2026, 3, 1, 8, 0), profile: other)
        v.card(1, deck: 1, at: utc(2026, 3, 1, 8, 1))
        v.card(2, deck: 1, at: utc(2026, 3, 1, 8, 2))
        v.card(3, deck: 2, at: utc(2026, 3, 1, 8, 3), profile: other)
        v.review(1, .good, at: utc(2026, 3, 1, 9, 0))
        let before = try #require(v.fold().card(testCard(1))?.schedule)
        v.setting(.schedulerParametersChanged(SchedulerParametersChanged(parameters: try SchedulerParameters(Self.fsrs5))),
                  at: utc(2026, 3, 1, 10, 0))
        v.review(2, .good, at: utc(2026, 3, 1, 11, 0))
        v.review(3, .good, at: utc(2026, 3, 1, 11, 0), profile: other)
        let state = v.fold()
        // Card 1 keeps its FSRS-6 state (S = 2.3065, due in 2 days) as scheduled at the time.
        #expect(state.card(testCard(1))?.schedule == before)
        // Card 2, after the change: FSRS-5 S0(Good) = w2 = 3.173 → 3 days (due March 4 04:00).
        let second = try #require(state.card(testCard(2))?.schedule)
        #expect(abs(second.memory.stability - 3.173) < 1e-5)
        #expect(second.intervalDays == 3)
        #expect(second.dueMs == utc(2026, 3, 4, 4, 0).milliseconds)
        // The other profile still schedules with FSRS-6.
        #expect(abs((state.card(testCard(3))?.schedule?.memory.stability ?? 0) - 2.3065) < 1e-5)

        // Card 1's next review uses the new parameters from its old state.
        let review = ReviewRecord(rating: .good, timeMs: utc(2026, 3, 3, 9, 0).milliseconds)
        v.review(1, .good, at: utc(2026, 3, 3, 9, 0))
        let fsrs5Config = try SchedulerConfiguration.memoryModel(parameters: FSRSParameters(Self.fsrs5))
        let expected = Scheduler(configuration: fsrs5Config).apply(review, to: before, fuzzSeed: testCard(1).schedulerSeed)
        #expect(v.fold().card(testCard(1))?.schedule == expected.state)
    }

    @Test("invalid parameters keep the old ones; a retention change lengthens later intervals")
    func invalidParametersAndRetention() throws {
        var v = VocabularyScript(configuration: .plainModel)
        v.deck(1, at: utc(2026, 3, 1, 8, 0))
        for n in 1...2 { v.card(UInt64(n), deck: 1, at: utc(2026, 3, 1, 8, n)) }
        var outOfBounds = FSRSParameters.fsrs6Default.weights.map(Double.init)
        outOfBounds[4] = 0.5 // w4 must lie in 1 … 10
        v.setting(.schedulerParametersChanged(SchedulerParametersChanged(parameters: try SchedulerParameters(outOfBounds))),
                  at: utc(2026, 3, 1, 8, 30))
        v.review(1, .easy, at: utc(2026, 3, 1, 9, 0))
        // Still FSRS-6: S0(Easy) = w3 = 8.2956 → 8 days at retention 0.9.
        #expect(v.fold().card(testCard(1))?.schedule?.intervalDays == 8)
        v.setting(.desiredRetentionChanged(DesiredRetentionChanged(retention: try DesiredRetention(0.8))),
                  at: utc(2026, 3, 1, 9, 30))
        v.review(2, .easy, at: utc(2026, 3, 1, 10, 0))
        let state = v.fold()
        // I = S/factor·(0.8^(1/decay) − 1) with decay −0.1542, factor 0.9^(−1/0.1542) − 1 = 0.97946:
        // 0.8^(−6.48508) = 4.25375, so I = 8.2956 · 3.25375 / 0.97946 = 27.558 → 28 days.
        #expect(state.card(testCard(2))?.schedule?.intervalDays == 28)
        #expect(state.card(testCard(1))?.schedule?.intervalDays == 8)
    }
}
