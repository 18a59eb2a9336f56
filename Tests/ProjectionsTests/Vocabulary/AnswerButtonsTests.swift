import Testing
import Events
import FSRS
@testable import Projections

/// Answer buttons by card age: which answers count, under which age, and the counts.
@Suite struct AnswerButtonsTests {
    static func state(_ phase: CardPhase, interval: Int) -> CardState { TrueRetentionTests.state(phase, interval: interval) }

    static let ageCases: [(ReviewMode, CardState?, AnswerAge?)] = [
        (.scheduled, nil, .learning),                                // a new card's first answer
        (.scheduled, state(.learning, interval: 0), .learning),
        (.scheduled, state(.relearning, interval: 30), .learning),   // relearning, whatever the old interval
        (.cram, nil, nil),                                           // cram never counts
        (.cram, state(.review, interval: 30), nil),
        (.scheduled, state(.review, interval: 1), .young),
        (.scheduled, state(.review, interval: 20), .young),
        (.scheduled, state(.review, interval: 21), .mature),
        (.scheduled, state(.review, interval: 400), .mature),
    ]

    @Test(arguments: ageCases)
    func whichAnswersCountAndTheirAge(mode: ReviewMode, before: CardState?, expected: AnswerAge?) {
        #expect(AnswerButtons.age(mode: mode, before: before) == expected)
    }

    @Test func countsByAgeAndRating() {
        var buttons = AnswerButtons()
        #expect(buttons.counts(at: .young) == [0, 0, 0, 0])
        #expect(buttons.passRate(at: .young) == nil)
        for (rating, age) in [(Rating.again, AnswerAge.learning), (.good, .learning), (.good, .learning), (.easy, .young),
                              (.hard, .mature), (.again, .mature), (.good, .mature), (.easy, .mature)] {
            buttons.count(rating, at: age)
        }
        #expect(buttons.counts(at: .learning) == [1, 0, 2, 0])
        #expect(buttons.counts(at: .young) == [0, 0, 0, 1])
        #expect(buttons.counts(at: .mature) == [1, 1, 1, 1])
        #expect(buttons.passRate(at: .learning) == 2.0 / 3)
        #expect(buttons.passRate(at: .mature) == 0.75)
        #expect(buttons.passRate(at: .young) == 1)
    }
}
