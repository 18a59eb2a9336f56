import FSRS
import Testing
@testable import Hindsight

/// A counted review's byte keeps exactly what the two rules answer: true retention's maturity and
/// pass (``TrueRetentionRule``) and the answer buttons' age and rating (``AnswerButtons``), for
/// every mode, rating and state before (new, in a step, young and mature at the threshold).
@Suite struct CountedAnswerTests {
    static func state(_ phase: CardPhase, interval: Int) -> CardState {
        CardState(memory: MemoryState(stability: 3, difficulty: 5), phase: phase, step: 0, reps: 2, lapses: 0,
                  lastReviewMs: 0, lastReviewDay: 0, intervalDays: interval, dueMs: 0)
    }

    static let befores: [CardState?] = [
        nil, state(.learning, interval: 0), state(.relearning, interval: 30), state(.review, interval: 1),
        state(.review, interval: TrueRetentionRule.matureIntervalDays - 1), state(.review, interval: TrueRetentionRule.matureIntervalDays),
        state(.review, interval: 400),
    ]

    @Test(arguments: ReviewMode.allCases, Rating.allCases)
    func keepsWhatTheRulesAnswer(mode: ReviewMode, rating: Rating) {
        for before in Self.befores {
            let answer = CountedAnswer(mode: mode, rating: rating, before: before)
            let maturity = TrueRetentionRule.maturity(mode: mode, before: before)
            let age = AnswerButtons.age(mode: mode, before: before)
            #expect(answer.retention?.maturity == maturity)
            #expect(answer.retention?.passed == maturity.map { _ in TrueRetentionRule.passes(rating) })
            #expect(answer.button?.age == age)
            #expect(answer.button?.rating == age.map { _ in rating })
            #expect(answer.counts == (maturity != nil || age != nil))
        }
    }
}
