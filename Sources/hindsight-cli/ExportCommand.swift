import Foundation
import Hindsight

/// `hindsight export`: the store's log as JSON Lines, CSV or the FSRS revlog CSV, filtered,
/// with personal data resolved or redacted (see `LogExporter`).
struct ExportCommand: Command {
    static let spec = CommandSpec(
        path: ["export"],
        summary: "export the log as JSON Lines, CSV or the FSRS revlog CSV",
        about: """
            Streams the events of the store's log (in log order) to PATH, or to standard output when
            PATH is '-' (the summary line then goes to standard error). Progress shows on a terminal.
            """,
        options: [
            .value("format", "jsonl|csv|revlog", "jsonl: one JSON object per event, the whole envelope; csv: a directory "
                   + "PATH with one file per event type (<type>.csv), or, with exactly one --type, that type's CSV in the "
                   + "file PATH; revlog: card_id,review_time,review_rating,review_state,review_duration of the reviews "
                   + "that were not undone (cram ones in review_state 4, which FSRS tools skip), resets and due dates set; "
                   + "an imported card keeps the card_id it came with",
                   required: true),
            .value("output", "PATH", "the file (or, for csv, the directory) to write; '-' for standard output", required: true),
            .dataDirectory,
            .value("profile", "ID", "only events of this profile (a UUID; repeat for several)", repeatable: true),
            .value("stream", "CATEGORY/UUID", "only events of this stream, e.g. card/8F1C..."),
            .value("since", "ISO8601", "only events that happened at or after this date or time (e.g. 2026-01-31 or "
                   + "2026-01-31T08:00:00Z)"),
            .value("until", "ISO8601", "only events that happened before this date or time"),
            .value("type", "NAME", "only events of this type, e.g. vocabulary.review-graded (repeat for several)",
                   repeatable: true),
            .flag("redact", "replace names and other personal data by pseudonyms (person-1a2b3c4d)"),
            .value("salt", "TEXT", "the secret the pseudonyms are keyed with (default: a new random one, so pseudonyms "
                   + "cannot be linked across exports); only with --redact"),
        ],
        notes: """
            Filters combine with AND. Without --redact, personal data shows its value from the store's
            side store (DIR/personal, read only), [erased] once its profile was forgotten, or [unknown].
            """)

    enum Format: String { case jsonl, csv, revlog }

    /// The `--output` that means standard output.
    static let standardOutput = "-"

    let format: Format
    /// The path to write; ``standardOutput`` for standard output (`-` or `/dev/stdout`).
    let output: String
    let dataDirectory: String
    let filter: ExportFilter
    let salt: String?

    init(parsing arguments: Arguments, environment: CLIEnvironment) throws(UsageError) {
        let formatText = arguments.required("format")
        guard let format = Format(rawValue: formatText) else {
            throw UsageError("option --format expects jsonl, csv or revlog, got '\(formatText)'")
        }
        self.format = format
        let outputText = arguments.required("output")
        output = outputText == Self.standardOutput || outputText == "/dev/stdout" ? Self.standardOutput
            : environment.absolute(outputText)
        dataDirectory = environment.dataDirectory(arguments.value("data-dir"))
        var filter = ExportFilter()
        var profiles: Set<ProfileID> = []
        for text in arguments.values("profile") {
            guard let uuid = UUID(uuidString: text) else { throw UsageError("option --profile expects a profile UUID, got '\(text)'") }
            profiles.insert(ProfileID(uuid))
        }
        if !profiles.isEmpty { filter.profiles = profiles }
        filter.stream = try arguments.value("stream", expecting: "CATEGORY/UUID (e.g. card/8F1C0D2E-...)") { text in
            let parts = text.split(separator: "/", maxSplits: 1).map(String.init)
            guard parts.count == 2, let uuid = UUID(uuidString: parts[1]) else { return nil }
            return try? StreamID(category: parts[0], id: uuid)
        }
        filter.since = try Self.instant(arguments.value("since"), option: "since")
        filter.until = try Self.instant(arguments.value("until"), option: "until")
        let types = arguments.values("type")
        for name in types where !EventRegistry.isKnown(typeName: name) {
            throw UsageError("option --type names no event type this build knows: '\(name)'; \(Self.typeHint(name))")
        }
        if !types.isEmpty { filter.types = Set(types) }
        self.filter = filter
        if format == .csv && output == Self.standardOutput && types.count != 1 {
            throw UsageError("--format csv writes a directory of files unless exactly one --type is given; "
                             + "give one --type to write its CSV to standard output, or an --output directory")
        }
        let redact = arguments.flag("redact")
        let salt = arguments.value("salt")
        if salt != nil && !redact { throw UsageError("option --salt only applies with --redact") }
        self.salt = redact ? (salt ?? environment.newUUID().uuidString) : nil
    }

    func run(_ io: inout StandardStreams) async throws -> ExitCode {
        try StoreDirectoryCheck.requireStore(at: dataDirectory)
        let policy: PersonalDataPolicy
        if let salt {
            policy = .redact(salt: salt)
        } else {
            policy = .resolve(try PersonalDataStore.openReadOnly(directory: DataDirectoryLayout(path: dataDirectory).personal))
        }
        let exporter = LogExporter(dataDirectory: dataDirectory, personalData: policy,
                                   progress: TerminalProgress.onStandardError())
        let toStandardOutput = output == Self.standardOutput
        // The exporter writes a device path in place, checking every write.
        let output = toStandardOutput ? "/dev/stdout" : self.output
        let summary: ExportSummary
        switch format {
        case .jsonl:
            summary = try exporter.exportJSONLines(to: output, filter: filter)
        case .revlog:
            summary = try exporter.exportRevlog(to: output, filter: filter)
        case .csv:
            if let types = filter.types, types.count == 1, let type = types.first {
                summary = try exporter.exportCSV(type: type, to: output, filter: filter)
            } else {
                summary = try exporter.exportCSV(toDirectory: output, filter: filter)
            }
        }
        let what = format == .revlog ? "reviews" : "events"
        let line = "exported \(summary.rowsWritten) \(what) of \(summary.recordsRead) to \(toStandardOutput ? "standard output" : output)"
        if toStandardOutput { io.printError(line) } else { io.print(line) }
        return .success
    }

    /// What to say about the unknown type `name`: the closest known type, else the known types of
    /// its area (`vocabulary.`), else the areas.
    static func typeHint(_ name: String) -> String {
        let known = EventRegistry.knownTypes.map(\.typeName).sorted()
        if let closest = ClosestName.to(name, among: known) { return "did you mean \(closest)?" }
        let area = name.prefix { $0 != "." } + "."
        let sameArea = known.filter { $0.hasPrefix(area) }
        if !sameArea.isEmpty { return "the \(area.dropLast()) types are " + sameArea.joined(separator: ", ") }
        let areas = Set(known.map { $0.prefix { $0 != "." } }).sorted()
        return "type names start with " + areas.map { $0 + "." }.joined(separator: ", ")
    }

    /// The instant of an ISO 8601 date (midnight UTC) or date and time (with `Z` or an offset,
    /// optionally fractional seconds), within ``Timestamp/allowedRange``.
    /// - Throws: ``UsageError`` naming the option when `text` is not such a time or is out of range.
    static func instant(_ text: String?, option: String) throws(UsageError) -> Timestamp? {
        guard let text else { return nil }
        return try TimeOption.instant(text, option: option, dateOnly: true,
                                      example: "an ISO 8601 date or time (e.g. 2026-01-31 or 2026-01-31T08:00:00Z)")
    }
}
