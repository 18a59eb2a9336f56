import Events

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

    /// A layout with these field columns.
    init(fields: [String]) { self.fields = fields }

    /// The layout of `event`'s type: its fields in declaration order (read by reflection, which
    /// lists absent optionals too, so every event of the type gets the same columns).
    init(of event: DomainEvent) {
        if case .unknown = event {
            fields = ["payload"]
            return
        }
        let payload = Mirror(reflecting: event).children.first?.value
        fields = payload.map { Mirror(reflecting: $0).children.compactMap(\.label) } ?? []
    }

    /// Appends the record of `event` to `out`: its cells in header order, then CRLF. `payload` is
    /// the JSON of the event's payload with every personal-data reference written as its text
    /// under the export's policy (``JSONPayloadBuffers/referenceText``).
    func appendRecord(of event: RecordedEvent, payload: JSONDocument, to out: inout JSONWriter) {
        out.write(event.position)
        out.write(byte: 0x2C)
        out.write(unquoted: event.id.uuid)
        out.write(byte: 0x2C)
        CSVText.appendField(event.typeName, to: &out.bytes)
        out.write(byte: 0x2C)
        out.write(UInt64(event.schemaVersion))
        out.write(byte: 0x2C)
        CSVText.appendField(event.stream.category, to: &out.bytes)
        out.write(byte: 0x2C)
        out.write(unquoted: event.stream.id)
        out.write(byte: 0x2C)
        out.write(event.streamVersion)
        out.write(byte: 0x2C)
        out.write(unquoted: event.profile.uuid)
        out.write(byte: 0x2C)
        out.write(event.occurred.instant.milliseconds)
        out.write(byte: 0x2C)
        out.write(Int64(event.occurred.utcOffset.seconds))
        out.write(byte: 0x2C)
        out.write(event.recordedAt.milliseconds)
        let root = payload.root
        switch payload.kind(root) {
        case .object:
            for field in fields {
                out.write(byte: 0x2C)
                if let value = payload.member(root, field) { Self.appendCell(payload, value, to: &out) }
            }
        case .string, .escapedString:
            // An unknown event: its one cell is the base64 of its body.
            out.write(byte: 0x2C)
            Self.appendCell(payload, root, to: &out)
        default:
            for _ in fields { out.write(byte: 0x2C) }
        }
        out.bytes.append(contentsOf: CSVText.lineEnd)
    }

    /// Appends the cell of value `index`: a string's text, nothing for null, any other value's JSON.
    private static func appendCell(_ document: JSONDocument, _ index: JSONDocument.Index, to out: inout JSONWriter) {
        switch document.kind(index) {
        case .string: CSVText.appendField(document.rawBytes(index), to: &out.bytes)
        case .escapedString: document.unescaped(index).withUnsafeBytes { CSVText.appendField($0, to: &out.bytes) }
        case .null: break
        default: CSVText.appendField(document.text(index), to: &out.bytes)
        }
    }
}
