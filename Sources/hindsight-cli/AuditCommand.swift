import Foundation
import Hindsight

/// `hindsight audit card ID`: a card's reviews with the numbers the scheduler used, as
/// scheduled at the time and as recomputed under today's parameters.
struct AuditCommand: Command {
    static let spec = CommandSpec(
        path: ["audit", "card"],
        summary: "audit a card's scheduling review by review (at the time vs today's parameters)",
        about: """
            Replays the card's reviews from the log: time, rating, mode, elapsed days, retrievability,
            stability and difficulty before and after, the interval (raw, before and after fuzz), the
            due date and the parameters in force; once as scheduled at the time and once under the
            profile's latest parameters. Reviews where the two differ are marked '*'; cram, undone and
            ignored reviews (ones the store refuses, on a log it did not write: before the card's
            creation, after its deletion, by another profile) are listed but do not count. Then, under
            the profile's latest parameters: the card's retrievability now (--now) and 1, 3, 7, 14, 30
            and 90 days ahead, the day it falls to the desired retention, and the interval and due
            date each rating would give if it were reviewed now (the scheduler's own steps and fuzz).
            """,
        positionals: [PositionalSpec(name: "ID", help: CardArgument.help)],
        options: [
            .dataDirectory,
            .asOf("audit as of a log position (e.g. 1200) or an instant (ISO 8601, e.g. 2024-03-01T12:00:00Z: "
                  + "the events recorded by then, or with --by occurred those that happened by then)"),
            .asOfBy,
            .json("print the audit as one JSON object"),
            .nowWithOffset,
        ])

    let card: CardArgument
    let dataDirectory: String
    let asOf: AsOf
    let json: Bool
    let now: EventTime

    init(parsing arguments: Arguments, environment: CLIEnvironment) throws(UsageError) {
        dataDirectory = environment.dataDirectory(arguments.value("data-dir"))
        asOf = try AsOfOption.parse(arguments.value("as-of"), by: arguments.value("by"))
        json = arguments.flag("json")
        now = try TimeOption.now(arguments.value("now"), environment: environment)
        card = try CardArgument(arguments.positional("ID"))
    }

    func run(_ io: inout StandardStreams) async throws -> ExitCode {
        try StoreDirectoryCheck.requireStore(at: dataDirectory)
        let card = try await self.card.resolve(dataDirectory: dataDirectory)
        let audit = try await CardAuditor.audit(card: card, dataDirectory: dataDirectory, asOf: asOf,
                                                defaultConfiguration: ReadModelConfiguration().scheduler, predictAt: now)
        if json {
            io.print(try JSONOutput.encode(audit))
            return .success
        }
        io.print("card \(audit.card)  profile \(audit.profile)  as of position \(audit.position)")
        if let importedAs = audit.importedAs { io.print("imported from a revlog as card_id \(importedAs)") }
        io.print("recomputed with \(Self.describe(audit.recomputedWith))")
        io.print("pos     local time              rating mode       status   elapsed  R       S before -> after      D before -> after   interval raw/unfuzzed/days  due (local)             parameters")
        for review in audit.reviews {
            let head = "\(pad(review.position, 7)) \(pad(LocalTimeText.minute(review.time.instant, offset: review.time.utcOffset), 23)) \(pad(review.rating, 6)) "
                + "\(pad(review.mode.rawValue, 10)) \(pad(review.status.rawValue, 8))"
            guard let then = review.atTheTime, let now = review.recomputed else {
                io.print(head + " (does not count" + (review.excludedBecause.map { ": " + $0.explanation } ?? "") + ")")
                continue
            }
            io.print(head + " " + Self.row(then, offset: review.time.utcOffset))
            if review.differs { io.print(String(repeating: " ", count: 57) + "* today: " + Self.row(now, offset: review.time.utcOffset)) }
        }
        for change in audit.changes {
            let what = change.kind == .reset ? "reset to new (a new FSRS history starts)"
                : "due date set" + (change.due.map { " to " + LocalTimeText.minute($0, offset: change.time.utcOffset) } ?? " (date not recorded)")
            io.print("\(pad(change.position, 7)) \(pad(LocalTimeText.minute(change.time.instant, offset: change.time.utcOffset), 23)) \(what)")
        }
        io.print("\(audit.differing.count) of \(audit.reviews.count) reviews differ under today's parameters")
        for reschedule in audit.reschedules {
            let offset = reschedule.time.utcOffset
            io.print("rescheduled at position \(reschedule.position) (\(LocalTimeText.minute(reschedule.time.instant, offset: offset))) "
                     + "by profile \(reschedule.requestedBy), \(reschedule.parameters.count) weights, desired retention \(reschedule.desiredRetention): "
                     + "due \(reschedule.dueBefore.map { LocalTimeText.minute($0, offset: offset) } ?? "-") -> "
                     + "\(LocalTimeText.minute(Timestamp(milliseconds: reschedule.schedule.dueMs), offset: offset)), "
                     + "S \(Self.format(Float(reschedule.schedule.stability), 4)), D \(Self.format(Float(reschedule.schedule.difficulty), 4))")
        }
        for line in audit.prediction.map(AuditPredictionText.lines) ?? [] { io.print(line) }
        return .success
    }

    /// A review's computation as a row, its due date at the review's offset `offset`.
    static func row(_ c: ReviewComputation, offset: UTCOffset) -> String {
        let r = c.retrievability.map { format($0, 4) } ?? "-"
        let sBefore = c.stabilityBefore.map { format($0, 4) } ?? "-"
        let dBefore = c.difficultyBefore.map { format($0, 4) } ?? "-"
        return "\(pad(c.elapsedDays, 7)) \(pad(r, 7)) \(pad(sBefore + " -> " + format(c.stabilityAfter, 4), 21)) "
            + "\(pad(dBefore + " -> " + format(c.difficultyAfter, 4), 19)) "
            + "\(pad(format(c.intervalRaw, 2) + "/" + (c.intervalBeforeFuzz.map(String.init) ?? "-") + "/" + String(c.intervalDays), 27)) "
            + "\(pad(LocalTimeText.minute(c.due, offset: offset), 23)) \(c.parameters.version) \(c.parameters.fingerprint) r=\(c.parameters.desiredRetention)"
    }

    static func describe(_ p: ParametersInForce) -> String {
        "\(p.version) \(p.fingerprint), desired retention \(p.desiredRetention), day cut-off \(p.dayCutoffHour):00, fuzz \(p.fuzz ? "on" : "off")"
    }

    static func format(_ value: Float, _ digits: Int) -> String { String(format: "%.\(digits)f", Double(value)) }
}

/// Left-aligns `value` in `width` columns.
func pad(_ value: some CustomStringConvertible, _ width: Int) -> String {
    let text = value.description
    return text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

/// Parses `--as-of POSITION|ISO8601` (an instant within ``Timestamp/allowedRange``) and
/// `--by recorded|occurred` (which time of each event the instant cuts by).
enum AsOfOption {
    static func parse(_ text: String?, by: String? = nil) throws(UsageError) -> AsOf {
        let byOccurred: Bool
        switch by {
        case nil, "recorded": byOccurred = false
        case "occurred": byOccurred = true
        case let other?: throw UsageError("option --by expects 'recorded' or 'occurred', got '\(other)'")
        }
        guard let text else {
            if by != nil { throw UsageError("option --by says how an --as-of instant cuts the log; give --as-of too") }
            return .latest
        }
        if let position = UInt64(text) {
            if by != nil { throw UsageError("option --by applies to an --as-of instant, not a log position (\(text))") }
            return .position(position)
        }
        if let instant = TimeOption.parse(text, dateOnly: false) {
            let bounded = try TimeOption.bounded(instant, option: "as-of", text: text)
            return byOccurred ? .occurred(bounded) : .instant(bounded)
        }
        throw UsageError("option --as-of expects a log position (e.g. 1200) or an ISO 8601 instant "
                         + "(e.g. 2024-03-01T12:00:00Z), got '\(text)'")
    }
}

/// JSON output for scripts: one document, keys sorted (times are written by ``LocalTimeText``).
enum JSONOutput {
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
