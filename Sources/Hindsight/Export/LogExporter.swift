import EventLog
import Events
import Foundation

/// Exports a store's log for analysis, streaming: the log is read record by record (never
/// loaded whole), each event is decoded, filtered (``ExportFilter``), its personal data resolved
/// or redacted (``PersonalDataPolicy``) and written through a fixed-size buffer. Memory stays
/// constant in the size of the log; the revlog export keeps one card state per card reviewed and
/// the ids of undone reviews (see ``exportRevlog(to:filter:scheduler:)``).
///
/// The export reads a consistent prefix: the records up to the log's last position when it
/// starts, even while a writer appends. Each output is written to `<path>.partial` and renamed
/// into place when complete, so a failed export leaves nothing half-written.
///
/// Formats (see the functions): JSON Lines of the whole envelope, CSV (one file per event type or
/// one chosen type) and the FSRS revlog CSV.
public struct LogExporter {
    /// The log's directory (`<data directory>/log`).
    public let logDirectory: String
    /// How personal data is shown.
    public var personalData: PersonalDataPolicy
    /// Where progress goes (nil: nowhere).
    public var progress: (any ExportProgress)?

    /// An exporter of the store in `dataDirectory` (its log is `<dataDirectory>/log`).
    public init(dataDirectory: String, personalData: PersonalDataPolicy, progress: (any ExportProgress)? = nil) {
        self.init(logDirectory: DataDirectoryLayout(path: dataDirectory).log, personalData: personalData, progress: progress)
    }

    /// An exporter of the log in `logDirectory`.
    public init(logDirectory: String, personalData: PersonalDataPolicy, progress: (any ExportProgress)? = nil) {
        self.logDirectory = logDirectory
        self.personalData = personalData
        self.progress = progress
    }

    var renderer: PersonalDataRenderer { PersonalDataRenderer(policy: personalData) }

    /// The last position of the log, checked to exist and hold events.
    /// - Throws: ``ExportError`` `.missingLog`, `.emptyLog` or `.unreadableLog`.
    func lastPosition() throws(ExportError) -> UInt64 {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: logDirectory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ExportError(.missingLog, "there is no log here; pass the store's data directory (it holds 'log')",
                              path: logDirectory)
        }
        let last: UInt64
        do {
            last = try LogReader(directory: logDirectory).lastPosition()
        } catch {
            throw ExportError.reading(error, directory: logDirectory)
        }
        guard last > 0 else {
            throw ExportError(.emptyLog, "the log holds no events, so there is nothing to export", path: logDirectory)
        }
        return last
    }

    /// Calls `body` with every event through `last`, in log order, reporting progress.
    /// - Throws: ``ExportError`` for a damaged log or an undecodable record, or what `body` throws.
    func scan(through last: UInt64, pass: UInt64 = 0, passes: UInt64 = 1,
              _ body: (RecordedEvent) throws(ExportError) -> Void) throws(ExportError) {
        try scanRecords(through: last, pass: pass, passes: passes) { (position, record) throws(ExportError) in
            try body(try decode(record, position: position))
        }
    }

    /// Calls `body` with the position and bytes (the log payload, valid only during the call) of
    /// every record through `last`, in log order, reporting progress.
    /// - Throws: ``ExportError`` for a damaged log, or what `body` throws.
    func scanRecords(through last: UInt64, pass: UInt64 = 0, passes: UInt64 = 1,
                     _ body: (UInt64, UnsafeRawBufferPointer) throws(ExportError) -> Void) throws(ExportError) {
        let reader = LogReader(directory: logDirectory)
        let total = last * passes
        let base = last * pass
        let directory = logDirectory
        let progress = self.progress
        do {
            try reader.forEach(from: 1, through: last) { position, payload in
                try body(position, payload)
                if position & 0x1FFF == 0 { progress?.update(done: base + position, total: total) }
            }
        } catch let error as ExportError {
            throw error
        } catch let error as LogError {
            throw ExportError.reading(error, directory: directory)
        } catch {
            throw ExportError(.unreadableLog, "the log could not be read: \(error)", path: directory)
        }
        progress?.update(done: base + last, total: total)
    }

    /// The event of log record `record` at `position`.
    /// - Throws: ``ExportError`` `.undecodableEvent` when the record cannot be decoded.
    func decode(_ record: UnsafeRawBufferPointer, position: UInt64) throws(ExportError) -> RecordedEvent {
        do {
            return try LogCodec.decode(record, position: position)
        } catch {
            throw ExportError.decoding(error, position: position, directory: logDirectory)
        }
    }

    /// The envelope of log record `record` at `position`, read in place (its body left unread).
    /// - Throws: ``ExportError`` `.undecodableEvent` when the envelope cannot be read.
    func envelope(of record: UnsafeRawBufferPointer, position: UInt64) throws(ExportError) -> RecordEnvelope {
        do {
            return try RecordEnvelope(record: record, position: position)
        } catch {
            throw ExportError.decoding(error, position: position, directory: logDirectory)
        }
    }
}

/// What an export did.
public struct ExportSummary: Sendable, Equatable {
    /// Log records read (per pass).
    public var recordsRead: UInt64
    /// Events (or revlog rows) written.
    public var rowsWritten: Int
    /// The files written, in the order they were started.
    public var files: [String]

    /// A summary.
    public init(recordsRead: UInt64, rowsWritten: Int, files: [String]) {
        self.recordsRead = recordsRead
        self.rowsWritten = rowsWritten
        self.files = files
    }
}
