import Foundation
import Testing
import TestSupport
@testable import FSRS

/// Every card of the fsrs-rs 6.6.2 reference vectors, review by review.
@Suite struct ReferenceVectorTests {
    let model = MemoryModel(parameters: .fsrs6Default)

    @Test func fixtureHasTwentyCardsAndTheDefaultParameters() throws {
        let vectors = try ReferenceVectors.load()
        #expect(vectors.cards.count == 20)
        #expect(vectors.parameters_effective.map { Float($0) } == FSRSParameters.fsrs6Default.weights)
        #expect(try FSRSParameters(vectors.parameters_input).weights == FSRSParameters.fsrs6Default.weights)
    }

    @Test(arguments: ReferenceVectors.cards)
    func statesAndIntervalsMatchAfterEveryReview(card: ReferenceVectors.Card) throws {
        var state: MemoryState?
        for (index, review) in card.reviews.enumerated() {
            let rating = try #require(FSRSRating(rawValue: review.rating))
            if let expected = review.retrievability, let before = state {
                let r = model.retrievability(elapsedDays: Float(review.delta_t), stability: before.stability)
                #expect(abs(Double(r) - expected) <= 1e-6, "review \(index): R")
            }
            let next = model.nextState(from: state, rating: rating, elapsedDays: review.delta_t)
            let s = Double(next.stability), d = Double(next.difficulty)
            #expect(abs(s - review.stability) <= 1e-4 * max(1, review.stability), "review \(index): S \(s) vs \(review.stability)")
            #expect(abs(d - review.difficulty) <= 1e-4, "review \(index): D \(d) vs \(review.difficulty)")
            for retention in [0.8, 0.9, 0.95] {
                let key = ReferenceVectors.key(retention)
                let days = model.intervalDays(stability: next.stability, desiredRetention: Float(retention))
                let expectedDays = try #require(review.interval_days[key])
                if review.interval_near_tie[key] == true {
                    #expect(abs(days - expectedDays) <= 1, "review \(index): interval at \(key)")
                } else {
                    #expect(days == expectedDays, "review \(index): interval at \(key)")
                }
            }
            state = next
        }
    }

    @Test(arguments: ReferenceVectors.cards)
    func nextStatesMatch(card: ReferenceVectors.Card) throws {
        var state: MemoryState?
        for review in card.reviews {
            state = model.nextState(from: state, rating: try #require(FSRSRating(rawValue: review.rating)),
                                    elapsedDays: review.delta_t)
        }
        for entry in card.next_states {
            let states = model.nextStates(from: state, desiredRetention: 0.9, elapsedDays: entry.days_elapsed)
            let pairs: [(FSRSRating, ReferenceVectors.Outcome)] = [(.again, entry.again), (.hard, entry.hard),
                                                               (.good, entry.good), (.easy, entry.easy)]
            for (rating, expected) in pairs {
                let got = states[rating]
                let s = Double(got.memory.stability)
                #expect(abs(s - expected.stability) <= 1e-4 * max(1, expected.stability),
                        "\(rating) after \(entry.days_elapsed) days: S")
                #expect(abs(Double(got.memory.difficulty) - expected.difficulty) <= 1e-4,
                        "\(rating) after \(entry.days_elapsed) days: D")
                #expect(abs(Double(got.intervalRaw) - expected.interval_raw) <= 1e-4 * max(1, expected.interval_raw),
                        "\(rating) after \(entry.days_elapsed) days: raw interval")
            }
        }
    }

    /// fsrs-rs computes in f32 with glibc's libm; this implementation does the same in the
    /// same order, so every value should be bit-identical (checked on Linux, where the C
    /// library is the one fsrs-rs used).
    @Test func everyValueIsBitExact() throws {
        let vectors = try ReferenceVectors.load()
        var exact = 0, total = 0
        var mismatches: [String] = []
        func check(_ got: Float, _ expected: Double, _ what: @autoclosure () -> String) {
            total += 1
            if got == Float(expected) { exact += 1 } else { mismatches.append("\(what()): \(got) vs \(Float(expected))") }
        }
        for card in vectors.cards {
            var state: MemoryState?
            for (index, review) in card.reviews.enumerated() {
                let rating = try #require(FSRSRating(rawValue: review.rating))
                if let expected = review.retrievability, let before = state {
                    check(model.retrievability(elapsedDays: Float(review.delta_t), stability: before.stability),
                          expected, "card \(card.card_id) review \(index) R")
                }
                let next = model.nextState(from: state, rating: rating, elapsedDays: review.delta_t)
                check(next.stability, review.stability, "card \(card.card_id) review \(index) S")
                check(next.difficulty, review.difficulty, "card \(card.card_id) review \(index) D")
                for (key, raw) in review.interval_raw {
                    check(model.intervalRaw(stability: next.stability, desiredRetention: Float(Double(key)!)),
                          raw, "card \(card.card_id) review \(index) I(\(key))")
                }
                state = next
            }
            for entry in card.next_states {
                let states = model.nextStates(from: state, desiredRetention: 0.9, elapsedDays: entry.days_elapsed)
                for (rating, expected) in [(FSRSRating.again, entry.again), (.hard, entry.hard), (.good, entry.good), (.easy, entry.easy)] {
                    check(states[rating].memory.stability, expected.stability, "card \(card.card_id) next \(rating) S")
                    check(states[rating].memory.difficulty, expected.difficulty, "card \(card.card_id) next \(rating) D")
                    check(states[rating].intervalRaw, expected.interval_raw, "card \(card.card_id) next \(rating) I")
                }
            }
        }
        print("FSRS reference vectors: \(exact) of \(total) values bit-exact")
        #if os(Linux)
        #expect(mismatches.isEmpty, "\(mismatches.count) not bit-exact, first: \(mismatches.prefix(5))")
        #endif
    }
}
