import Events
import FSRS
import Testing
@testable import Projections

/// The daily review limit (`vocabulary.reviews-per-day`): the rule on numbers, the due queue that
/// honours it and the forecast that reads it, with hand-checked numbers.
@Suite("Daily review limit")
struct DailyReviewLimitTests {
    static let me = testProfile(0)

    struct Offered: Sendable, CustomTestStringConvertible {
        let due, done: Int
        let limit: Int?
        let offered: Int
        var testDescription: String { "\(due) due, \(done) done, limit \(limit.map(String.init) ?? "none")" }
    }

    @Test("reviews offered = the due at most the limit less the reviews done, never below 0", arguments: [
        Offered(due: 30, done: 0, limit: nil, offered: 30),
        Offered(due: 30, done: 500, limit: nil, offered: 30),
        Offered(due: 30, done: 0, limit: 20, offered: 20),
        Offered(due: 30, done: 5, limit: 20, offered: 15),
        Offered(due: 10, done: 5, limit: 20, offered: 10),
        Offered(due: 30, done: 20, limit: 20, offered: 0),
        Offered(due: 30, done: 25, limit: 20, offered: 0),
        Offered(due: 30, done: 0, limit: 0, offered: 0),
        Offered(due: 0, done: 0, limit: 20, offered: 0),
    ])
    func offered(_ c: Offered) {
        #expect(DailyReviewLimit.offered(due: c.due, done: c.done, limit: c.limit) == c.offered)
    }

    @Test("only an .int in 0 … 100 000 sets a limit", arguments: [
        (SettingValue.int(0), 0), (.int(200), 200), (.int(100_000), 100_000),
        (.int(-1), nil), (.int(100_001), nil), (.string("200"), nil), (.double(200), nil), (.bool(true), nil),
    ] as [(SettingValue, Int?)])
    func settingValues(_ value: SettingValue, _ limit: Int?) {
        #expect(DailyReviewLimit(value)?.value == limit)
    }

    /// Six cards created on March 1 and first reviewed Good at 09:0n (plain model: straight into
    /// the review phase, due about two days later, in card order); on March 10 all six are
    /// overdue.
    static func sixReviewedCards() -> VocabularyScript {
        var v = VocabularyScript(configuration: .plainModel)
        v.deck(1, at: utc(2026, 3, 1, 8, 0))
        for n in 1...6 {
            v.card(UInt64(n), deck: 1, at: utc(2026, 3, 1, 8, n))
            v.review(UInt64(n), .good, at: utc(2026, 3, 1, 9, n))
        }
        return v
    }

    static func limit(_ value: SettingValue) -> DomainEvent { .settingChanged(SettingChanged(key: .reviewsPerDay, value: value)) }

    struct Queue: Sendable, CustomTestStringConvertible {
        let limit: Int64?
        /// Cards reviewed Good on March 10 at 10:0n before the noon query.
        let reviewedFirst: [UInt64]
        let due: Int
        let heldBack: Int
        let listed: [UInt64]
        var testDescription: String { "limit \(limit.map(String.init) ?? "none"), \(reviewedFirst.count) reviewed first" }
    }

    @Test("the due queue at noon offers the earliest due up to what the limit still allows", arguments: [
        Queue(limit: nil, reviewedFirst: [], due: 6, heldBack: 0, listed: [1, 2, 3, 4, 5, 6]),
        Queue(limit: 4, reviewedFirst: [], due: 4, heldBack: 2, listed: [1, 2, 3, 4]),
        // 3 counted: 4 − 3 = 1 of the 3 still due.
        Queue(limit: 4, reviewedFirst: [1, 2, 3], due: 1, heldBack: 2, listed: [4]),
        Queue(limit: 4, reviewedFirst: [1, 2, 3, 4], due: 0, heldBack: 2, listed: []),
        Queue(limit: 10, reviewedFirst: [1, 2, 3], due: 3, heldBack: 0, listed: [4, 5, 6]),
        Queue(limit: 0, reviewedFirst: [], due: 0, heldBack: 6, listed: []),
    ])
    func dueQueue(_ c: Queue) {
        var v = Self.sixReviewedCards()
        if let limit = c.limit { v.setting(Self.limit(.int(limit)), at: utc(2026, 3, 5, 8, 0)) }
        for (i, n) in c.reviewedFirst.enumerated() { v.review(n, .good, at: utc(2026, 3, 10, 10, i)) }
        let state = v.fold()
        let noon = eventTime(utc(2026, 3, 10, 12, 0))
        let queue = state.dueQueue(profile: Self.me, at: noon, limit: 10)
        #expect(queue.counts.due == c.due)
        #expect(queue.counts.reviewsHeldBack == c.heldBack)
        #expect(queue.reviews.map(\.id) == c.listed.map(testCard))
        #expect(state.dueCount(profile: Self.me, at: noon) == queue.counts)
        #expect(state.dueToday(profile: Self.me, at: noon) == c.due)
        #expect(state.reviewsCounted(profile: Self.me, at: noon) == c.reviewedFirst.count)
        // The next day the count starts again.
        let tomorrow = eventTime(utc(2026, 3, 11, 12, 0))
        #expect(state.reviewsCounted(profile: Self.me, at: tomorrow) == 0)
    }

    @Test("an undone review no longer counts; first reviews and cram reviews never do; unset lifts the limit")
    func whatCounts() {
        var v = Self.sixReviewedCards()
        v.setting(Self.limit(.int(4)), at: utc(2026, 3, 5, 8, 0))
        let first = v.review(1, .good, at: utc(2026, 3, 10, 10, 0))
        v.review(2, .good, at: utc(2026, 3, 10, 10, 1))
        v.review(3, .good, mode: .cram, at: utc(2026, 3, 10, 10, 2))
        v.card(7, deck: 1, at: utc(2026, 3, 10, 10, 3))
        v.review(7, .good, at: utc(2026, 3, 10, 10, 4))
        let noon = eventTime(utc(2026, 3, 10, 12, 0))
        #expect(v.fold().reviewsCounted(profile: Self.me, at: noon) == 2)
        // 4 still due (3, 4, 5, 6), 4 − 2 = 2 offered.
        #expect(v.fold().dueCount(profile: Self.me, at: noon).due == 2)
        v.undo(1, first, at: utc(2026, 3, 10, 10, 5))
        #expect(v.fold().reviewsCounted(profile: Self.me, at: noon) == 1)
        // 5 due (1 is due again), 4 − 1 = 3 offered.
        #expect(v.fold().dueCount(profile: Self.me, at: noon).due == 3)
        // An invalid value leaves the limit in force; unset removes it.
        v.setting(Self.limit(.string("none")), at: utc(2026, 3, 10, 11, 0))
        #expect(v.fold().dailyReviewLimit(of: Self.me) == 4)
        v.setting(.settingUnset(SettingUnset(key: .reviewsPerDay)), at: utc(2026, 3, 10, 11, 1))
        #expect(v.fold().dailyReviewLimit(of: Self.me) == nil)
        #expect(v.fold().dueCount(profile: Self.me, at: noon).due == 5)
    }

    @Test("the snapshot keeps the limits and the day's count")
    func snapshotRoundTrip() throws {
        var v = Self.sixReviewedCards()
        v.setting(Self.limit(.int(4)), at: utc(2026, 3, 5, 8, 0))
        v.review(1, .good, at: utc(2026, 3, 10, 10, 0))
        let state = v.fold()
        let bytes = encoded(state)
        let decoded = try decoded(VocabularyState.self, bytes)
        #expect(encoded(decoded) == bytes)
        #expect(decoded == state)
        #expect(decoded.reviewsCounted(profile: Self.me, at: eventTime(utc(2026, 3, 10, 12, 0))) == 1)
        #expect(decoded.dailyReviewLimit(of: Self.me) == 4)
    }

    struct Forecast: Sendable, CustomTestStringConvertible {
        let name: String
        let learning: [Int64]
        let limit: Int?
        let done: Int
        /// (due, reviews, backlog) per day.
        let days: [[Int]]
        var testDescription: String { name }
    }

    /// Reviews due on days 0, 0, 0, 1, 1, 2 of a three-day forecast.
    @Test("the forecast carries what the limit holds back and never holds back a learning card", arguments: [
        Forecast(name: "no limit", learning: [], limit: nil, done: 0, days: [[3, 3, 0], [2, 2, 0], [1, 1, 0]]),
        // Day 0: min(3, 2 − 1) = 1, 2 carried; day 1: 2 + 2 = 4, 2 offered; day 2: 2 + 1 = 3, 2 offered.
        Forecast(name: "2 a day, 1 done today", learning: [], limit: 2, done: 1, days: [[3, 1, 2], [2, 2, 2], [1, 2, 1]]),
        Forecast(name: "2 a day, learning cards on days 0 and 1", learning: [0, 1], limit: 2, done: 1,
                 days: [[4, 2, 2], [3, 3, 2], [1, 2, 1]]),
        Forecast(name: "none a day", learning: [], limit: 0, done: 0, days: [[3, 0, 3], [2, 0, 5], [1, 0, 6]]),
    ])
    func forecast(_ c: Forecast) {
        let forecast = DueForecast(dueDays: [0, 0, 0, 1, 1, 2], learningDueDays: c.learning, firstDay: 0, dayCount: 3,
                                   newCardsLeft: 0, newCardLimit: 20, newCardsToday: 0, reviewLimit: c.limit,
                                   reviewsDoneToday: c.done)
        #expect(forecast.days.map { [$0.due, $0.reviews, $0.backlog] } == c.days)
    }

    @Test("the forecast reads the profile's limit unless one is given, and its first day is the due queue's")
    func forecastReadsTheSetting() {
        var v = Self.sixReviewedCards()
        v.setting(Self.limit(.int(4)), at: utc(2026, 3, 5, 8, 0))
        v.review(1, .good, at: utc(2026, 3, 10, 10, 0))
        let state = v.fold()
        let noon = eventTime(utc(2026, 3, 10, 12, 0))
        let own = state.dueForecast(profile: Self.me, at: noon, days: 2)
        // 5 due, 4 − 1 = 3 offered, 2 carried.
        #expect(own.days[0].due == 5 && own.days[0].reviews == 3 && own.days[0].backlog == 2)
        #expect(own.days[0].reviews == state.dueToday(profile: Self.me, at: noon))
        let given = state.dueForecast(profile: Self.me, at: noon, days: 2, reviewLimit: 10)
        #expect(given.days[0].reviews == 5 && given.days[0].backlog == 0)
    }
}
