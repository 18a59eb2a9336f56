import Foundation
import Testing
import TestSupport
@testable import FSRS

/// The optimizer's gradient: the forward pass agrees with ``MemoryModel`` and the analytic
/// gradient with finite differences of an independent loss (computed here from MemoryModel).
@Suite struct CardGradientTests {
    /// The training loss of `data`'s cards, from MemoryModel: Σ weight·BCE(R) over the positions.
    static func loss(_ weights: [Float], _ data: TrainingBatches) -> Double {
        let model = MemoryModel(parameters: try! FSRSParameters(weights))
        var total = 0.0
        for card in 0..<data.cardStarts.count - 1 {
            var state: MemoryState?
            for p in data.cardStarts[card]..<data.cardStarts[card + 1] {
                let days = data.elapsedDays[p]
                if let s = state, days > 0, data.weights[p] > 0 {
                    let r = Double(model.retrievability(elapsedDays: days, stability: s.stability))
                    let y = Double(data.labels[p])
                    total -= Double(data.weights[p]) * (y * Foundation.log(r) + (1 - y) * Foundation.log(1 - r))
                }
                state = model.nextState(from: state, rating: FSRSRating(rawValue: Int(data.ratings[p]))!, elapsedDays: Int(days))
            }
        }
        return total
    }

    static func randomCards(seed: UInt64, count: Int) -> [TrainingCard] {
        var random = SplitMix64(seed: seed)
        func below(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        return (0..<count).map { card in
            var time: Int64 = 1_700_000_000_000
            let reviews = (0..<(3 + below(12))).map { index -> TrainingCard.Review in
                let elapsed = index == 0 ? 0 : [0, 1, 2, 3, 5, 8, 13, 30, 60][below(9)]
                time += Int64(elapsed) * 86_400_000 + 60_000
                return .init(rating: UInt8(1 + below(4)), elapsedDays: Int32(elapsed), timeMs: time)
            }
            return TrainingCard(cardID: Int64(card), reviews: reviews)
        }
    }

    @Test(arguments: 0..<4 as Range<UInt64>)
    func gradientMatchesFiniteDifferences(seed: UInt64) throws {
        let set = TrainingSet(cards: Self.randomCards(seed: seed, count: 40))
        let data = TrainingBatches(items: set.items, in: set, batchSize: 100_000, maxSequenceLength: 256)
        var w = FSRSParameters.fsrs6Default.weights
        w[7] = 0.05   // away from the clamps, where the loss is smooth
        w[19] = 0.1
        var gradient = [Double](repeating: 0, count: 21)
        var kernel = CardGradient(longestCard: data.longestCard)
        kernel.accumulate(batch: 0..<data.cardStarts.count - 1, of: data, model: TrainingModel(w), into: &gradient)
        for i in 0..<21 {
            let h = max(abs(w[i]) * 2e-3, 1e-3)
            var up = w, down = w
            up[i] += h
            down[i] -= h
            let numeric = (Self.loss(up, data) - Self.loss(down, data)) / Double(up[i] - down[i])
            let scale = max(abs(numeric), abs(gradient[i]), 1)
            #expect(abs(numeric - gradient[i]) / scale < 2e-2, "w\(i): analytic \(gradient[i]), numeric \(numeric)")
        }
    }

    /// The training forward pass computes the very `Float`s MemoryModel (bit-identical to
    /// fsrs-rs) computes: R at every later-day review and S, D after every step.
    @Test(arguments: 0..<4 as Range<UInt64>)
    func forwardPassEqualsTheMemoryModelBitForBit(seed: UInt64) throws {
        let set = TrainingSet(cards: Self.randomCards(seed: seed, count: 60))
        let data = TrainingBatches(items: set.items, in: set, batchSize: 100_000, maxSequenceLength: 256)
        var w = FSRSParameters.fsrs6Default.weights
        w[19] = 0.3
        let model = MemoryModel(parameters: try FSRSParameters(w))
        var kernel = CardGradient(longestCard: data.longestCard)
        var gradient = [Double](repeating: 0, count: 21)
        for card in 0..<data.cardStarts.count - 1 {
            kernel.accumulate(batch: card..<card + 1, of: data, model: TrainingModel(w), into: &gradient)
            var state: MemoryState?
            let positions = data.cardStarts[card]..<data.cardStarts[card + 1]
            for (t, p) in positions.enumerated() {
                let days = data.elapsedDays[p]
                if let s = state, days > 0 {
                    #expect(kernel.tape[t].r.bitPattern == model.retrievability(elapsedDays: days, stability: s.stability).bitPattern)
                }
                if t > 0 && t < positions.count - 1 {
                    #expect(kernel.tape[t].s == state?.stability && kernel.tape[t].d == state?.difficulty)
                }
                state = model.nextState(from: state, rating: FSRSRating(rawValue: Int(data.ratings[p]))!, elapsedDays: Int(days))
            }
        }
    }
}
