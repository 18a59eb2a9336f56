import Foundation

/// Pretraining of the initial stabilities w0 … w3 (fsrs-rs `initialize_stability_parameters`):
/// for each first rating, the stability whose forgetting curve best fits the recall observed at
/// each first interval, then ordered and filled for the ratings with no data
/// (``InitialStabilityFill``).
///
/// The fit minimises, by ternary search over [0.001, 100], the count-weighted log loss of the
/// default curve against the recall per interval (Laplace-smoothed towards the average recall)
/// plus |S − S_default|/16.
enum InitialStabilityFit {
    /// The fitted w0 … w3 and how many pretraining items each first rating had.
    /// - Throws: ``OptimizerError`` `notEnoughData` when there is no item to fit on.
    static func fit(items: [TrainingItem], in set: TrainingSet, averageRecall: Float,
                    defaults: FSRSParameters) throws(OptimizerError) -> (stabilities: [Float], counts: [UInt8: Int]) {
        // first rating → elapsed days → (recalled, count)
        var groups: [UInt8: [Int32: (recalled: Int, count: Int)]] = [:]
        for item in items {
            let current = set.current(item)
            var tally = groups[set.firstRating(item), default: [:]][current.elapsedDays, default: (0, 0)]
            tally.recalled += current.rating > 1 ? 1 : 0
            tally.count += 1
            groups[set.firstRating(item), default: [:]][current.elapsedDays] = tally
        }
        let decay = -Double(defaults.weights[20])
        let factor = pow(0.9, 1 / decay) - 1
        var stabilities: [UInt8: Float] = [:]
        var counts: [UInt8: Int] = [:]
        for (rating, byInterval) in groups {
            let points = byInterval.sorted { $0.key < $1.key }.map { entry in
                let count = Double(entry.value.count)
                let recall = Double(entry.value.recalled) / count
                return Point(elapsedDays: Double(entry.key), recall: (recall * count + Double(averageRecall)) / (count + 1),
                             count: count)
            }
            counts[rating] = byInterval.values.reduce(0) { $0 + $1.count }
            stabilities[rating] = search(points, defaultStability: Double(defaults.weights[Int(rating) - 1]),
                                         decay: decay, factor: factor)
        }
        return (try InitialStabilityFill.fill(stabilities, counts: counts, defaults: defaults), counts)
    }

    struct Point {
        var elapsedDays: Double
        var recall: Double
        var count: Double
    }

    /// Ternary search for the stability of least loss on [0.001, 100].
    static func search(_ points: [Point], defaultStability: Double, decay: Double, factor: Double) -> Float {
        func loss(_ stability: Double) -> Double {
            var sum = 0.0
            for point in points {
                let predicted = pow(point.elapsedDays / stability * factor + 1, decay)
                sum += -(point.recall * log(predicted) + (1 - point.recall) * log(1 - predicted)) * point.count
            }
            return sum + abs(stability - defaultStability) / 16
        }
        var low = Double(InitialStabilityFill.lowest)
        var high = Double(InitialStabilityFill.highest)
        var best = defaultStability
        var iteration = 0
        while high - low > Double.ulpOfOne && iteration < 1000 {
            iteration += 1
            let third1 = low + (high - low) / 3
            let third2 = high - (high - low) / 3
            // Once the thirds round onto the ends, every further step is the same no-op (fsrs-rs
            // runs them to its 1000-step limit, since its ε is below the spacing of doubles near
            // most stabilities): stopping here gives the same result, bit for bit.
            if third1 == low && third2 == high { break }
            if loss(third1) < loss(third2) { high = third2 } else { low = third1 }
            best = (high + low) / 2
        }
        return Float(best)
    }
}
