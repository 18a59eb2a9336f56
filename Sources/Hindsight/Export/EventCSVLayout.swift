import Events
import Foundation

/// The columns of an event type's CSV and the cells of its events.
///
/// Column naming: first the envelope, always the same eleven columns
/// `position,eventId,type,schemaVersion,streamCategory,streamId,streamVersion,profileId,occurredAt,utcOffsetSeconds,recordedAt`
/// (instants in integer milliseconds since 1970-01-01T00:00Z, as in the JSON envelope); then one
/// column per field of the event, named as the field's JSON key (its Swift property name, e.g.
/// `card`, `rating`, `mode`, `duration`) in declaration order. Cells hold the field's JSON value
/// flattened to text: strings as they are (no JSON quotes), numbers and booleans as JSON writes
/// them, an absent optional as an empty cell, arrays and objects (word lists, scheduler
/// parameters, a setting value, story pages) as compact JSON with sorted keys. Personal-data
/// fields hold their text under the policy (for `pages`, inside the JSON: each page's `text`).
/// An event of a type or version this build does not know has one field column, `payload`: the
/// base64 of its log-encoded body, as in JSON Lines.
struct EventCSVLayout {
    /// The envelope's columns.
    static let envelopeColumns = ["position", "eventId", "type", "schemaVersion", "streamCategory", "streamId",
                                  "streamVersion", "profileId", "occurredAt", "utcOffsetSeconds", "recordedAt"]

    /// The event's field columns.
    let fields: [String]

    /// The full header row.
    var header: [String] { Self.envelopeColumns + fields }

    /// The kind whose fields these are (nil for an unknown type's one column, or columns given).
    let kind: EventKind?

    /// A layout with these field columns.
    init(fields: [String]) {
        self.fields = fields
        kind = nil
    }

    /// The layout of `event`'s type: its fields in declaration order, named by their JSON keys
    /// (its kind's JSON shape, which lists the struct's stored properties in that order, absent
    /// optionals too, so every event of the type gets the same columns: `JSONShapeTests`); the
    /// one `payload` column for an unknown event.
    init(of event: DomainEvent) {
        kind = event.kind
        fields = kind.map { kind in kind.jsonShape.fields.map { "\($0.key)" } } ?? ["payload"]
    }

    /// Appends the record of `event` to `out`: its cells in header order, then CRLF. `payload` is
    /// the JSON of the event's payload with every personal-data reference written as its text
    /// under the export's policy (``JSONPayloadBuffers/referenceText``).
    func appendRecord(of event: RecordedEvent, payload: JSONDocument, to out: inout JSONByteBuffer) {
        var typeName = event.typeName
        var category = event.stream.category
        typeName.withUTF8 { typeName in
            category.withUTF8 { category in
                Self.appendEnvelope(position: event.position, id: event.id.uuid, typeName: UnsafeRawBufferPointer(typeName),
                                    schemaVersion: event.schemaVersion, category: UnsafeRawBufferPointer(category),
                                    streamID: event.stream.id, streamVersion: event.streamVersion, profile: event.profile.uuid,
                                    occurred: event.occurred, recordedAt: event.recordedAt, to: &out)
            }
        }
        let root = payload.root
        switch payload.kind(root) {
        case .object:
            for field in fields {
                out.write(byte: 0x2C)
                if let value = payload.member(root, field) { Self.appendCell(json: payload.text(value), to: &out) }
            }
        case .string, .escapedString:
            // An unknown event: its one cell is the base64 of its body.
            out.write(byte: 0x2C)
            Self.appendCell(json: payload.text(root), to: &out)
        default:
            for _ in fields { out.write(byte: 0x2C) }
        }
        out.write(raw: CSVText.lineEnd)
    }

    /// Appends the record of the log record at `position` whose envelope is `envelope` and whose
    /// kind is ``kind``, its payload members' JSON values in `values` at `bounds`, in body order
    /// (``RecordEnvelope/appendMemberValues(record:kind:to:bounds:)``: the order of the field
    /// columns): the same bytes as ``appendRecord(of:payload:to:)`` writes for the decoded event.
    func appendRecord(envelope: RecordEnvelope, position: UInt64, values: UnsafeRawBufferPointer, bounds: [Range<Int>?],
                      to out: inout JSONByteBuffer) {
        Self.appendEnvelope(position: position, id: envelope.id.uuid, typeName: envelope.typeName,
                            schemaVersion: envelope.schemaVersion, category: envelope.streamCategory, streamID: envelope.streamID,
                            streamVersion: envelope.streamVersion, profile: envelope.profile.uuid, occurred: envelope.occurred,
                            recordedAt: envelope.recordedAt, to: &out)
        for value in bounds {
            out.write(byte: 0x2C)
            if let range = value { Self.appendCell(json: UnsafeRawBufferPointer(rebasing: values[range]), to: &out) }
        }
        out.write(raw: CSVText.lineEnd)
    }

    /// Appends the envelope's eleven cells (see the type), without a comma after the last.
    private static func appendEnvelope(position: UInt64, id: UUID, typeName: UnsafeRawBufferPointer, schemaVersion: UInt32,
                                       category: UnsafeRawBufferPointer, streamID: UUID, streamVersion: UInt64, profile: UUID,
                                       occurred: EventTime, recordedAt: Timestamp, to out: inout JSONByteBuffer) {
        out.write(position)
        out.write(byte: 0x2C)
        out.write(unquoted: id)
        out.write(byte: 0x2C)
        CSVText.appendField(typeName, to: &out)
        out.write(byte: 0x2C)
        out.write(UInt64(schemaVersion))
        out.write(byte: 0x2C)
        CSVText.appendField(category, to: &out)
        out.write(byte: 0x2C)
        out.write(unquoted: streamID)
        out.write(byte: 0x2C)
        out.write(streamVersion)
        out.write(byte: 0x2C)
        out.write(unquoted: profile)
        out.write(byte: 0x2C)
        out.write(occurred.instant.milliseconds)
        out.write(byte: 0x2C)
        out.write(Int64(occurred.utcOffset.seconds))
        out.write(byte: 0x2C)
        out.write(recordedAt.milliseconds)
    }

    /// Appends the cell of a field whose JSON value is `json` (the one rule of a cell, for both
    /// paths): a string's text (its escapes resolved), nothing for null, any other value's JSON.
    static func appendCell(json: UnsafeRawBufferPointer, to out: inout JSONByteBuffer) {
        guard json.first == 0x22 else {
            if !json.elementsEqual("null".utf8) { CSVText.appendField(json, to: &out) }
            return
        }
        let text = UnsafeRawBufferPointer(rebasing: json[1..<(json.count - 1)])
        guard text.contains(0x5C) else {
            CSVText.appendField(text, to: &out)
            return
        }
        // A string with escapes (rare): resolved by the parser that reads the export's JSON.
        var parser = JSONParser()
        guard let document = try? parser.parse(json) else { return CSVText.appendField(text, to: &out) }
        document.unescaped(document.root).withUnsafeBytes { CSVText.appendField($0, to: &out) }
    }
}
