import Testing
import TestSupport
@testable import FSRS

/// Retrievability, intervals and the state limits, beyond the reference vectors.
@Suite struct MemoryModelTests {
    static let models = [MemoryModel(parameters: .fsrs6Default), MemoryModel(parameters: .fsrs5Default)]

    @Test func documentedRetrievabilityExamples() {
        let six = Self.models[0]
        #expect(abs(six.retrievability(elapsedDays: 1, stability: 10) - 0.98568) < 1e-5)
        #expect(abs(six.retrievability(elapsedDays: 100, stability: 10) - 0.69283) < 1e-5)
        #expect(abs(six.factor - 0.9803464944) < 1e-6)
        #expect(abs(Self.models[1].retrievability(elapsedDays: 1, stability: 10) - 0.98847) < 1e-5)
    }

    /// R(S, S) = 0.9, and R at the raw interval for r is r: the interval is where the curve
    /// meets the desired retention. Property-style over seeded stabilities.
    @Test(arguments: 0..<50)
    func retrievabilityMeetsTheDesiredRetentionAtTheRawInterval(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let s = Float.random(in: 0.01...30000, using: &random)
        let r = Float.random(in: 0.7...0.97, using: &random)
        for model in Self.models {
            #expect(abs(model.retrievability(elapsedDays: s, stability: s) - 0.9) < 1e-5)
            let interval = model.intervalRaw(stability: s, desiredRetention: r)
            #expect(abs(model.retrievability(elapsedDays: interval, stability: s) - r) < 1e-4)
            #expect(abs(model.intervalRaw(stability: s, desiredRetention: 0.9) - s) <= 1e-5 * max(1, s))
        }
    }

    /// The first whole day on which R has fallen to r: by hand, I(S, 0.9) = S, so S = 2.3065 gives
    /// 3 (R(2) = 0.90949, R(3) = 0.88095) and S = 8.2956 gives 9; I(100, 0.97) =
    /// 100/0.98035·(0.97^(−1/0.1542) − 1) = 22.28 gives 23; a tiny S gives 1.
    @Test(arguments: [(Float(2.3065), Float(0.9), Int64(3)), (8.2956, 0.9, 9), (0.001, 0.9, 1), (100, 0.97, 23)])
    func daysUntilRetrievabilityFalls(stability: Float, retention: Float, days: Int64) {
        let model = Self.models[0]
        #expect(model.daysUntilRetrievability(fallsTo: retention, stability: stability) == days)
    }

    /// It is the least whole day d ≥ 1 with R(d) ≤ r, for seeded stabilities and retentions.
    @Test(arguments: 0..<50)
    func daysUntilRetrievabilityIsTheFirstDayAtOrBelow(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let s = Float.random(in: 0.01...3000, using: &random)
        let r = Float.random(in: 0.7...0.97, using: &random)
        for model in Self.models {
            let days = model.daysUntilRetrievability(fallsTo: r, stability: s)
            #expect(days >= 1)
            #expect(model.retrievability(elapsedDays: Float(days), stability: s) <= r)
            if days > 1 { #expect(model.retrievability(elapsedDays: Float(days - 1), stability: s) > r) }
        }
    }

    @Test(arguments: [(Float(0.4), 1), (0.5, 1), (1.49, 1), (1.5, 2), (2.5, 3), (36499.4, 36499), (36499.5, 36500),
                      (121032.46, 36500)])
    func intervalsRoundHalfAwayFromZeroAndClamp(raw: Float, days: Int) {
        #expect(MemoryModel.roundAndClamp(raw, maximumInterval: 36500) == days)
        #expect(MemoryModel.roundAndClamp(raw, maximumInterval: 100) == min(days, 100))
    }

    @Test func thirtyEasyReviewsOnScheduleHitTheStabilityCeiling() {
        for model in Self.models {
            var state: MemoryState? = nil
            var elapsed = 0
            for _ in 0..<30 {
                state = model.nextState(from: state, rating: .easy, elapsedDays: elapsed)
                elapsed = model.intervalDays(stability: state!.stability, desiredRetention: 0.9)
                #expect(state!.stability <= 36500)
                #expect(elapsed <= 36500)
            }
            #expect(state?.stability == 36500)
            #expect(state?.difficulty == 1)
            #expect(model.intervalDays(stability: 36500, desiredRetention: 0.8) == 36500)
            #expect(model.intervalDays(stability: 36500, desiredRetention: 0.8, maximumInterval: 3650) == 3650)
        }
    }

    @Test func manyAgainsKeepStateInsideItsBounds() {
        for model in Self.models {
            var state: MemoryState? = nil
            for index in 0..<40 {
                state = model.nextState(from: state, rating: .again, elapsedDays: index % 3)
                #expect(MemoryState.stabilityRange.contains(state!.stability))
                #expect(MemoryState.difficultyRange.contains(state!.difficulty))
            }
            #expect(state!.difficulty > 9.5) // mean reversion keeps it just below 10
        }
    }

    @Test func sameDayReviewsNeverLowerStabilityExceptAgain() {
        let model = Self.models[0]
        let start = MemoryState(stability: 5, difficulty: 5)
        for rating in [FSRSRating.hard, .good, .easy] {
            #expect(model.nextState(from: start, rating: rating, elapsedDays: 0).stability >= 5)
        }
        #expect(model.nextState(from: start, rating: .again, elapsedDays: 0).stability < 5)
        // A lapse never raises stability above S / exp(w17·w18).
        let lapse = model.nextState(from: start, rating: .again, elapsedDays: 3)
        #expect(lapse.stability <= 5 / FloatMath.exp(0.5425 * 0.0912))
    }

    @Test func longGapsLowerRetrievabilityAndRaiseStabilityOnRecall() {
        let model = Self.models[0]
        let start = MemoryState(stability: 10, difficulty: 5)
        let soon = model.nextState(from: start, rating: .good, elapsedDays: 5)
        let late = model.nextState(from: start, rating: .good, elapsedDays: 3650)
        #expect(late.stability > soon.stability)
        #expect(model.retrievability(elapsedDays: 3650, stability: 10) < 0.45)
    }

    @Test func incomingStateIsClampedAsFsrsRsDoes() {
        let model = Self.models[0]
        let wild = model.nextState(from: MemoryState(stability: 1e9, difficulty: 42), rating: .good, elapsedDays: 1)
        let tame = model.nextState(from: MemoryState(stability: 36500, difficulty: 10), rating: .good, elapsedDays: 1)
        #expect(wild == tame)
    }
}
