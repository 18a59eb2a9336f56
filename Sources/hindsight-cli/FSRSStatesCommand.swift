import Foundation
import Hindsight
import FSRS

/// `hindsight fsrs states --revlog FILE`: the FSRS memory state after every review of a
/// revlog CSV, one JSON object per review (JSON Lines), in the file's card and time order.
struct FSRSStatesCommand: Command {
    static let path = ["fsrs", "states"]
    static let summary = "FSRS memory state after every review of a revlog CSV (JSON Lines)"
    static let usage = """
        usage: hindsight fsrs states --revlog FILE [--parameters fsrs6|fsrs5|FILE]
                                     [--desired-retention R] [--day-start-hour H]
                                     [--utc-offset-minutes M] [--maximum-interval N] [--fuzz]

        Reads a revlog CSV (card_id,review_time,review_rating,review_state,review_duration),
        keeps the rows that make each card's FSRS history (answers only; from the last run of
        learning rows) and prints one JSON object per review: card_id, review_time, rating,
        delta_t, retrievability, stability, difficulty, interval_raw, interval_days, due_time.
          --revlog FILE             the revlog CSV to read (required)
          --parameters P            fsrs6 (default), fsrs5, or a JSON file holding an array of
                                    21 (FSRS-6), 19 (FSRS-5) or 17 (FSRS-4.5) numbers
          --desired-retention R     the retention intervals aim at, in (0, 1) (default 0.9)
          --day-start-hour H        the local hour a new day starts, 0-23 (default 4)
          --utc-offset-minutes M    the learner's UTC offset in minutes (default 0)
          --maximum-interval N      the longest interval in days (default 36500)
          --fuzz                    fuzz intervals (deterministically, from card and review)
        """

    let revlogPath: String
    let parametersChoice: String
    let desiredRetention: Float
    let dayStartHour: Int
    let utcOffsetMinutes: Int
    let maximumInterval: Int
    let fuzz: Bool

    init(parsing arguments: inout Arguments, environment: CLIEnvironment) throws(UsageError) {
        guard let revlog = try arguments.option("revlog") else { throw UsageError("missing --revlog FILE") }
        revlogPath = revlog.hasPrefix("/") ? revlog : environment.currentDirectory + "/" + revlog
        let parameters = try arguments.option("parameters") ?? "fsrs6"
        parametersChoice = parameters == "fsrs6" || parameters == "fsrs5" || parameters.hasPrefix("/")
            ? parameters : environment.currentDirectory + "/" + parameters
        desiredRetention = try arguments.option("desired-retention", default: 0.9,
                                                expecting: "a number in (0, 1)") { Float($0) }
        dayStartHour = try arguments.option("day-start-hour", default: 4, expecting: "an hour 0-23") { Int($0) }
        utcOffsetMinutes = try arguments.option("utc-offset-minutes", default: 0,
                                                expecting: "whole minutes, e.g. -300") { Int($0) }
        maximumInterval = try arguments.option("maximum-interval", default: 36500,
                                               expecting: "a positive number of days") { Int($0) }
        fuzz = arguments.flag("fuzz")
        guard (-1440...1440).contains(utcOffsetMinutes) else {
            throw UsageError("option --utc-offset-minutes expects an offset within ±1440 minutes, got \(utcOffsetMinutes)")
        }
        do {
            _ = try SchedulerConfiguration.memoryModel(desiredRetention: desiredRetention,
                                                       maximumInterval: maximumInterval, dayCutoffHour: dayStartHour)
        } catch {
            throw UsageError(error.description)
        }
    }

    func run(_ io: inout StandardStreams) async throws -> ExitCode {
        let parameters = try loadParameters()
        var configuration = try SchedulerConfiguration.memoryModel(
            parameters: parameters, desiredRetention: desiredRetention,
            maximumInterval: maximumInterval, dayCutoffHour: dayStartHour)
        configuration.fuzz = fuzz
        let scheduler = Scheduler(configuration: configuration)
        let rows = try RevlogCSV.parse(try Self.readText(revlogPath, what: "revlog"))
        for history in RevlogHistory.histories(from: rows, utcOffsetMinutes: utcOffsetMinutes) {
            let results = scheduler.replay(history.reviews, fuzzSeed: history.cardID)
            for result in results {
                io.print(Self.jsonLine(cardID: history.cardID, result))
            }
        }
        return .success
    }

    /// One output object; floats are printed as `Float`'s shortest round-tripping form.
    static func jsonLine(cardID: Int64, _ result: ScheduledReview) -> String {
        let state = result.state
        let r = result.retrievability.map { "\($0)" } ?? "null"
        return "{\"card_id\":\(cardID),\"review_time\":\(result.review.timeMs),\"rating\":\(result.review.rating.rawValue),"
            + "\"delta_t\":\(result.elapsedDays),\"retrievability\":\(r),"
            + "\"stability\":\(state.memory.stability),\"difficulty\":\(state.memory.difficulty),"
            + "\"interval_raw\":\(result.intervalRaw),\"interval_days\":\(state.intervalDays),\"due_time\":\(state.dueMs)}"
    }

    private func loadParameters() throws -> FSRSParameters {
        switch parametersChoice {
        case "fsrs6": return .fsrs6Default
        case "fsrs5": return .fsrs5Default
        default:
            let text = try Self.readText(parametersChoice, what: "parameters",
                                          hint: "; --parameters takes fsrs6, fsrs5 or a JSON file")
            guard let numbers = try? JSONDecoder().decode([Double].self, from: Data(text.utf8)) else {
                throw FSRSStatesError("parameters file \(parametersChoice) is not a JSON array of numbers; "
                                      + "write e.g. [0.212, 1.2931, …] with 21 or 19 values")
            }
            do {
                return try FSRSParameters(numbers)
            } catch {
                throw FSRSStatesError("parameters file \(parametersChoice): \(error.description)")
            }
        }
    }

    static func readText(_ path: String, what: String, hint: String = "") throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FSRSStatesError("cannot read the \(what) file \(path): it does not exist or is not readable\(hint)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}

/// A failure of `fsrs states` at run time, with a message that says what to do.
struct FSRSStatesError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
