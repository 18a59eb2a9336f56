import Foundation
import Events
import FSRS

// Imports: another app's revlog CSV, or this store's own JSON Lines export, as one atomic batch.
extension Store {
    /// Imports a revlog CSV (`card_id,review_time,review_rating,review_state,review_duration`):
    /// every row of the file as history (``RevlogCardWalk``), each card in the deck
    /// `options.deckName`, for `options.profile` (created if new). The whole file is validated
    /// first; then everything is appended as one atomic batch and folded into the read models
    /// before this returns. Importing the same file again adds nothing (the ids derive from the
    /// profile, the card and the review time).
    /// - Parameter path: the file's path, named in errors.
    /// - Returns: what was added (0 on a repeat import) and what was already there.
    /// - Throws: ``ImportError``: `badRevlogLine` naming the line, `invalidOption`, `invalidTarget`,
    ///   `reviewOutOfOrder`, `store`. Nothing is imported then.
    public func importRevlog(_ text: String, options: RevlogImportOptions, path: String? = nil) async throws(ImportError) -> ImportResult {
        let file: (rows: [RevlogRow], cardTexts: RevlogCardTexts)
        do { file = try RevlogCSV.read(text) } catch { throw ImportError(error, path: path) }
        var scan = try RevlogScan.scan(rows: file.rows, cardTexts: file.cardTexts, path: path)
        return try await importRevlog(&scan, options: options, path: path)
    }

    /// Imports the revlog CSV in the file `file` (a regular file, a pipe or a device such as
    /// `/dev/stdin`) as ``importRevlog(_:options:path:)`` does, streaming: the file is read once,
    /// a line at a time, its rows kept as 24-byte records sorted in time order in bounded memory
    /// (runs past the first go through an unlinked temporary file), and the events are made,
    /// checked and staged in the log a chunk at a time, then committed as one atomic batch.
    /// Memory holds a few bytes a card, never the file or the batch. A bad line, a refused
    /// event, a failure or a crash at any point leaves the log as it was.
    /// - Parameter path: how errors name the file (default `file`).
    /// - Throws: ``ImportError`` as ``importRevlog(_:options:path:)``, and `unreadableFile` when
    ///   the file cannot be opened or read, or a line is not UTF-8.
    /// - Parameter progress: called now and then while the file is read, with the bytes read so far.
    public func importRevlog(file: String, options: RevlogImportOptions, path: String? = nil,
                             progress: (@Sendable (_ bytesRead: UInt64) -> Void)? = nil) async throws(ImportError) -> ImportResult {
        try await importRevlog(file: file, options: options, path: path, sortRunLength: RevlogRecordSorter.defaultRunLength,
                               progress: progress)
    }

    /// ``importRevlog(file:options:path:)`` sorting the rows `sortRunLength` at a time in memory
    /// (tests: a small run makes a small file go through the temporary file and the merge).
    package func importRevlog(file: String, options: RevlogImportOptions, path: String? = nil, sortRunLength: Int,
                              progress: (@Sendable (_ bytesRead: UInt64) -> Void)? = nil) async throws(ImportError) -> ImportResult {
        let shown = path ?? file
        var scan = try RevlogScan.scan(file: file, path: shown, runLength: sortRunLength, progress: progress)
        return try await importRevlog(&scan, options: options, path: shown)
    }

    /// Imports the rows of `scan` (one home for the text and the file import).
    private func importRevlog(_ scan: inout RevlogScan, options: RevlogImportOptions, path: String?) async throws(ImportError) -> ImportResult {
        await enter()
        defer { gate.leave() }
        do { try requireOpen() } catch { throw ImportError(error, path: path) }
        let ledgerState = await ledger.current().state
        let plan = RevlogImportPlan(options: options, path: path, profiles: await models.profiles.current().state,
                                    vocabulary: await models.vocabulary.current().state, ledger: ledgerState)
        var source = try plan.events(&scan)
        let result = try await appendImport(&source, ledger: ledgerState)
        return ImportResult(added: result.added, alreadyPresent: result.alreadyPresent, positions: result.positions,
                            cards: source.cards, reviews: source.reviews)
    }

    /// Imports the JSON Lines of an export (``LogExporter/exportJSONLines(to:filter:)``): every
    /// event with its id, stream, stream version, times and recording time, in file order, and the
    /// personal data of its `personalData` object under the same references. Exporting a store,
    /// importing the file into a fresh store and exporting that gives the same lines. Events
    /// already present (by id) are left out, so importing twice adds nothing.
    /// - Parameter path: the file's path, named in errors.
    /// - Throws: ``ImportError``: `badJSONLine` naming the line, `duplicateEvent`, `streamVersion`
    ///   (the stream's events before it are missing here), `store`. Nothing is imported then.
    public func importJSONLines(_ text: String, path: String? = nil) async throws(ImportError) -> ImportResult {
        var source = ImportBatchSource(try JSONLinesImportPlan.batch(text, path: path))
        await enter()
        defer { gate.leave() }
        do { try requireOpen() } catch { throw ImportError(error, path: path) }
        return try await appendImport(&source, ledger: await ledger.current().state)
    }

    /// Imports the JSON Lines export in the file `file` (a regular file, a pipe or a device such
    /// as `/dev/stdin`) as ``importJSONLines(_:path:)`` does, streaming: the file is read a line
    /// at a time, each event checked and staged in the log as it comes, and the whole committed
    /// as one atomic batch at the end; what the import holds does not grow with the file beyond
    /// about 8 bytes an event (the ids staged, to find one given twice) and the read models'
    /// growth itself (checked on copies, dropped before the store's read models fold the batch).
    /// A bad line, a refused event, a failure or a crash at any point leaves the log as
    /// it was.
    /// - Parameters:
    ///   - path: how errors name the file (default `file`).
    ///   - progress: called now and then during the import with the bytes of the file read so far.
    /// - Throws: ``ImportError`` as ``importJSONLines(_:path:)``, and `unreadableFile` when the file
    ///   cannot be opened or read, or a line is not UTF-8.
    public func importJSONLines(file: String, path: String? = nil,
                                progress: (@Sendable (_ bytesRead: UInt64) -> Void)? = nil) async throws(ImportError) -> ImportResult {
        var source = try JSONLinesFileSource(file: file, path: path ?? file)
        defer { source.close() }
        await enter()
        defer { gate.leave() }
        do { try requireOpen() } catch { throw ImportError(error, path: path ?? file) }
        return try await appendImport(&source, ledger: await ledger.current().state, progress: progress)
    }

    /// The text of the file at `path`, for an import.
    /// - Throws: ``ImportError`` `unreadableFile` when it does not exist, cannot be read, or is
    ///   not UTF-8 (naming the line and byte offset).
    public nonisolated static func importText(at path: String) throws(ImportError) -> String {
        try requireImportFile(at: path)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ImportError(.unreadableFile, "the file cannot be read; check its permissions", path: path)
        }
        return try ImportText.decode(data, path: path)
    }

    /// The first lines of the file at `path` (at most `limit` bytes, cut after the last line end
    /// among them; the bytes as they are when none ends there), as text: enough to check a
    /// header before an import, without reading the file whole. Errors name the file `shown`.
    /// - Throws: ``ImportError`` `unreadableFile` as ``importText(at:)``.
    public nonisolated static func importHead(at path: String, limit: Int = 1 << 16, shown: String? = nil) throws(ImportError) -> String {
        do throws(ImportError) {
            try requireImportFile(at: path)
            guard let handle = FileHandle(forReadingAtPath: path) else {
                throw ImportError(.unreadableFile, "the file cannot be read; check its permissions", path: path)
            }
            defer { try? handle.close() }
            var head = (try? handle.read(upToCount: limit)) ?? Data()
            if head.count == limit {
                guard let end = head.lastIndex(of: UInt8(ascii: "\n")) else { return String(decoding: head, as: UTF8.self) }
                head = head.prefix(through: end)
            }
            return try ImportText.decode(head, path: path)
        } catch {
            var named = error
            named.path = shown ?? path
            throw named
        }
    }

    /// Checks that there is a file (not a directory) at `path`.
    /// - Throws: ``ImportError`` `unreadableFile` when there is none.
    private nonisolated static func requireImportFile(at path: String) throws(ImportError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw ImportError(.unreadableFile, "there is no file to import here; check the path", path: path)
        }
    }
}
