import Events
import FSRS
import Testing
@testable import Projections

/// The distributions of a hand-made history, every number worked out by hand from the FSRS-6
/// defaults (FORMULAS.md 1.2, 3, 4), and the histogram's median.
@Suite struct CardDistributionsTests {
    /// Deck 0: four cards first reviewed on 1 March at noon (UTC), again, hard, good and easy, and
    /// one new card; deck 1: a card reviewed easy and suspended (counted) and one reviewed good and
    /// deleted (left out). Without steps or fuzz: S0 = w0 … w3, D0(G) = w4 − e^(w5·(G−1)) + 1
    /// clamped into [1, 10], interval = round(S0) at least 1.
    static func history() -> VocabularyScript {
        var script = VocabularyScript(configuration: .plainModel)
        script.deck(0, at: utc(2026, 2, 28))
        script.deck(1, at: utc(2026, 2, 28))
        for n: UInt64 in 0...4 { script.card(n, deck: 0, at: utc(2026, 2, 28, 12)) }
        for n: UInt64 in 5...6 { script.card(n, deck: 1, at: utc(2026, 2, 28, 12)) }
        for (n, rating) in zip(UInt64(0)..., [Rating.again, .hard, .good, .easy]) { script.review(n, rating, at: utc(2026, 3, 1, 12)) }
        script.review(5, .good, at: utc(2026, 3, 1, 12))
        script.review(6, .easy, at: utc(2026, 3, 1, 12))
        script.record(.cardDeleted(CardDeleted(card: testCard(5))), card: 5, at: utc(2026, 3, 2))
        script.record(.cardSuspended(CardSuspended(card: testCard(6))), card: 6, at: utc(2026, 3, 2))
        return script
    }

    /// Ten days after the reviews: R(10, S) = (1 + factor·10/S)^(−w20), factor = 0.9^(−1/w20) − 1
    /// = 0.98035 (w20 = 0.1542).
    static let asked = EventTime(instant: utc(2026, 3, 11, 12), utcOffset: .zero)

    /// A measure of deck 0: its bucket counts, median and mean.
    struct Expected: Sendable, CustomTestStringConvertible {
        let measure: String
        let histogram: @Sendable (CardDistributions) -> CardDistributions.Histogram
        let counts: [Int]
        let median: Double
        let mean: Double
        var testDescription: String { measure }
    }

    static let deckZero: [Expected] = [
        // 0.212, 1.2931, 2.3065, 8.2956 days: <1, 1, 2-3, 7-13.
        Expected(measure: "stability", histogram: \.stability, counts: [1, 1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0],
                 median: (1.2931 + 2.3065) / 2, mean: (0.212 + 1.2931 + 2.3065 + 8.2956) / 4),
        // D0: 6.4133, 7.4133 − e^0.8334 = 5.11217, 7.4133 − e^1.6668 = 2.11810, 7.4133 − e^2.5002 < 1 → 1.
        Expected(measure: "difficulty", histogram: \.difficulty, counts: [1, 1, 0, 0, 1, 1, 0, 0, 0],
                 median: (2.11810 + 5.11217) / 2, mean: (6.4133 + 5.11217 + 2.11810 + 1) / 4),
        // R: 0.55185, 0.71787, 0.77437, 0.88666.
        Expected(measure: "retrievability", histogram: \.retrievability, counts: [0, 0, 1, 0, 0, 1, 1, 0, 1, 0, 0],
                 median: (0.71787 + 0.77437) / 2, mean: (0.55185 + 0.71787 + 0.77437 + 0.88666) / 4),
        // Intervals 1, 1, 2, 8 days.
        Expected(measure: "interval", histogram: \.interval, counts: [0, 2, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0], median: 1.5, mean: 3),
    ]

    @Test(arguments: deckZero)
    func handCheckedMeasuresOfOneDeck(_ expected: Expected) throws {
        let state = Self.history().fold()
        let distributions = state.cardDistributions(profile: testProfile(0), deck: testDeck(0), at: Self.asked)
        let histogram = expected.histogram(distributions)
        #expect(histogram.counts == expected.counts)
        #expect(histogram.total == 4)
        #expect(abs(try #require(histogram.median) - expected.median) < 1e-5)
        #expect(abs(try #require(histogram.mean) - expected.mean) < 1e-5)
        #expect(distributions.unreviewed == 1)
    }

    /// All decks add the suspended card of deck 1 (S 8.2956, interval 8); the deleted one and
    /// another profile's view count nothing.
    @Test func allDecksAndTheOtherDeck() {
        let state = Self.history().fold()
        let all = state.cardDistributions(profile: testProfile(0), at: Self.asked)
        #expect(all.stability.counts == [1, 1, 1, 0, 2, 0, 0, 0, 0, 0, 0, 0])
        #expect(all.interval.total == 5 && all.unreviewed == 1)
        let deckOne = state.cardDistributions(profile: testProfile(0), deck: testDeck(1), at: Self.asked)
        #expect(deckOne.interval.counts == [0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0])
        #expect(deckOne.stability.median == Double(Float(8.2956)) && deckOne.unreviewed == 0)
        let other = state.cardDistributions(profile: testProfile(1), at: Self.asked)
        #expect(other == CardDistributions())
        #expect(other.stability.median == nil && other.stability.mean == nil)
    }

    /// The median: the middle value, or the mean of the two middle ones, whatever the order counted.
    @Test(arguments: [
        ([5.0], 5.0), ([3, 1, 2], 2), ([4, 1, 3, 2], 2.5), ([10, 10, 0, 0, 7], 7),
    ] as [([Double], Double)])
    func median(values: [Double], expected: Double) {
        var histogram = CardDistributions.Histogram(edges: [0, 5])
        for value in values { histogram.count(value) }
        #expect(histogram.median == expected)
        #expect(histogram.total == values.count)
    }
}
