import Foundation
import Hindsight
import Synchronization

/// `hindsight import FILE`: a revlog CSV (another app's review history) or a JSON Lines export
/// (of this or another store) into the store, validated whole and appended as one atomic batch.
struct ImportCommand: Command {
    static let spec = CommandSpec(
        path: ["import"],
        summary: "import a revlog CSV or a JSON Lines export into the store",
        about: """
            Checks every line and appends the file's events as one atomic batch (a bad line is an
            error naming it, and nothing of the file is imported; so is an import killed midway). A
            JSON Lines file is streamed: it is never held whole, whatever its size. Importing the same
            file again adds nothing. FILE may be '-' for standard input, or a pipe (/dev/stdin); then
            give --format.
            """,
        positionals: [PositionalSpec(name: "FILE", help: "the file to import; '-' for standard input")],
        options: [
            .value("format", "revlog|jsonl", "revlog: card_id,review_time,review_rating,review_state,review_duration "
                   + "(named by the header in any order, review_duration optional, other columns ignored, fields quoted or "
                   + "not, card_id an integer or text; each card becomes a card in one deck, each answer a review, cram for a filtered-deck one); jsonl: the "
                   + "output of 'export --format jsonl' (every event kept as it was, names restored from 'personalData'). "
                   + "Default: from FILE's extension, .csv or .jsonl"),
            .dataDirectory,
            .value("profile", "ID", "revlog only: the profile (a UUID) the reviews belong to; created if new "
                   + "(default: the store's only profile, or a new one)"),
            .value("deck", "NAME", "revlog only: the deck the cards go into (default: FILE's name without extension)"),
            .value("utc-offset-minutes", "M", "revlog only: the learner's UTC offset at the reviews, -1080 … 1080 (default 0)"),
            .value("day-start-hour", "H", "revlog only: the local hour a new day starts, 0 … 23, recorded for the profile "
                   + "(default: keep the profile's)"),
            .json("print the result as one JSON object"),
        ])

    enum Format: String { case revlog, jsonl }

    /// The file to import, absolute, or ``ImportSource/standardInput``.
    let file: String
    let format: Format
    let dataDirectory: String
    let profile: ProfileID?
    let deckName: String
    let utcOffsetMinutes: Int
    let dayStartHour: Int?
    let json: Bool
    let now: Timestamp
    let newUUID: @Sendable () -> UUID

    init(parsing arguments: Arguments, environment: CLIEnvironment) throws(UsageError) {
        let fileText = arguments.positional("FILE")
        file = fileText == ImportSource.standardInput ? fileText : environment.absolute(fileText)
        if let format = try arguments.value("format", expecting: "revlog or jsonl", Format.init(rawValue:)) {
            self.format = format
        } else if fileText.lowercased().hasSuffix(".csv") {
            format = .revlog
        } else if fileText.lowercased().hasSuffix(".jsonl") {
            format = .jsonl
        } else {
            throw UsageError("cannot tell the format of '\(fileText)' from its extension; pass --format revlog or --format jsonl")
        }
        dataDirectory = environment.dataDirectory(arguments.value("data-dir"))
        profile = try arguments.value("profile", expecting: "a profile UUID") { UUID(uuidString: $0).map(ProfileID.init) }
        let stem = ((fileText as NSString).lastPathComponent as NSString).deletingPathExtension
        deckName = arguments.value("deck") ?? (fileText == ImportSource.standardInput ? "standard input" : stem)
        utcOffsetMinutes = try arguments.value("utc-offset-minutes", default: 0, expecting: "minutes in -1080 … 1080") { text in
            Int(text).flatMap { (-1080...1080).contains($0) ? $0 : nil }
        }
        dayStartHour = try arguments.value("day-start-hour", expecting: "an hour in 0 … 23") { text in
            Int(text).flatMap { (0...23).contains($0) ? $0 : nil }
        }
        json = arguments.flag("json")
        if format == .jsonl && (profile != nil || dayStartHour != nil) {
            throw UsageError("--profile and --day-start-hour apply to revlog imports; a JSON Lines export keeps its own")
        }
        now = try environment.nowEventTime().instant
        newUUID = environment.newUUID
    }

    /// When the import's store writes its snapshots: on close once 10,000 events are past the
    /// oldest (as during appends), so an import of a few answers into a store of millions costs
    /// a fold of those answers at the next open instead of every snapshot rewritten now.
    static let snapshotPolicy = StoreOptions.SnapshotPolicy(onCloseMinimumEvents: 10_000)

    func run(_ io: inout StandardStreams) async throws -> ExitCode {
        try StoreDirectoryCheck.requireUsableForWriting(at: dataDirectory)
        let spool = ImportSource.spoolPath(newUUID())
        defer { try? FileManager.default.removeItem(atPath: spool) }
        let revlog = format == .revlog ? try ImportSource.regularFile(file, spool: spool) : nil
        if let revlog { try ImportSource.checkRevlogHeader(try Store.importHead(at: revlog, shown: ImportSource.displayName(file)), file: file) }
        let now = self.now
        let store = try await Store.open(directory: dataDirectory,
                                         options: StoreOptions(clock: { now }, snapshots: Self.snapshotPolicy))
        let progress = ImportProgress(file: file, sizeOf: revlog ?? file)
        defer { progress.finish() }
        let result: ImportResult
        do {
            if let revlog {
                let target: ProfileID
                if let profile { target = profile } else { target = try await Self.defaultProfile(store, file: file) }
                let options = RevlogImportOptions(profile: target, deckName: deckName, utcOffsetMinutes: utcOffsetMinutes,
                                                  dayCutoffHour: dayStartHour, newProfileName: deckName)
                result = try await store.importRevlog(file: revlog, options: options, path: ImportSource.displayName(file),
                                                      progress: progress.bytesRead)
            } else {
                result = try await store.importJSONLines(file: ImportSource.readablePath(file), path: ImportSource.displayName(file),
                                                         progress: progress.bytesRead)
            }
        } catch {
            try? await store.close()
            throw error
        }
        try await store.close()
        progress.done()
        if json {
            io.print(try JSONOutput.encode(ImportOutput(result, format: format)))
            return .success
        }
        let positions = result.positions.map { " at positions \($0.lowerBound)...\($0.upperBound)" } ?? ""
        io.print("imported \(result.added) events\(positions); \(result.alreadyPresent) already present")
        if format == .revlog { io.print("\(result.cards) cards and \(result.reviews) reviews in the file") }
        return .success
    }

    /// The store's only live profile; in a store without profiles, a profile derived from the
    /// file's name (created by the import, the same on every import of that file).
    /// - Throws: ``ImportCommandError`` when the store has several profiles.
    static func defaultProfile(_ store: Store, file: String) async throws -> ProfileID {
        let live = await store.profiles().profiles()
        if live.count == 1 { return live[0].id }
        if live.count > 1 {
            throw ImportCommandError("the store has \(live.count) profiles; choose one with --profile ID ("
                                     + live.map(\.id.description).sorted().joined(separator: ", ") + ")")
        }
        let name = (file as NSString).lastPathComponent
        var bytes = Array(name.utf8)
        bytes.append(contentsOf: Array("hindsight-import-profile".utf8))
        let high = StableHash.fnv1a64(bytes), low = StableHash.fnv1a64(bytes, seed: high)
        let raw = (0..<16).map { UInt8(truncatingIfNeeded: ($0 < 8 ? high : low) >> (8 * UInt64($0 % 8))) }
        return ProfileID(UUID(uuid: (raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], (raw[6] & 0x0F) | 0x80, raw[7],
                                     (raw[8] & 0x3F) | 0x80, raw[9], raw[10], raw[11], raw[12], raw[13], raw[14], raw[15])))
    }
}

/// `import --json`: what was added.
struct ImportOutput: Encodable {
    let format: String
    let added: Int
    let alreadyPresent: Int
    let firstPosition: UInt64?
    let lastPosition: UInt64?
    let cards: Int
    let reviews: Int

    init(_ result: ImportResult, format: ImportCommand.Format) {
        self.format = format.rawValue
        added = result.added
        alreadyPresent = result.alreadyPresent
        firstPosition = result.positions?.lowerBound
        lastPosition = result.positions?.upperBound
        cards = result.cards
        reviews = result.reviews
    }
}

/// A failure of `import` at run time, with a message that says what to do.
struct ImportCommandError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// An import's progress on a terminal (none when standard error is not one), through the
/// export's ``TerminalProgress``: a revlog's records (lines), shown when the import starts and
/// when it is done (its plan is built whole); a JSON Lines file's bytes read, as the store
/// streams it, with the percentage of a regular file's size (a pipe's size is unknown: 0 %
/// until done).
final class ImportProgress: Sendable {
    private let line: Mutex<TerminalProgress?>
    private let total: UInt64

    /// Shows `0/N bytes` for the size of the file at `path`, a copy of `file` or `file` itself,
    /// when standard error is a terminal.
    init(file: String, sizeOf path: String) {
        let label = "importing \((ImportSource.displayName(file) as NSString).lastPathComponent)"
        let shown = TerminalProgress.onStandardError(label: label, unit: "bytes")
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.uint64Value
        total = shown == nil ? 0 : size ?? 0
        shown?.update(done: 0, total: total)
        line = Mutex(shown)
    }

    /// Shows `bytes` of the file read (called by the store as it streams).
    func bytesRead(_ bytes: UInt64) {
        guard total > 0 else { return }
        line.withLock { $0?.update(done: min(bytes, total), total: total) }
    }

    /// Shows every byte done.
    func done() { line.withLock { $0?.update(done: total, total: total) } }

    /// Ends the progress line, if one was shown.
    func finish() { line.withLock { $0?.finish() } }
}
