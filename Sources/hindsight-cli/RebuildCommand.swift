import Foundation
import Hindsight

/// `hindsight rebuild --parameters ...`: recomputes every schedule under other parameters
/// without writing, reports the difference, and records the change only with `--apply`.
struct RebuildCommand: Command {
    static let spec = CommandSpec(
        path: ["rebuild"],
        summary: "recompute schedules under other FSRS parameters and report the difference",
        about: """
            Folds the log into fresh read models scheduled with the given parameters, as if they had
            been in force for every profile from the start (the log's parameter changes are overridden;
            with --desired-retention its retention changes too; day cut-off changes stand). Nothing is
            written. Reports how many cards change due date, by how much, and due today / in 7 days,
            mean stability and mean interval before and after.
            """,
        options: [
            ParametersOption.spec(required: true),
            .value("desired-retention", "R", "the retention to aim at, in (0, 1) (default: keep the store's)"),
            .dataDirectory,
            .asOf("rebuild as of a log position or an ISO 8601 instant (not with --apply)"),
            .asOfBy,
            .nowWithOffset,
            .json("print the report as one JSON object"),
            .flag("apply", "then record the change as settings events for every profile, so it schedules every "
                  + "review from now on (needs the store not running)"),
            .flag("reschedule", "with --apply, also reschedule every reviewed card now: its due date becomes the "
                  + "one recomputed from its whole history, as the report shows"),
        ])

    let parameters: ParametersOption
    let desiredRetention: Float?
    let dataDirectory: String
    let asOf: AsOf
    let json: Bool
    let apply: Bool
    let reschedule: Bool
    let now: EventTime
    let newUUID: @Sendable () -> UUID

    init(parsing arguments: Arguments, environment: CLIEnvironment) throws(UsageError) {
        parameters = ParametersOption(arguments.required("parameters"), environment: environment)
        desiredRetention = try arguments.value("desired-retention", expecting: "a number in (0, 1)") { text in
            Float(text).flatMap { $0 > 0 && $0 < 1 ? $0 : nil }
        }
        dataDirectory = environment.dataDirectory(arguments.value("data-dir"))
        asOf = try AsOfOption.parse(arguments.value("as-of"), by: arguments.value("by"))
        json = arguments.flag("json")
        apply = arguments.flag("apply")
        reschedule = arguments.flag("reschedule")
        if reschedule && !apply { throw UsageError("--reschedule changes due dates when the change is recorded; add --apply") }
        if apply && asOf != .latest {
            throw UsageError("--apply records the change at the end of the log; it cannot be combined with --as-of")
        }
        now = try TimeOption.now(arguments.value("now"), environment: environment)
        newUUID = environment.newUUID
    }

    func run(_ io: inout StandardStreams) async throws -> ExitCode {
        try StoreDirectoryCheck.requireStore(at: dataDirectory)
        let rebuild = try ScheduleRebuild(configuration: ReadModelConfiguration(), parameters: try parameters.load(),
                                          desiredRetention: desiredRetention)
        let time = now
        let outcome = try await rebuild.run(dataDirectory: dataDirectory, asOf: asOf, now: time)
        var applied: ClosedRange<UInt64>?
        if apply {
            applied = try await ParameterChangeRecorder.record(rebuild, outcome: outcome, dataDirectory: dataDirectory,
                                                               reschedule: reschedule, at: time) { EventID(newUUID()) }
        }
        let report = outcome.report
        if json {
            io.print(try JSONOutput.encode(RebuildOutput(report: report, applied: applied.map { [$0.lowerBound, $0.upperBound] },
                                                         rescheduled: applied != nil && reschedule)))
            return .success
        }
        io.print("rebuilt as of position \(report.position) with \(AuditCommand.describe(report.parameters))")
        io.print("\(report.cardsChangingDue) of \(report.cardsCompared) cards change due date"
                 + (reschedule ? " (rescheduled now)" : " when rescheduled (--apply --reschedule), else at their next review"))
        for bucket in report.distribution { io.print("  \(pad(bucket.shift.rawValue, 18)) \(bucket.cards)") }
        io.print("                    before      after")
        io.print("  due today         \(pad(report.before.dueToday, 11)) \(report.after.dueToday)")
        io.print("  due in 7 days     \(pad(report.before.dueInNext7Days, 11)) \(report.after.dueInNext7Days)")
        io.print("  mean stability    \(pad(Self.mean(report.before.meanStability), 11)) \(Self.mean(report.after.meanStability))")
        io.print("  mean interval     \(pad(Self.mean(report.before.meanIntervalDays), 11)) \(Self.mean(report.after.meanIntervalDays))")
        if let applied, reschedule {
            io.print("applied: recorded at positions \(applied.lowerBound)...\(applied.upperBound); \(report.cardsChangingDue) due dates moved "
                     + "and reviews from now on use these parameters")
        } else if let applied {
            io.print("applied: recorded at positions \(applied.lowerBound)...\(applied.upperBound); reviews from now on use these parameters")
        } else if apply {
            io.print("applied: no profile to record the change for")
        } else {
            io.print("nothing was written; run again with --apply to record the change")
        }
        return .success
    }

    static func mean(_ value: Double?) -> String { value.map { String(format: "%.2f", $0) } ?? "-" }
}

/// `rebuild --json`: the report and the positions recorded by `--apply` (absent without it).
struct RebuildOutput: Encodable {
    let report: RebuildReport
    let applied: [UInt64]?
    /// True when `--apply --reschedule` moved the due dates the report counts.
    let rescheduled: Bool
}
