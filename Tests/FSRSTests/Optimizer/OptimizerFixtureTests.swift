import Foundation
import Testing
import TestSupport
@testable import FSRS

/// The optimizer against fsrs-rs on a simulated history (`Tests/Fixtures/optimizer`: the revlog,
/// the script that simulated it, and fsrs-rs 6.6.2's fitted parameters and metrics from
/// `make_reference.py`).
@Suite struct OptimizerFixtureTests {
    struct Reference: Decodable {
        let parameters: [Double]
        let items: Int
        let log_loss: Double
        let rmse_bins: Double
        let default_log_loss: Double
        let default_rmse_bins: Double
        let pretrained_initial_stability: [Double]
    }

    static func load() throws -> (TrainingSet, Reference) {
        let text = String(decoding: try Fixtures.data("optimizer/revlog-full.csv"), as: UTF8.self)
        let histories = RevlogHistory.histories(from: try RevlogCSV.parse(text), utcOffsetMinutes: 0)
        let reference = try JSONDecoder().decode(Reference.self, from: Fixtures.data("optimizer/reference-full.json"))
        return (TrainingSet(cards: TrainingCard.cards(from: histories, dayStartHour: 4)), reference)
    }

    @Test func fittedLogLossIsWithinTwoPerMilleOfFsrsRsAndRunsRepeatExactly() throws {
        let (set, reference) = try Self.load()
        let first = try Optimizer.fit(set)
        let second = try Optimizer.fit(set)
        #expect(first.map(\.bitPattern) == second.map(\.bitPattern))
        #expect(first.count == 21)
        let ours = try #require(ModelEvaluation.evaluate(try FSRSParameters(first), on: set))
        #expect(ours.logLoss <= reference.log_loss * 1.002, "ours \(ours.logLoss), fsrs-rs \(reference.log_loss)")
    }

    /// fsrs-rs sums in `Float`, we in `Double`: the metrics agree to the rounding of its sums.
    @Test func evaluationAgreesWithFsrsRs() throws {
        let (set, reference) = try Self.load()
        #expect(set.items.count == reference.items)
        let defaults = try #require(ModelEvaluation.evaluate(.fsrs6Default, on: set))
        #expect(abs(defaults.logLoss - reference.default_log_loss) < 1e-5)
        #expect(abs(defaults.rmseBins - reference.default_rmse_bins) < 1e-5)
        let theirs = try #require(ModelEvaluation.evaluate(try FSRSParameters(reference.parameters), on: set))
        #expect(abs(theirs.logLoss - reference.log_loss) < 1e-5)
        #expect(abs(theirs.rmseBins - reference.rmse_bins) < 1e-5)
    }

    @Test func pretrainingGivesFsrsRsInitialStabilities() throws {
        let (set, reference) = try Self.load()
        let pretrained = try Optimizer.fit(set, configuration: OptimizerConfiguration(epochs: 0))
        #expect(Array(pretrained[..<4]) == reference.pretrained_initial_stability.map { Float($0) })
        #expect(Array(pretrained[4...]) == Array(FSRSParameters.fsrs6Default.weights[4...]))
    }
}
