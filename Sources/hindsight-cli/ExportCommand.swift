import Foundation
import Hindsight

/// `hindsight export`: the store's log as JSON Lines, CSV or the FSRS revlog CSV, filtered,
/// with personal data resolved or redacted (see `LogExporter`).
struct ExportCommand: Command {
    static let path = ["export"]
    static let summary = "export the log as JSON Lines, CSV or the FSRS revlog CSV"
    static let usage = """
        usage: hindsight export --format jsonl|csv|revlog --output PATH [--data-dir DIR]
                                [--profile ID] [--stream CATEGORY/UUID] [--since ISO8601]
                                [--until ISO8601] [--type NAME ...] [--redact [--salt TEXT]]

        Streams the events of the store's log (in log order) to PATH.
          --format F        jsonl: one JSON object per event, the whole envelope;
                            csv: a directory PATH with one file per event type (<type>.csv),
                                 or, with exactly one --type, that type's CSV in the file PATH;
                            revlog: card_id,review_time,review_rating,review_state,review_duration
                                 of the scheduled reviews that were not undone
          --output PATH     the file (or, for csv, the directory) to write
          --data-dir DIR    the store's directory (default: $HINDSIGHT_DATA_DIR or ./.hindsight)
          --profile ID      only events of this profile (a UUID; repeat for several)
          --stream S        only events of this stream, e.g. card/8F1C...
          --since T         only events that happened at or after T (ISO 8601, e.g. 2026-01-31
                            or 2026-01-31T08:00:00Z)
          --until T         only events that happened before T
          --type NAME       only events of this type, e.g. vocabulary.review-graded (repeatable)
          --redact          replace names and other personal data by pseudonyms (person-1a2b3c4d)
          --salt TEXT       the secret the pseudonyms are keyed with (default: a new random one,
                            so pseudonyms cannot be linked across exports)
        Filters combine with AND. Without --redact, personal data shows its value from the store's
        side store (DIR/personal, read only), [erased] once its profile was forgotten, or [unknown].
        """

    enum Format: String { case jsonl, csv, revlog }

    let format: Format
    let output: String
    let dataDirectory: String
    let filter: ExportFilter
    let salt: String?

    init(parsing arguments: inout Arguments, environment: CLIEnvironment) throws(UsageError) {
        guard let formatText = try arguments.option("format") else { throw UsageError("missing --format jsonl|csv|revlog") }
        guard let format = Format(rawValue: formatText) else {
            throw UsageError("option --format expects jsonl, csv or revlog, got '\(formatText)'")
        }
        self.format = format
        guard let outputText = try arguments.option("output") else { throw UsageError("missing --output PATH") }
        output = Self.absolute(outputText, in: environment)
        dataDirectory = Self.absolute(try arguments.option("data-dir") ?? environment.defaultDataDirectory, in: environment)
        var filter = ExportFilter()
        var profiles: Set<ProfileID> = []
        while let text = try arguments.option("profile") {
            guard let uuid = UUID(uuidString: text) else { throw UsageError("option --profile expects a profile UUID, got '\(text)'") }
            profiles.insert(ProfileID(uuid))
        }
        if !profiles.isEmpty { filter.profiles = profiles }
        if let text = try arguments.option("stream") {
            let parts = text.split(separator: "/", maxSplits: 1).map(String.init)
            guard parts.count == 2, let uuid = UUID(uuidString: parts[1]), let stream = try? StreamID(category: parts[0], id: uuid) else {
                throw UsageError("option --stream expects CATEGORY/UUID (e.g. card/8F1C0D2E-...), got '\(text)'")
            }
            filter.stream = stream
        }
        filter.since = try Self.instant(try arguments.option("since"), option: "since")
        filter.until = try Self.instant(try arguments.option("until"), option: "until")
        var types: Set<String> = []
        while let name = try arguments.option("type") { types.insert(name) }
        if !types.isEmpty { filter.types = types }
        self.filter = filter
        let redact = arguments.flag("redact")
        let salt = try arguments.option("salt")
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
        io.print("exported \(summary.rowsWritten) \(what) of \(summary.recordsRead) to \(output)")
        return .success
    }

    /// `path` made absolute against the current directory.
    static func absolute(_ path: String, in environment: CLIEnvironment) -> String {
        path.hasPrefix("/") ? path : environment.currentDirectory + "/" + path
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
