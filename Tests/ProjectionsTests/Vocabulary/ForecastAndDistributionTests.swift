import Events
import FSRS
import Testing
@testable import Projections

/// The due forecast's day-by-day rule on hand-made days, the histograms' buckets, and both
/// queries against a recomputation from every card's summary on random histories.
@Suite struct ForecastAndDistributionTests {
    /// A forecast case: due days relative to day 100, days asked, new cards left, new-card limit,
    /// new cards still allowed today, review limit; expected (due, reviews, backlog, new) per day.
    struct ForecastCase: Sendable, CustomTestStringConvertible {
        let name: String
        let due: [Int64]
        let days: Int
        let newLeft: Int, newLimit: Int, newToday: Int
        let reviewLimit: Int?
        let expected: [[Int]]
        var testDescription: String { name }
    }

    static let forecastCases: [ForecastCase] = [
        // Overdue cards (days 97, 99) count on the first day; a card past the last day is left out.
        ForecastCase(name: "overdue on day one, beyond the horizon left out", due: [97, 99, 100, 101, 101, 104], days: 3,
                     newLeft: 0, newLimit: 20, newToday: 20, reviewLimit: nil,
                     expected: [[3, 3, 0, 0], [2, 2, 0, 0], [0, 0, 0, 0]]),
        // A limit of 2: 5 due on day one leave 3, then 3+1 leave 2, then 2+0 leave 0.
        ForecastCase(name: "the review limit carries the rest over", due: [100, 100, 100, 100, 100, 101], days: 4,
                     newLeft: 0, newLimit: 0, newToday: 0, reviewLimit: 2,
                     expected: [[5, 2, 3, 0], [1, 2, 2, 0], [0, 2, 0, 0], [0, 0, 0, 0]]),
        // 25 new cards at 10 a day, 4 still allowed today: 4, 10, 10, 1, 0.
        ForecastCase(name: "new cards at the daily limit until none are left", due: [], days: 5,
                     newLeft: 25, newLimit: 10, newToday: 4, reviewLimit: nil,
                     expected: [[0, 0, 0, 4], [0, 0, 0, 10], [0, 0, 0, 10], [0, 0, 0, 1], [0, 0, 0, 0]]),
        ForecastCase(name: "a limit of zero offers nothing and keeps everything", due: [100, 102], days: 3,
                     newLeft: 5, newLimit: 0, newToday: 0, reviewLimit: 0,
                     expected: [[1, 0, 1, 0], [0, 0, 1, 0], [1, 0, 2, 0]]),
        ForecastCase(name: "no days asked", due: [100], days: 0, newLeft: 3, newLimit: 3, newToday: 3, reviewLimit: nil,
                     expected: []),
    ]

    @Test(arguments: forecastCases)
    func theForecastRule(_ example: ForecastCase) {
        let forecast = DueForecast(dueDays: example.due, firstDay: 100, dayCount: example.days, newCardsLeft: example.newLeft,
                                   newCardLimit: example.newLimit, newCardsToday: example.newToday, reviewLimit: example.reviewLimit)
        #expect(forecast.days.map { [$0.due, $0.reviews, $0.backlog, $0.newCards] } == example.expected)
        #expect(forecast.days.map(\.day) == (0..<example.days).map { 100 + Int64($0) })
    }

    /// Bucket edges are lower bounds: 0.99 is under a day, 1 and 1.5 are "1", 3.99 is "2-3",
    /// 1000 is "two years and more"; a value below every edge goes to the first bucket.
    @Test func histogramBuckets() {
        var histogram = CardDistributions.Histogram(edges: CardDistributions.dayEdges)
        for value in [0.99, 1, 1.5, 3.99, 4, 1000, -2] { histogram.count(value) }
        #expect(histogram.counts == [2, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1])
        #expect(histogram.total == 7)
        #expect(histogram.mean == (0.99 + 1 + 1.5 + 3.99 + 4 + 1000 - 2) / 7)
        #expect(CardDistributions.Histogram(edges: [0, 1]).mean == nil)
    }

    /// Two cards reviewed on 1 March and due by the 10th; one is buried on the 10th: it leaves
    /// the 10th (as the due queue leaves it out) and comes back on the 11th. A buried new card is
    /// not offered on the first day either.
    @Test func aCardBuriedTodayComesBackTomorrow() {
        var script = VocabularyScript(configuration: .plainModel, dailyNewCardLimit: 5)
        script.deck(0, at: utc(2026, 2, 28))
        for n: UInt64 in 0...2 { script.card(n, deck: 0, at: utc(2026, 2, 28, 12)) }
        script.review(0, .good, at: utc(2026, 3, 1, 12))
        script.review(1, .good, at: utc(2026, 3, 1, 12))
        let time = EventTime(instant: utc(2026, 3, 10, 12), utcOffset: .zero)
        let before = script.fold().dueForecast(profile: script.script.profile, at: time, days: 2)
        #expect(before.days.map(\.due) == [2, 0])
        #expect(before.days.map(\.newCards) == [1, 0])
        script.record(.cardBuried(CardBuried(card: testCard(1))), card: 1, at: utc(2026, 3, 10, 11))
        script.record(.cardBuried(CardBuried(card: testCard(2))), card: 2, at: utc(2026, 3, 10, 11))
        let state = script.fold()
        let after = state.dueForecast(profile: script.script.profile, at: time, days: 2)
        #expect(after.days.map(\.due) == [1, 1])
        #expect(after.days.first?.due == state.dueToday(profile: script.script.profile, at: time))
        #expect(after.days.map(\.newCards) == [0, 1])
    }

    @Test("forecast and distributions equal a recomputation from every card", arguments: 0..<6)
    func agreeWithARecomputation(seed: UInt64) {
        let state = randomVocabularyHistory(seed: seed, events: 1200).fold()
        let all = (0..<40).compactMap { state.card(testCard(UInt64($0))) }
        for profile in [testProfile(0), testProfile(1)] {
            for deck in [nil, testDeck(0), testDeck(2)] {
                for instant in [utc(2026, 1, 20, 7, 30), utc(2026, 3, 1)] {
                    let time = EventTime(instant: instant, utcOffset: .zero)
                    let today = state.calendar.day(of: time, profile: profile)
                    let live = all.filter { $0.profile == profile && !$0.isGone && (deck == nil || $0.deck == deck) }
                    let scheduled = live.filter { !$0.isSuspended && !$0.isNew }
                    let forecast = state.dueForecast(profile: profile, deck: deck, at: time, days: 30, reviewLimit: 3)
                    // A card buried today comes back tomorrow.
                    let dueDays = scheduled.map {
                        let day = state.calendar.day(of: EventTime(instant: Timestamp(milliseconds: $0.schedule!.dueMs), utcOffset: .zero),
                                                     profile: profile)
                        return state.isBuried($0.id, at: time) ? max(day, today + 1) : day
                    }
                    #expect(forecast.days.first?.due == dueDays.filter { $0 <= today }.count)
                    // The first day is what the due queue offers today.
                    #expect(forecast.days.first?.due == state.dueToday(profile: profile, deck: deck, at: time))
                    #expect(forecast.days.first?.newCards == state.dueCount(profile: profile, deck: deck, at: time).newAvailable)
                    #expect(forecast.days.map(\.due).reduce(0, +) == dueDays.filter { $0 < today + 30 }.count)
                    #expect(forecast.days.allSatisfy { $0.reviews <= 3 })
                    #expect(forecast.days.map(\.newCards).reduce(0, +) <= live.filter { !$0.isSuspended && $0.isNew }.count)

                    let distributions = state.cardDistributions(profile: profile, deck: deck, at: time)
                    let reviewed = live.compactMap(\.schedule)
                    #expect(distributions.stability.total == reviewed.count)
                    #expect(distributions.interval.counts.reduce(0, +) == reviewed.count)
                    let model = state.scheduling(of: profile).scheduler.model
                    let meanR = reviewed.isEmpty ? nil : reviewed.map {
                        Double(model.retrievability(elapsedDays: Float(max(0, today - $0.lastReviewDay)), stability: $0.memory.stability))
                    }.reduce(0, +) / Double(reviewed.count)
                    if let meanR, let mean = distributions.retrievability.mean { #expect(abs(mean - meanR) < 1e-9) }
                    else { #expect(distributions.retrievability.mean == nil && meanR == nil) }
                }
            }
        }
    }
}
