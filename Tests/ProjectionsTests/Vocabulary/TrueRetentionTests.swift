import Testing
import Events
import FSRS
@testable import Projections

/// True retention's rule (which reviews count, young or mature, passed or failed), its periods
/// and its tables, on hand-checked values.
@Suite struct TrueRetentionTests {
    static func state(_ phase: CardPhase, interval: Int) -> CardState {
        CardState(memory: MemoryState(stability: 10, difficulty: 5), phase: phase, step: 0, reps: 3, lapses: 0,
                  lastReviewMs: 0, lastReviewDay: 0, intervalDays: interval, dueMs: 0)
    }

    static let ruleCases: [(ReviewMode, CardState?, CardMaturity?)] = [
        (.scheduled, nil, nil),                                      // a first review tests no interval
        (.scheduled, state(.learning, interval: 0), nil),            // a learning answer
        (.scheduled, state(.relearning, interval: 0), nil),          // a relearning answer
        (.scheduled, state(.relearning, interval: 30), nil),         // relearning, whatever the old interval
        (.cram, state(.review, interval: 30), nil),                  // cram (Anki's filtered decks)
        (.cram, state(.review, interval: 3), nil),
        (.scheduled, state(.review, interval: 1), .young),
        (.scheduled, state(.review, interval: 20), .young),          // 20 days: still young
        (.scheduled, state(.review, interval: 21), .mature),         // 21 days: mature
        (.scheduled, state(.review, interval: 400), .mature),
    ]

    @Test(arguments: ruleCases)
    func whichReviewsCount(mode: ReviewMode, before: CardState?, expected: CardMaturity?) {
        #expect(TrueRetentionRule.maturity(mode: mode, before: before) == expected)
    }

    @Test(arguments: [(Rating.again, false), (.hard, true), (.good, true), (.easy, true)])
    func againFailsEveryOtherAnswerPasses(rating: Rating, passes: Bool) {
        #expect(TrueRetentionRule.passes(rating) == passes)
    }

    /// (day, period, first day of its period): 2026-11-26 is a Thursday, 2024-02-29 a leap day,
    /// 2000-01-01 a Saturday, 1969-12-31 (day -1) a Wednesday.
    static let periodCases: [(Int64, RetentionPeriod, Int64)] = [
        (20783, .day, 20783), (20783, .week, 20780), (20783, .month, 20758),
        (20780, .week, 20780), (20787, .week, 20787), (20786, .week, 20780),
        (19782, .week, 19779), (19782, .month, 19754), (19783, .month, 19783),
        (10957, .week, 10952), (10957, .month, 10957),
        (0, .week, -3), (-1, .week, -3), (-1, .month, -31), (4, .week, 4), (10, .week, 4), (11, .week, 11),
    ]

    @Test(arguments: periodCases)
    func periodsStartOnTheirFirstDay(day: Int64, period: RetentionPeriod, start: Int64) {
        #expect(period.start(ofDay: day) == start)
    }

    /// Five reviews in 1970: days 4 (Mon), 5, 6 and 11 of January and day 40 (10 February).
    static let reviews = [
        RetentionReview(day: 4, maturity: .young, passed: true),
        RetentionReview(day: 5, maturity: .young, passed: false),
        RetentionReview(day: 6, maturity: .mature, passed: true),
        RetentionReview(day: 11, maturity: .mature, passed: true),
        RetentionReview(day: 40, maturity: .young, passed: true),
    ]

    @Test(arguments: [
        (RetentionPeriod.day, [(4, RetentionTally(youngPassed: 1, youngFailed: 0, maturePassed: 0, matureFailed: 0)),
                               (5, RetentionTally(youngPassed: 0, youngFailed: 1, maturePassed: 0, matureFailed: 0)),
                               (6, RetentionTally(youngPassed: 0, youngFailed: 0, maturePassed: 1, matureFailed: 0)),
                               (11, RetentionTally(youngPassed: 0, youngFailed: 0, maturePassed: 1, matureFailed: 0)),
                               (40, RetentionTally(youngPassed: 1, youngFailed: 0, maturePassed: 0, matureFailed: 0))]),
        (.week, [(4, RetentionTally(youngPassed: 1, youngFailed: 1, maturePassed: 1, matureFailed: 0)),
                 (11, RetentionTally(youngPassed: 0, youngFailed: 0, maturePassed: 1, matureFailed: 0)),
                 (39, RetentionTally(youngPassed: 1, youngFailed: 0, maturePassed: 0, matureFailed: 0))]),
        (.month, [(0, RetentionTally(youngPassed: 1, youngFailed: 1, maturePassed: 2, matureFailed: 0)),
                  (31, RetentionTally(youngPassed: 1, youngFailed: 0, maturePassed: 0, matureFailed: 0))]),
    ] as [(RetentionPeriod, [(Int64, RetentionTally)])])
    func tablesGroupByPeriod(period: RetentionPeriod, expected: [(Int64, RetentionTally)]) {
        let table = TrueRetentionTable(Self.reviews.reversed(), by: period)
        #expect(table.rows.map(\.start) == expected.map(\.0))
        #expect(table.rows.map(\.tally) == expected.map(\.1))
        #expect(table.total == RetentionTally(youngPassed: 2, youngFailed: 1, maturePassed: 2, matureFailed: 0))
        #expect(table.total.retention == 0.8)
        #expect(table.total.youngRetention == 2.0 / 3.0)
        #expect(table.total.matureRetention == 1)
    }

    @Test func anEmptyTallyHasNoRetention() {
        let table = TrueRetentionTable([], by: .week)
        #expect(table.rows.isEmpty)
        #expect(table.total.retention == nil)
        #expect(table.total.youngRetention == nil)
        #expect(table.total.matureRetention == nil)
    }
}
