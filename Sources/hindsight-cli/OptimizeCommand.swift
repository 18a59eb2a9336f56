import Foundation
import Hindsight
import FSRS

/// `hindsight optimize`: fits FSRS parameters to a review history (a revlog CSV or a profile's
/// reviews in a store), reports how well the defaults, the current and the fitted parameters
/// predict it, and with `--apply` records the fitted ones for the profile.
struct OptimizeCommand: Command {
    static let spec = CommandSpec(
        path: ["optimize"],
        summary: "fit FSRS parameters to a review history (as fsrs-rs does) and report log loss and RMSE",
        about: """
            Fits the FSRS parameters to the history as fsrs-rs's compute_parameters does (one training
            item per review on a later day than the one before it; pretrained initial stabilities;
            5 epochs of Adam on mini-batches; a fixed seed, so the same history always gives the same
            parameters) and prints them with the log loss and RMSE(bins) of the defaults, the current
            parameters and the fitted ones on the same items. Give exactly one of --revlog and --data-dir.
            """,
        options: [
            .value("revlog", "FILE", "a revlog CSV (card_id,review_time,review_rating,review_state,review_duration)"),
            .value("data-dir", "DIR", "a store's directory: the reviews of one profile"),
            .value("profile", "ID", "the profile (a UUID); may be left out when the store has one"),
            .value("parameters", "MODEL", "the model to fit: fsrs6 (21 parameters, default) or fsrs5 (19)"),
            .value("day-start-hour", "H", "the local hour a new day starts, 0-23 (default: the profile's day cut-off "
                   + "in a store, 4 for a revlog)"),
            .value("utc-offset-minutes", "M", "the learner's UTC offset for a revlog (default 0; a store records each "
                   + "review's own offset)"),
            .json("print one JSON object: parameters, reviews, log_loss, rmse_bins, default_log_loss, default_rmse_bins "
                  + "(and current_log_loss, current_rmse_bins and applied in a store)"),
            .flag("apply", "record the fitted parameters for the profile (store only; the store must not be running)"),
        ],
        notes: """
            "reviews" counts the reviews the fit predicts: those on a later local day than the review
            before them (same-day reviews shape the memory state but are not predicted).
            """)

    enum Source: Equatable {
        case revlog(String)
        case store(directory: String, profile: ProfileID?)
    }

    let source: Source
    let model: OptimizerConfiguration.Model
    let dayStartHour: Int?
    let utcOffsetMinutes: Int
    let json: Bool
    let apply: Bool
    let now: EventTime
    let newUUID: @Sendable () -> UUID

    init(parsing arguments: Arguments, environment: CLIEnvironment) throws(UsageError) {
        let revlog = arguments.value("revlog")
        let dataDirectory = arguments.value("data-dir")
        let profile = try arguments.value("profile", expecting: "a profile UUID") {
            UUID(uuidString: $0).map(ProfileID.init)
        }
        switch (revlog, dataDirectory) {
        case (let file?, nil):
            guard profile == nil else { throw UsageError("--profile goes with --data-dir, not with --revlog") }
            source = .revlog(environment.absolute(file))
        case (nil, let directory?):
            source = .store(directory: environment.absolute(directory), profile: profile)
        default:
            throw UsageError("give exactly one of --revlog FILE and --data-dir DIR")
        }
        model = try arguments.value("parameters", default: .fsrs6, expecting: "fsrs6 or fsrs5") {
            OptimizerConfiguration.Model(rawValue: $0)
        }
        dayStartHour = try arguments.value("day-start-hour", expecting: "an hour 0-23") { text in
            Int(text).flatMap { (0...23).contains($0) ? $0 : nil }
        }
        utcOffsetMinutes = try arguments.value("utc-offset-minutes", default: 0, expecting: "whole minutes within ±1440") {
            Int($0).flatMap { (-1440...1440).contains($0) ? $0 : nil }
        }
        json = arguments.flag("json")
        apply = arguments.flag("apply")
        if apply, case .revlog = source {
            throw UsageError("--apply records the parameters in a store; it needs --data-dir, not --revlog")
        }
        now = try environment.nowEventTime()
        newUUID = environment.newUUID
    }

    func run(_ io: inout StandardStreams) async throws -> ExitCode {
        let history = try await OptimizeHistory.load(source, dayStartHour: dayStartHour, utcOffsetMinutes: utcOffsetMinutes)
        let set = TrainingSet(cards: history.cards)
        let configuration = OptimizerConfiguration(model: model)
        let weights: [Float]
        do {
            weights = try Optimizer.fit(set, configuration: configuration)
        } catch {
            throw OptimizeCommandError(error.description)
        }
        let fitted = try FSRSParameters(weights)
        let report = OptimizeReport(
            parameters: weights, reviews: set.items.count, cards: set.cards.count,
            fitted: ModelEvaluation.evaluate(fitted, on: set),
            defaults: ModelEvaluation.evaluate(model.defaults, on: set),
            current: history.current.flatMap { ModelEvaluation.evaluate($0, on: set) })
        var applied: ClosedRange<UInt64>?
        if apply, case .store(let directory, _) = source, let profile = history.profile {
            applied = try await OptimizeHistory.apply(fitted, profile: profile, dataDirectory: directory,
                                                      at: now) { EventID(newUUID()) }
        }
        if json {
            io.print(try JSONOutput.encode(report.json(applied: applied)))
        } else {
            report.printText(&io, model: model)
            if let applied { io.print("applied: recorded at positions \(applied.lowerBound)...\(applied.upperBound)") }
        }
        return .success
    }
}

/// A failure of `optimize` at run time, with a message that says what to do.
struct OptimizeCommandError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
