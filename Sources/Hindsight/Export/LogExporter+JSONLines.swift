import Events
import Foundation

extension LogExporter {
    /// Writes the events that pass `filter` to `path` as JSON Lines, in log order: one
    /// ``EventJSONCodec`` object per line (keys sorted; `Events/FORMAT.md`), LF after each.
    ///
    /// An event with personal-data fields gets one more top-level key, `personalData`: an object
    /// from each field's path in the payload (`name`, `childName`, `title`, `pages[0].text`) to
    /// its text under the ``PersonalDataPolicy`` (the value, `[erased]`, `[unknown]`, or the
    /// pseudonym). The line still decodes with ``EventJSONCodec`` (the extra key is ignored): to
    /// the very event recorded when resolving, and to the event with pseudonymous references
    /// when redacting.
    /// - Throws: ``ExportError``: `.missingLog` / `.emptyLog` / `.unreadableLog` /
    ///   `.undecodableEvent` for the log, `.outputFailed` for the file.
    /// - Complexity: O(log size) time, O(1) memory (a 64 KiB output buffer).
    public func exportJSONLines(to path: String, filter: ExportFilter = ExportFilter()) throws(ExportError) -> ExportSummary {
        let last = try lastPosition()
        let file = try ExportOutputFile(path: path)
        let writer = JSONLineWriter()
        let renderer = self.renderer
        var rows = 0
        defer { progress?.finish() }
        try scan(through: last) { (event) throws(ExportError) in
            guard filter.includes(event) else { return }
            let line = try writer.line(for: event, renderer: renderer)
            try file.write(line)
            try file.write(byte: 0x0A)
            rows += 1
        }
        try file.commit()
        return ExportSummary(recordsRead: last, rowsWritten: rows, files: [path])
    }
}

/// Encodes the JSON Lines of an export (one reused codec and encoder).
final class JSONLineWriter {
    private let codec = EventJSONCodec()
    private let encoder: JSONEncoder

    init() {
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    }

    /// The JSON object (no newline) of `event` as exported under `renderer`.
    /// - Throws: ``ExportError`` `.undecodableEvent` if the event cannot be encoded (not expected
    ///   for validated events).
    func line(for event: RecordedEvent, renderer: PersonalDataRenderer) throws(ExportError) -> Data {
        let texts = renderer.texts(of: event.event)
        let exported = renderer.exported(event)
        do {
            if texts.isEmpty { return try codec.encode(exported) }
            var personal: [String: String] = [:]
            for (path, text) in texts { personal[path.description] = text }
            return try encoder.encode(EventWithPersonalData(event: exported, personalData: personal))
        } catch {
            throw ExportError(.undecodableEvent, "the event could not be written as JSON: \(error)", position: event.position)
        }
    }
}

/// An envelope plus the `personalData` object, encoded as one flat JSON object.
private struct EventWithPersonalData: Encodable {
    enum Key: String, CodingKey { case personalData }
    let event: RecordedEvent
    let personalData: [String: String]

    func encode(to encoder: any Encoder) throws {
        try event.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(personalData, forKey: .personalData)
    }
}
