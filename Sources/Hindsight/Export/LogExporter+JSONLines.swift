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
    /// - Complexity: O(log size) time, O(1) memory (lines are gathered in a 64 KiB buffer).
    public func exportJSONLines(to path: String, filter: ExportFilter = ExportFilter()) throws(ExportError) -> ExportSummary {
        let last = try lastPosition()
        let file = try ExportOutputFile(path: path)
        let lines = JSONLineWriter(renderer: renderer)
        var rows = 0
        defer { progress?.finish() }
        try scan(through: last) { (event) throws(ExportError) in
            guard filter.includes(event) else { return }
            try lines.append(event)
            if lines.bufferedCount >= JSONLineWriter.flushThreshold { try lines.flush(to: file) }
            rows += 1
        }
        try lines.flush(to: file)
        try file.commit()
        return ExportSummary(recordsRead: last, rowsWritten: rows, files: [path])
    }
}

/// Gathers the JSON Lines of an export in one reused buffer (the envelope and payload written
/// straight as bytes by the event JSON writer) and hands it to the output file in large writes.
final class JSONLineWriter {
    /// The buffered size at which the exporter hands the lines to the file.
    static let flushThreshold = 1 << 16

    private let encoder = JSONPayloadBuffers()
    private let renderer: PersonalDataRenderer

    /// A writer rendering personal data with `renderer`.
    init(renderer: PersonalDataRenderer) {
        self.renderer = renderer
        encoder.writer.bytes.reserveCapacity(Self.flushThreshold + 4096)
    }

    /// The bytes gathered and not yet flushed.
    var bufferedCount: Int { encoder.writer.bytes.count }

    /// Appends the line of `event` as exported under the renderer (its JSON object and an LF).
    /// - Throws: ``ExportError`` `.undecodableEvent` if the event cannot be encoded (a double that
    ///   is not finite, which validated events never hold).
    func append(_ event: RecordedEvent) throws(ExportError) {
        let (exported, texts) = renderer.rendered(event)
        let lineStart = encoder.writer.bytes.count
        do {
            if texts.isEmpty {
                try exported.appendJSON(to: encoder)
            } else {
                let members = texts.map { (key: $0.path.description, text: $0.text) }
                    .sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
                try exported.appendJSON(to: encoder, extraKey: "personalData") { writer in
                    writer.write(byte: 0x7B)
                    for (index, member) in members.enumerated() {
                        if index > 0 { writer.write(byte: 0x2C) }
                        writer.write(member.key)
                        writer.write(byte: 0x3A)
                        writer.write(member.text)
                    }
                    writer.write(byte: 0x7D)
                }
            }
        } catch {
            encoder.writer.bytes.removeSubrange(lineStart...)
            throw ExportError(.undecodableEvent, "the event could not be written as JSON: \(error)", position: event.position)
        }
        encoder.writer.write(byte: 0x0A)
    }

    /// Writes the gathered lines to `file` and empties the buffer.
    /// - Throws: ``ExportError`` `.outputFailed` when the write fails.
    func flush(to file: ExportOutputFile) throws(ExportError) {
        let result = encoder.writer.bytes.withUnsafeBytes { bytes in
            Result { () throws(ExportError) in try file.write(bytes) }
        }
        encoder.writer.bytes.removeAll(keepingCapacity: true)
        try result.get()
    }
}
