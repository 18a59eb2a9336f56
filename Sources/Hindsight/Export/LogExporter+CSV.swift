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
        // The tables of current known kinds, by kind: found without building a name per record.
        var kindTables = [CSVTableWriter?](repeating: nil, count: EventKind.allCases.count)
        var order: [String] = []
        var rows = 0
        let renderer = self.renderer
        defer { progress?.finish() }
        try scanRecords(through: last) { (position, record) throws(ExportError) in
            let envelope = try envelope(of: record, position: position)
            guard filter.includes(envelope) else { return }
            if let kind = envelope.currentKind, let table = kindTables[Int(kind.rawValue)] {
                try table.append(record: record, envelope: envelope, position: position) { () throws(ExportError) in
                    try decode(record, position: position)
                }
                rows += 1
                return
            }
            let event = try decode(record, position: position)
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
            if let kind = envelope.currentKind { kindTables[Int(kind.rawValue)] = table }
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
        try scanRecords(through: last) { (position, record) throws(ExportError) in
            let envelope = try envelope(of: record, position: position)
            guard typeFilter.includes(envelope) else { return }
            if let table {
                try table.append(record: record, envelope: envelope, position: position) { () throws(ExportError) in
                    try decode(record, position: position)
                }
            } else {
                let event = try decode(record, position: position)
                let first = try CSVTableWriter(path: path, layout: EventCSVLayout(of: event.event), renderer: renderer)
                table = first
                try first.append(event)
            }
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
/// written as bytes: the envelope's cells directly, the payload's from the JSON of its values.
/// A record of a current known kind without personal data is written straight from its log
/// bytes (the envelope read in place, the members' values transcoded by the kind's shape,
/// ``RecordEnvelope/appendMemberValues(record:kind:to:bounds:)``), with no event built; any other
/// (older versions, unknown types, personal data, a record the straight path refuses) from its
/// decoded event, whose payload JSON (personal data as text) is read back by the JSON parser.
/// Both give the same bytes (`CSVExportTests`).
final class CSVTableWriter {
    /// The buffered size at which records are handed to the file.
    private static let flushThreshold = 1 << 16
    /// The size of the buffers the file writes behind: an export keeps a file open per event
    /// type, each holding up to two of them (the one filling, the one being written), so a
    /// quarter of the JSON Lines export's one file's.
    private static let fileBufferSize = 1 << 18

    private let file: ExportOutputFile
    private let layout: EventCSVLayout
    private let payloadEncoder = JSONPayloadBuffers()
    private var parser = JSONParser()
    private var records = JSONByteBuffer(capacity: flushThreshold + 4096)
    private var values = JSONByteBuffer(capacity: 1024)
    private var bounds: [Range<Int>?] = []
    /// How many records were written straight from their log bytes (for tests).
    private(set) var recordsWrittenStraight = 0

    /// Creates the file and writes the header row; personal data is shown under `renderer`.
    /// - Throws: ``ExportError`` `.outputFailed`.
    init(path: String, layout: EventCSVLayout, renderer: PersonalDataRenderer) throws(ExportError) {
        file = try ExportOutputFile(path: path, bufferSize: Self.fileBufferSize)
        self.layout = layout
        payloadEncoder.referenceText = { renderer.text(of: $0) }
        var header: [UInt8] = []
        CSVText.appendRecord(layout.header, to: &header)
        header.withUnsafeBytes { records.write(raw: $0) }
    }

    /// Writes the record of the log record `record` at `position`, whose envelope is `envelope`:
    /// straight from its bytes when it can, else from the event `decoded()` returns.
    /// - Throws: ``ExportError``: what `decoded` throws (`.undecodableEvent` for a damaged
    ///   record), else as ``append(_:)``.
    func append(record: UnsafeRawBufferPointer, envelope: RecordEnvelope, position: UInt64,
                decoded: () throws(ExportError) -> RecordedEvent) throws(ExportError) {
        if let kind = envelope.currentKind, kind == layout.kind, !kind.holdsPersonalData {
            values.removeAll()
            // A record the straight path refuses is left to the decoder, which names the damage.
            if (try? envelope.appendMemberValues(record: record, kind: kind, to: &values, bounds: &bounds)) != nil {
                values.withUnsafeBytes { values in
                    layout.appendRecord(envelope: envelope, position: position, values: values, bounds: bounds, to: &records)
                }
                recordsWrittenStraight += 1
                if records.count >= Self.flushThreshold { try flush() }
                return
            }
        }
        try append(try decoded())
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
        if records.count >= Self.flushThreshold { try flush() }
    }

    /// Finishes the file.
    /// - Throws: ``ExportError`` `.outputFailed`.
    func commit() throws(ExportError) {
        try flush()
        try file.commit()
    }

    private func flush() throws(ExportError) {
        let result = records.withUnsafeBytes { bytes in Result { () throws(ExportError) in try file.write(bytes) } }
        records.removeAll()
        try result.get()
    }

    /// The records gathered and not yet handed to the file (for tests).
    var bufferedBytes: [UInt8] { records.bytes }
}
