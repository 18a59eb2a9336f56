import Foundation

/// How well parameters predict a history, as fsrs-rs's `evaluate` measures it: over every
/// training item (no outlier filter), recency-weighted, the log loss (weighted binary
/// cross-entropy of recall) and RMSE(bins) (the weighted root-mean-square gap between the mean
/// predicted and the observed recall in bins of interval, review count and lapse count).
public struct ModelEvaluation: Sendable, Hashable {
    /// The weighted log loss.
    public var logLoss: Double
    /// RMSE(bins).
    public var rmseBins: Double
    /// How many items were evaluated.
    public var items: Int

    /// The evaluation of `parameters` on `set`'s items; nil when there are none.
    /// - Complexity: O(reviews).
    public static func evaluate(_ parameters: FSRSParameters, on set: TrainingSet) -> ModelEvaluation? {
        guard !set.items.isEmpty else { return nil }
        let model = MemoryModel(parameters: parameters)
        // Per card, the predicted retrievability at each position.
        let predictions = set.cards.map { card -> [Float] in
            var state: MemoryState?
            var result = [Float](repeating: 1, count: card.reviews.count)
            for (position, review) in card.reviews.enumerated() {
                if let current = state, review.elapsedDays > 0 {
                    let s = min(max(current.stability, 0.001), 36500)
                    result[position] = model.retrievability(elapsedDays: Float(review.elapsedDays), stability: s)
                }
                state = model.nextState(from: state, rating: FSRSRating(rawValue: Int(review.rating)) ?? .again,
                                        elapsedDays: Int(review.elapsedDays))
            }
            return result
        }
        var loss = 0.0, weightSum = 0.0
        var bins: [Bin: Tally] = [:]
        for (index, item) in set.items.enumerated() {
            let weight = Double(recencyWeight(index: index, count: set.items.count))
            let p = Double(predictions[Int(item.card)][Int(item.position)])
            let y: Double = set.current(item).rating > 1 ? 1 : 0
            loss += (y * Foundation.log(p) + (1 - y) * Foundation.log(1 - p)) * weight
            weightSum += weight
            bins[Bin(item, in: set), default: Tally()].add(predicted: p, actual: y, weight: weight)
        }
        var squares = 0.0, binWeights = 0.0
        for tally in bins.sorted(by: { $0.key < $1.key }).map(\.value) {
            let gap = tally.predicted / tally.count - tally.actual / tally.count
            squares += gap * gap * tally.weight
            binWeights += tally.weight
        }
        return ModelEvaluation(logLoss: -loss / weightSum, rmseBins: (squares / binWeights).squareRoot(),
                               items: set.items.count)
    }

    /// fsrs-rs's bin of an item (`r_matrix_index`): its interval, its count of reviews on later
    /// days plus one, and its earlier lapses on later days, each on a log scale.
    struct Bin: Hashable, Comparable {
        var interval: UInt32
        var length: UInt32
        var lapses: UInt32

        init(_ item: TrainingItem, in set: TrainingSet) {
            func bucket(_ x: Double, scale: Double, base: Double) -> UInt32 {
                UInt32((scale * Foundation.pow(base, (Foundation.log(x) / Foundation.log(base)).rounded(.down))).rounded())
            }
            interval = UInt32((2.48 * Foundation.pow(3.62, (Foundation.log(Double(set.current(item).elapsedDays)) / Foundation.log(3.62)).rounded(.down)) * 100).rounded())
            length = bucket(Double(set.longTermCount(item) + 1), scale: 1.99, base: 1.89)
            let history = set.reviews(item)[..<Int(item.position)]
            let lapses = history.reduce(0) { $0 + ($1.rating == 1 && $1.elapsedDays > 0 ? 1 : 0) }
            self.lapses = lapses == 0 ? 0 : bucket(Double(lapses), scale: 1.65, base: 1.73)
        }

        static func < (a: Bin, b: Bin) -> Bool {
            (a.interval, a.length, a.lapses) < (b.interval, b.length, b.lapses)
        }
    }

    struct Tally {
        var predicted = 0.0, actual = 0.0, count = 0.0, weight = 0.0
        mutating func add(predicted p: Double, actual y: Double, weight w: Double) {
            predicted += p
            actual += y
            count += 1
            weight += w
        }
    }
}
