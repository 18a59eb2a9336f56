import Events
import Foundation

extension LogExporter {
    /// Writes the events that pass `filter` as CSV, one file per event type in `directory`
    /// (created if missing): `<type>.csv`, e.g. `vocabulary.review-graded.csv`; events of a type
    /// or version this build does not know go to `<type>.v<version>.csv`. Each file has a header
    /// row, then one RFC 4180 record (CRLF) per event in log order; columns as
    /// ``EventCSVLayout`` documents (envelope columns, then the event's fields).
    /// - Throws: ``ExportError`` for the log (as ``exportJSONLines(to:filter:)``), `.outputFailed`
    ///   when the directory or a file cannot be written.
    /// - Complexity: O(log size) time; memory O(number of event types) (one buffer per open file).
    public func exportCSV(toDirectory directory: String, filter: ExportFilter = ExportFilter()) throws(ExportError) -> ExportSummary {
        let last = try lastPosition()
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw ExportError(.outputFailed, "cannot create the output directory: \(error.localizedDescription)", path: directory)
        }
        var tables: [String: CSVTableWriter] = [:]
        var order: [String] = []
        var rows = 0
        let renderer = self.renderer
        defer { progress?.finish() }
        try scan(through: last) { (event) throws(ExportError) in
            guard filter.includes(event) else { return }
            let name: String
            if case .unknown(let unknown) = event.event {
                name = "\(unknown.typeName).v\(unknown.schemaVersion).csv"
            } else {
                name = event.typeName + ".csv"
            }
            let table: CSVTableWriter
            if let existing = tables[name] {
                table = existing
            } else {
                table = try CSVTableWriter(path: directory + "/" + name, layout: EventCSVLayout(of: event.event), renderer: renderer)
                tables[name] = table
                order.append(name)
            }
            try table.append(event)
            rows += 1
        }
        for name in order { try tables[name]?.commit() }
        return ExportSummary(recordsRead: last, rowsWritten: rows, files: order.map { directory + "/" + $0 })
    }

    /// Writes the events of type `type` that pass `filter` to the CSV file `path` (the header,
    /// then one record per event; see ``exportCSV(toDirectory:filter:)``). With no such event the
    /// file holds the envelope columns only.
    /// - Throws: ``ExportError``: `.invalidRequest` for an empty type name, else as
    ///   ``exportCSV(toDirectory:filter:)``.
    public func exportCSV(type: String, to path: String, filter: ExportFilter = ExportFilter()) throws(ExportError) -> ExportSummary {
        guard !type.isEmpty else {
            throw ExportError(.invalidRequest, "the event type to export is empty; give a name such as vocabulary.review-graded")
        }
        let last = try lastPosition()
        var typeFilter = filter
        typeFilter.types = [type]
        var table: CSVTableWriter?
        var rows = 0
        let renderer = self.renderer
        defer { progress?.finish() }
        try scan(through: last) { (event) throws(ExportError) in
            guard typeFilter.includes(event) else { return }
            if table == nil { table = try CSVTableWriter(path: path, layout: EventCSVLayout(of: event.event), renderer: renderer) }
            try table?.append(event)
            rows += 1
        }
        if let table {
            try table.commit()
        } else {
            try CSVTableWriter(path: path, layout: EventCSVLayout(fields: []), renderer: renderer).commit()
        }
        return ExportSummary(recordsRead: last, rowsWritten: rows, files: [path])
    }
}

/// One CSV file of an export: its layout, its output and reused buffers. Each record is
/// written as bytes: the envelope's cells directly, the payload's from its JSON (written by the
/// event JSON writer with personal data as text, read back by the JSON parser).
final class CSVTableWriter {
    /// The buffered size at which records are handed to the file.
    private static let flushThreshold = 1 << 16

    private let file: ExportOutputFile
    private let layout: EventCSVLayout
    private let payloadEncoder = JSONPayloadBuffers()
    private var parser = JSONParser()
    private var records = JSONWriter()

    /// Creates the file and writes the header row; personal data is shown under `renderer`.
    /// - Throws: ``ExportError`` `.outputFailed`.
    init(path: String, layout: EventCSVLayout, renderer: PersonalDataRenderer) throws(ExportError) {
        file = try ExportOutputFile(path: path)
        self.layout = layout
        payloadEncoder.referenceText = { renderer.text(of: $0) }
        CSVText.appendRecord(layout.header, to: &records.bytes)
    }

    /// Writes the record of `event`.
    /// - Throws: ``ExportError``: `.undecodableEvent` if the payload cannot be written as JSON,
    ///   `.outputFailed` when a write fails.
    func append(_ event: RecordedEvent) throws(ExportError) {
        payloadEncoder.writer.bytes.removeAll(keepingCapacity: true)
        do { try event.event.appendJSONPayload(to: payloadEncoder) } catch {
            throw ExportError(.undecodableEvent, "the event could not be flattened to CSV: \(error)", position: event.position)
        }
        let parsed = payloadEncoder.writer.bytes.withUnsafeBytes { bytes in
            Result { () throws(EventDecodingError) in
                layout.appendRecord(of: event, payload: try parser.parse(bytes), to: &records)
            }
        }
        do { try parsed.get() } catch {
            throw ExportError(.undecodableEvent, "the event could not be flattened to CSV: \(error)", position: event.position)
        }
        if records.bytes.count >= Self.flushThreshold { try flush() }
    }

    /// Finishes the file.
    /// - Throws: ``ExportError`` `.outputFailed`.
    func commit() throws(ExportError) {
        try flush()
        try file.commit()
    }

    private func flush() throws(ExportError) {
        let result = records.bytes.withUnsafeBytes { bytes in Result { () throws(ExportError) in try file.write(bytes) } }
        records.bytes.removeAll(keepingCapacity: true)
        try result.get()
    }
}
