import Foundation
import Hindsight
import FSRS

/// `hindsight fsrs states --revlog FILE`: the FSRS memory state after every review of a
/// revlog CSV, one JSON object per review (JSON Lines), in the file's card and time order.
struct FSRSStatesCommand: Command {
    static let spec = CommandSpec(
        path: ["fsrs", "states"],
        summary: "FSRS memory state after every review of a revlog CSV (JSON Lines)",
        about: """
            Reads a revlog CSV (card_id,review_time,review_rating,review_state,review_duration),
            keeps the rows that make each card's FSRS history (answers only; from the last run of
            learning rows) and prints one JSON object per review: card_id, review_time, rating,
            delta_t, retrievability, stability, difficulty, interval_raw, interval_days, due_time.
            It reads no store, so it takes no --data-dir.
            """,
        options: [
            .value("revlog", "FILE", "the revlog CSV to read", required: true),
            ParametersOption.spec(required: false, defaultText: " (default fsrs6)"),
            .value("desired-retention", "R", "the retention intervals aim at, in (0, 1) (default 0.9)"),
            .value("day-start-hour", "H", "the local hour a new day starts, 0-23 (default 4)"),
            .value("utc-offset-minutes", "M", "the learner's UTC offset in minutes (default 0)"),
            .value("maximum-interval", "N", "the longest interval in days (default 36500)"),
            .flag("fuzz", "fuzz intervals (deterministically, from card and review)"),
        ],
        declined: ["data-dir": "it reads only the revlog file (and a parameters file), never a store; leave --data-dir out"])

    let revlogPath: String
    let parameters: ParametersOption
    let desiredRetention: Float
    let dayStartHour: Int
    let utcOffsetMinutes: Int
    let maximumInterval: Int
    let fuzz: Bool

    init(parsing arguments: Arguments, environment: CLIEnvironment) throws(UsageError) {
        revlogPath = environment.absolute(arguments.required("revlog"))
        parameters = ParametersOption(arguments.value("parameters") ?? "fsrs6", environment: environment)
        desiredRetention = try arguments.value("desired-retention", default: 0.9, expecting: "a number in (0, 1)") { Float($0) }
        dayStartHour = try arguments.value("day-start-hour", default: 4, expecting: "an hour 0-23") { Int($0) }
        utcOffsetMinutes = try arguments.value("utc-offset-minutes", default: 0, expecting: "whole minutes, e.g. -300") { Int($0) }
        maximumInterval = try arguments.value("maximum-interval", default: 36500,
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
        var configuration = try SchedulerConfiguration.memoryModel(
            parameters: try parameters.load(), desiredRetention: desiredRetention,
            maximumInterval: maximumInterval, dayCutoffHour: dayStartHour)
        configuration.fuzz = fuzz
        let scheduler = Scheduler(configuration: configuration)
        let file = try RevlogCSV.read(try Self.readText(revlogPath, what: "revlog"))
        for history in RevlogHistory.histories(from: file.rows, utcOffsetMinutes: utcOffsetMinutes) {
            let results = scheduler.replay(history.reviews, fuzzSeed: history.cardID)
            let card = try Self.jsonCardID(file.cardTexts[history.cardID], number: history.cardID)
            for result in results {
                io.print(Self.jsonLine(cardID: card, result))
            }
        }
        return .success
    }

    /// The JSON of a card's `card_id`: a string for a text id, else the integer.
    static func jsonCardID(_ text: String?, number: Int64) throws -> String {
        guard let text else { return String(number) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return String(decoding: try encoder.encode(text), as: UTF8.self)
    }

    /// One output object (`cardID` already spelled as JSON: ``jsonCardID(_:number:)``); floats
    /// are printed as `Float`'s shortest round-tripping form.
    static func jsonLine(cardID: String, _ result: ScheduledReview) -> String {
        let state = result.state
        let r = result.retrievability.map { "\($0)" } ?? "null"
        return "{\"card_id\":\(cardID),\"review_time\":\(result.review.timeMs),\"rating\":\(result.review.rating.rawValue),"
            + "\"delta_t\":\(result.elapsedDays),\"retrievability\":\(r),"
            + "\"stability\":\(state.memory.stability),\"difficulty\":\(state.memory.difficulty),"
            + "\"interval_raw\":\(result.intervalRaw),\"interval_days\":\(state.intervalDays),\"due_time\":\(state.dueMs)}"
    }

    static func readText(_ path: String, what: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FSRSStatesError("cannot read the \(what) file \(path): it does not exist or is not readable")
        }
        return String(decoding: data, as: UTF8.self)
    }
}

/// A failure of `fsrs states` at run time, with a message that says what to do.
struct FSRSStatesError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
