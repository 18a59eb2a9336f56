import Foundation
import Testing
import TestSupport
@testable import FSRS

/// The optimizer's rules on small, hand-made and seeded histories.
@Suite struct OptimizerTests {
    @Test(arguments: 0..<3 as Range<UInt64>)
    func fitIsDeterministicAndWithinBounds(seed: UInt64) throws {
        let set = TrainingSet(cards: CardGradientTests.randomCards(seed: seed, count: 300))
        for model in OptimizerConfiguration.Model.allCases {
            let configuration = OptimizerConfiguration(model: model)
            let first = try Optimizer.fit(set, configuration: configuration)
            let second = try Optimizer.fit(set, configuration: configuration)
            #expect(first.map(\.bitPattern) == second.map(\.bitPattern))
            #expect(first.count == model.parameterCount)
            let parameters = try FSRSParameters(first)   // within every bound
            if model == .fsrs5 { #expect(Array(parameters.weights[19...]) == [0, 0.5]) }
        }
    }

    @Test func fewerThanEightItemsGiveTheDefaults() throws {
        let reviews: [TrainingCard.Review] = (0..<8).map { .init(rating: 3, elapsedDays: $0 == 0 ? 0 : 3, timeMs: Int64($0)) }
        let set = TrainingSet(cards: [TrainingCard(cardID: 1, reviews: reviews)])
        #expect(set.items.count == 7)
        #expect(try Optimizer.fit(set) == FSRSParameters.fsrs6Default.weights)
        #expect(try Optimizer.fit(set, configuration: .init(model: .fsrs5)) == Array(FSRSParameters.fsrs5Default.weights[..<19]))
    }

    @Test func badConfigurationIsRefused() {
        let set = TrainingSet(cards: [])
        #expect(throws: OptimizerError(code: .invalidConfiguration, message: "invalid optimizer configuration: "
                                        + "batch size and max sequence length must be positive, epochs not negative, rates finite")) {
            try Optimizer.fit(set, configuration: .init(batchSize: 0))
        }
    }

    /// Items are the reviews on a later day than the one before; same-day reviews stay in the
    /// history only; items are ordered by time, then card, then position.
    @Test func itemsAreLaterDayReviewsInTimeOrder() {
        let day: Int64 = 86_400_000
        let a = TrainingCard(cardID: 7, history: [
            ReviewRecord(rating: .again, timeMs: 10 * day + 5 * 3_600_000),
            ReviewRecord(rating: .good, timeMs: 10 * day + 6 * 3_600_000),     // same day: no item
            ReviewRecord(rating: .good, timeMs: 12 * day + 5 * 3_600_000),     // 2 days: item
            ReviewRecord(rating: .good, timeMs: 12 * day + 6 * 3_600_000, mode: .cram),   // not counted
            ReviewRecord(rating: .hard, timeMs: 13 * day + 3 * 3_600_000),     // before 04:00: same local day
        ], dayStartHour: 4)
        #expect(a.reviews.map(\.elapsedDays) == [0, 0, 2, 0])
        let b = TrainingCard(cardID: 3, reviews: [.init(rating: 3, elapsedDays: 0, timeMs: 0),
                                                   .init(rating: 3, elapsedDays: 1, timeMs: 12 * day + 5 * 3_600_000)])
        let set = TrainingSet(cards: [a, b])
        #expect(set.items == [TrainingItem(card: 0, position: 2), TrainingItem(card: 1, position: 1)])
    }

    @Test(arguments: [(0, 0.04), (1, 0.03999), (50, 0.02), (100, 0.0)])
    func learningRateFollowsTheCosine(step: Int, expected: Double) {
        var schedule = CosineAnnealingSchedule(totalSteps: 100, initialRate: 0.04)
        var rate = 0.0
        for _ in 0...step { rate = schedule.next() }
        #expect(abs(rate - 0.02 * (1 + cos(Double.pi * Double(step) / 100))) < 1e-12)
        #expect(abs(rate - expected) < 1e-5)
    }

    @Test(arguments: [
        // (stabilities by rating, counts, expected w0…w3)
        ([1: 1.0, 2: 2.0, 3: 3.0, 4: 4.0], [1: 5, 2: 5, 3: 5, 4: 5], [1, 2, 3, 4] as [Float]),
        // Out of order: the rating with more items wins.
        ([1: 1.0, 2: 5.0, 3: 3.0, 4: 9.0], [1: 5, 2: 50, 3: 5, 4: 5], [1, 5, 5, 9]),
        // Three known: the missing one from its neighbours in log space, w4 = r2^(1 − 1/0.54)·r3^(1/0.54) = 2^2.8519.
        ([1: 1.0, 2: 2.0, 3: 4.0], [1: 5, 2: 5, 3: 5], [1, 2, 4, 7.2187]),
        // One known: the defaults scaled to it.
        ([3: 4.613], [3: 9], [0.424, 2.5862, 4.613, 16.5912]),
    ] as [([UInt8: Float], [UInt8: Int], [Float])])
    func initialStabilitiesAreOrderedAndFilled(stabilities: [UInt8: Float], counts: [UInt8: Int], expected: [Float]) throws {
        let filled = try InitialStabilityFill.fill(stabilities, counts: counts, defaults: .fsrs6Default)
        for (value, want) in zip(filled, expected) { #expect(abs(value - want) < 1e-3 * max(1, want), "\(filled)") }
    }
}
