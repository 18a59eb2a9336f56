import Events

extension LogExporter {
    /// Writes the events that pass `filter` to `path` as JSON Lines, in log order: one
    /// ``EventJSONCodec`` object per line (keys in byte order; `Events/FORMAT.md`), LF after each.
    ///
    /// An event with personal-data fields gets one more top-level key, `personalData`: an object
    /// from each field's path in the payload (`name`, `childName`, `title`, `pages[0].text`) to
    /// its text under the ``PersonalDataPolicy`` (the value, `[erased]`, `[unknown]`, or the
    /// pseudonym), its keys in byte order. The line still decodes with ``EventJSONCodec`` (the
    /// extra key is ignored): to the very event recorded when resolving, and to the event with
    /// pseudonymous references when redacting.
    /// - Throws: ``ExportError``: `.missingLog` / `.emptyLog` / `.unreadableLog` /
    ///   `.undecodableEvent` for the log, `.outputFailed` for the file.
    ///
    /// Most records are written straight from their bytes (``JSONLineWriter``); the filter is
    /// decided on the envelope, so a record left out is never decoded.
    /// - Complexity: O(log size) time, O(1) memory (lines are gathered in a 1 MiB buffer, handed
    ///   to the file to be written behind while the next one fills).
    public func exportJSONLines(to path: String, filter: ExportFilter = ExportFilter()) throws(ExportError) -> ExportSummary {
        let last = try lastPosition()
        let file = try ExportOutputFile(path: path)
        let writer = JSONLineWriter(renderer: renderer)
        var rows = 0
        defer { progress?.finish() }
        try writer.withLines { (lines) throws(ExportError) in
            try scanRecords(through: last) { (position, record) throws(ExportError) in
                let envelope = try envelope(of: record, position: position)
                guard filter.includes(envelope) else { return }
                try writer.append(record: record, envelope: envelope, position: position, to: &lines) { () throws(ExportError) in
                    try decode(record, position: position)
                }
                if lines.count >= JSONLineWriter.flushThreshold { try JSONLineWriter.flush(&lines, to: file) }
                rows += 1
            }
            try JSONLineWriter.flush(&lines, to: file)
        }
        try file.commit()
        return ExportSummary(recordsRead: last, rowsWritten: rows, files: [path])
    }
}

/// Gathers the JSON Lines of an export in a buffer of raw memory and hands it to the output file
/// whole (``ExportOutputFile/write(taking:)``), taking back the one written before.
///
/// A record of a known type at its current schema version (nearly all of a log) is written
/// straight from its bytes: the envelope read in place and the body transcoded by the type's
/// shape (``RecordEnvelope/appendJSON(record:position:kind:to:references:extraKey:writeExtra:)``),
/// with no event built; its personal-data references, if its type has any, rendered as they are
/// met (``PersonalDataCollector``). A record of an older version (to upcast) or of a type this
/// build does not know, and any record the straight path refuses, is decoded and written from the
/// event, as it always was: so a damaged record still fails with the decoder's error. Both paths
/// give the same bytes (`JSONLineWriterTests`, `RecordJSONTests`).
final class JSONLineWriter {
    /// The buffered size at which the exporter hands the lines to the file: large, as each
    /// hand-over wakes the writing thread and advises the system (at 64 KiB those took more time
    /// than the writes; 1 MiB took less system time than 256 KiB).
    static let flushThreshold = 1 << 20

    private var lines = JSONByteBuffer(capacity: flushThreshold + 4096)
    private let encoder = JSONPayloadBuffers()
    private let renderer: PersonalDataRenderer
    private let collector: PersonalDataCollector

    /// A writer rendering personal data with `renderer`.
    init(renderer: PersonalDataRenderer) {
        self.renderer = renderer
        collector = PersonalDataCollector(renderer: renderer)
    }

    /// Calls `body` with the line buffer, moved out of the writer for the call: an export's loop
    /// writes its lines through the `inout` parameter, not through this class's property (each
    /// access to which is checked for exclusivity at run time, twice per line).
    /// - Throws: what `body` throws.
    func withLines<Result>(_ body: (inout JSONByteBuffer) throws(ExportError) -> Result) throws(ExportError) -> Result {
        var local = JSONByteBuffer(capacity: 0)
        swap(&local, &lines)
        defer { swap(&local, &lines) }
        return try body(&local)
    }

    /// Appends the line of the log record `record` at `position`, whose envelope is `envelope`:
    /// straight from its bytes when it can, else from the event `decoded()` returns.
    /// - Throws: ``ExportError``: what `decoded` throws (`.undecodableEvent` for a damaged
    ///   record), `.undecodableEvent` if the event cannot be written.
    func append(record: UnsafeRawBufferPointer, envelope: RecordEnvelope, position: UInt64,
                decoded: () throws(ExportError) -> RecordedEvent) throws(ExportError) {
        try append(record: record, envelope: envelope, position: position, to: &lines, decoded: decoded)
    }

    /// Appends the line of the log record `record` to `lines`, as
    /// ``append(record:envelope:position:decoded:)`` does to the writer's own buffer.
    /// - Throws: as ``append(record:envelope:position:decoded:)``.
    func append(record: UnsafeRawBufferPointer, envelope: RecordEnvelope, position: UInt64, to lines: inout JSONByteBuffer,
                decoded: () throws(ExportError) -> RecordedEvent) throws(ExportError) {
        if let kind = envelope.currentKind {
            let written = kind.holdsPersonalData
                ? appendRendered(record: record, envelope: envelope, position: position, kind: kind, to: &lines)
                : Self.appendStraight(record: record, envelope: envelope, position: position, kind: kind, to: &lines)
            if written { return }
        }
        try append(try decoded(), to: &lines)
    }

    /// Appends the line of a record of a current known kind without personal data, its body
    /// transcoded by the kind's compiled program; returns false (and takes back the partial line)
    /// when the record does not hold its kind's shape, for the decoder to name the damage.
    private static func appendStraight(record: UnsafeRawBufferPointer, envelope: RecordEnvelope, position: UInt64,
                                       kind: EventKind, to lines: inout JSONByteBuffer) -> Bool {
        let lineStart = lines.count
        do {
            try envelope.appendJSON(record: record, position: position, kind: kind, to: &lines)
        } catch {
            lines.removeLast(from: lineStart)
            return false
        }
        lines.write(byte: 0x0A)
        return true
    }

    /// Appends the line of a record whose type holds personal data, its references rendered as
    /// the transcode meets them and their texts in a `personalData` member (none when the record
    /// holds no reference, as for a decoded event); returns false (and takes back the partial
    /// line) as ``appendStraight(record:envelope:position:kind:to:)`` does.
    private func appendRendered(record: UnsafeRawBufferPointer, envelope: RecordEnvelope, position: UInt64,
                                kind: EventKind, to lines: inout JSONByteBuffer) -> Bool {
        let lineStart = lines.count
        let collector = self.collector
        do {
            // `personalData` sorts after `payload`, so the payload's references are all met when
            // the member is written.
            try envelope.appendJSON(record: record, position: position, kind: kind, to: &lines, references: collector.rendering(),
                                    extraKey: PersonalDataMember.key) { out in PersonalDataMember.write(collector.members, to: &out) }
        } catch {
            lines.removeLast(from: lineStart)
            return false
        }
        if collector.members.isEmpty {
            lines.removeLast(from: lineStart)
            return Self.appendStraight(record: record, envelope: envelope, position: position, kind: kind, to: &lines)
        }
        lines.write(byte: 0x0A)
        return true
    }

    /// Appends the line of `event` as exported under the renderer (its JSON object and an LF).
    /// - Throws: ``ExportError`` `.undecodableEvent` if the event cannot be encoded (a double that
    ///   is not finite, which validated events never hold).
    func append(_ event: RecordedEvent) throws(ExportError) { try append(event, to: &lines) }

    /// Appends the line of `event` to `lines`, as ``append(_:)`` does to the writer's own buffer.
    /// - Throws: as ``append(_:)``.
    func append(_ event: RecordedEvent, to lines: inout JSONByteBuffer) throws(ExportError) {
        let (exported, texts) = renderer.rendered(event)
        encoder.writer.bytes.removeAll(keepingCapacity: true)
        do {
            if texts.isEmpty {
                try exported.appendJSON(to: encoder)
            } else {
                let members = texts.map { (key: $0.path.description, text: $0.text) }
                try exported.appendJSON(to: encoder, extraKey: PersonalDataMember.key) { PersonalDataMember.write(members, to: &$0) }
            }
        } catch {
            throw ExportError(.undecodableEvent, "the event could not be written as JSON: \(error)", position: event.position)
        }
        encoder.writer.bytes.withUnsafeBytes { lines.write(raw: $0) }
        lines.write(byte: 0x0A)
    }

    /// Hands the bytes of `lines` to `file` (to be written behind) and leaves `lines` empty.
    /// - Throws: ``ExportError`` `.outputFailed` when a write fails.
    static func flush(_ lines: inout JSONByteBuffer, to file: ExportOutputFile) throws(ExportError) {
        try file.write(taking: &lines)
    }

    /// The lines gathered and not yet flushed (for tests).
    var bufferedBytes: [UInt8] { lines.bytes }
}
