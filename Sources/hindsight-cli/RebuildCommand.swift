import Foundation
import Hindsight

/// `hindsight rebuild --parameters ...`: recomputes every schedule under other parameters
/// without writing, reports the difference, and records the change only with `--apply`.
struct RebuildCommand: Command {
    static let path = ["rebuild"]
    static let summary = "recompute schedules under other FSRS parameters and report the difference"
    static let usage = """
        usage: hindsight rebuild --parameters fsrs6|fsrs5|FILE [--desired-retention R]
                                 [--data-dir DIR] [--as-of POSITION|ISO8601] [--json] [--apply]

        Folds the log into fresh read models scheduled with the given parameters, as if they had
        been in force for every profile from the start (the log's parameter changes are overridden;
        with --desired-retention its retention changes too; day cut-off changes stand). Nothing is
        written. Reports how many cards change due date, by how much, and due today / in 7 days,
        mean stability and mean interval before and after.
          --parameters P          fsrs6, fsrs5, or a JSON file with 21 (FSRS-6) or 19 (FSRS-5) numbers
          --desired-retention R   the retention to aim at, in (0, 1) (default: keep the store's)
          --data-dir DIR          the store's directory (default: $HINDSIGHT_DATA_DIR or ./.hindsight)
          --as-of WHEN            rebuild as of a log position or an ISO 8601 instant (not with --apply)
          --json                  print the report as one JSON object
          --apply                 then record the change as settings events for every profile, so it
                                  schedules every review from now on (needs the store not running)
        """

    let parametersChoice: String
    let desiredRetention: Float?
    let dataDirectory: String
    let asOf: AsOf
    let json: Bool
    let apply: Bool
    let now: EventTime
    let newUUID: @Sendable () -> UUID

    init(parsing arguments: inout Arguments, environment: CLIEnvironment) throws(UsageError) {
        guard let parameters = try arguments.option("parameters") else {
            throw UsageError("missing --parameters fsrs6|fsrs5|FILE")
        }
        parametersChoice = parameters == "fsrs6" || parameters == "fsrs5" || parameters.hasPrefix("/")
            ? parameters : environment.currentDirectory + "/" + parameters
        if let text = try arguments.option("desired-retention") {
            guard let value = Float(text), value > 0, value < 1 else {
                throw UsageError("option --desired-retention expects a number in (0, 1), got '\(text)'")
            }
            desiredRetention = value
        } else {
            desiredRetention = nil
        }
        dataDirectory = try arguments.option("data-dir") ?? environment.defaultDataDirectory
        asOf = try AsOfOption.parse(try arguments.option("as-of"))
        json = arguments.flag("json")
        apply = arguments.flag("apply")
        if apply && asOf != .latest {
            throw UsageError("--apply records the change at the end of the log; it cannot be combined with --as-of")
        }
        now = try environment.nowEventTime()
        newUUID = environment.newUUID
    }

    func run(_ io: inout StandardStreams) async throws -> ExitCode {
        try StoreDirectoryCheck.requireStore(at: dataDirectory)
        let parameters = try loadParameters()
        let rebuild = try ScheduleRebuild(configuration: ReadModelConfiguration(), parameters: parameters,
                                          desiredRetention: desiredRetention)
        let time = now
        let outcome = try await rebuild.run(dataDirectory: dataDirectory, asOf: asOf, now: time)
        var applied: ClosedRange<UInt64>?
        if apply {
            applied = try await ParameterChangeRecorder.record(rebuild, outcome: outcome, dataDirectory: dataDirectory,
                                                               at: time) { EventID(newUUID()) }
        }
        let report = outcome.report
        if json {
            io.print(try JSONOutput.encode(RebuildOutput(report: report, applied: applied.map { [$0.lowerBound, $0.upperBound] })))
            return .success
        }
        io.print("rebuilt as of position \(report.position) with \(AuditCommand.describe(report.parameters))")
        io.print("\(report.cardsChangingDue) of \(report.cardsCompared) cards change due date")
        for bucket in report.distribution { io.print("  \(pad(bucket.shift.rawValue, 18)) \(bucket.cards)") }
        io.print("                    before      after")
        io.print("  due today         \(pad(report.before.dueToday, 11)) \(report.after.dueToday)")
        io.print("  due in 7 days     \(pad(report.before.dueInNext7Days, 11)) \(report.after.dueInNext7Days)")
        io.print("  mean stability    \(pad(Self.mean(report.before.meanStability), 11)) \(Self.mean(report.after.meanStability))")
        io.print("  mean interval     \(pad(Self.mean(report.before.meanIntervalDays), 11)) \(Self.mean(report.after.meanIntervalDays))")
        if let applied {
            io.print("applied: recorded at positions \(applied.lowerBound)...\(applied.upperBound); reviews from now on use these parameters")
        } else if apply {
            io.print("applied: no profile to record the change for")
        } else {
            io.print("nothing was written; run again with --apply to record the change")
        }
        return .success
    }

    static func mean(_ value: Double?) -> String { value.map { String(format: "%.2f", $0) } ?? "-" }

    private func loadParameters() throws -> FSRSParameters {
        switch parametersChoice {
        case "fsrs6": return .fsrs6Default
        case "fsrs5": return .fsrs5Default
        default:
            guard let data = FileManager.default.contents(atPath: parametersChoice) else {
                throw RebuildCommandError("cannot read the parameters file \(parametersChoice): it does not exist or is not "
                                          + "readable; --parameters takes fsrs6, fsrs5 or a JSON file")
            }
            guard let numbers = try? JSONDecoder().decode([Double].self, from: data) else {
                throw RebuildCommandError("parameters file \(parametersChoice) is not a JSON array of numbers; "
                                          + "write e.g. [0.212, 1.2931, …] with 21 or 19 values")
            }
            do {
                return try FSRSParameters(numbers)
            } catch {
                throw RebuildCommandError("parameters file \(parametersChoice): \(error.description)")
            }
        }
    }
}

/// `rebuild --json`: the report and the positions recorded by `--apply` (absent without it).
struct RebuildOutput: Encodable {
    let report: RebuildReport
    let applied: [UInt64]?
}

/// A failure of `rebuild` at run time, with a message that says what to do.
struct RebuildCommandError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
