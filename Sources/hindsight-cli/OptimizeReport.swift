import Foundation
import Hindsight
import FSRS

/// What `optimize` prints: the fitted parameters and how well each parameter set predicts the
/// history.
struct OptimizeReport {
    let parameters: [Float]
    /// Training items: the reviews on a later day than the review before them.
    let reviews: Int
    let cards: Int
    let fitted: ModelEvaluation?
    let defaults: ModelEvaluation?
    let current: ModelEvaluation?

    /// `--json`: one object, keys sorted.
    struct JSON: Encodable {
        let parameters: [Float]
        let reviews: Int
        let log_loss: Double?
        let rmse_bins: Double?
        let default_log_loss: Double?
        let default_rmse_bins: Double?
        let current_log_loss: Double?
        let current_rmse_bins: Double?
        let applied: [UInt64]?
    }

    func json(applied: ClosedRange<UInt64>?) -> JSON {
        JSON(parameters: parameters, reviews: reviews, log_loss: fitted?.logLoss, rmse_bins: fitted?.rmseBins,
             default_log_loss: defaults?.logLoss, default_rmse_bins: defaults?.rmseBins,
             current_log_loss: current?.logLoss, current_rmse_bins: current?.rmseBins,
             applied: applied.map { [$0.lowerBound, $0.upperBound] })
    }

    func printText(_ io: inout StandardStreams, model: OptimizerConfiguration.Model) {
        io.print("\(model.rawValue) parameters fitted to \(reviews) reviews of \(cards) cards:")
        io.print(parameters.map { "\($0)" }.joined(separator: ", "))
        io.print("              log loss   RMSE(bins)")
        for (name, evaluation) in [("defaults", defaults), ("current", current), ("fitted", fitted)] {
            guard let evaluation else { continue }
            io.print(pad(name, 14) + pad(String(format: "%.6f", evaluation.logLoss), 11)
                     + String(format: "%.6f", evaluation.rmseBins))
        }
    }
}
