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

    /// The cells of `event` (as exported) in header order, with its personal-data texts in place.
    /// - Throws: ``ExportError`` `.undecodableEvent` if the event cannot be encoded as JSON.
    func cells(of event: RecordedEvent, personal: [(path: PersonalDataField.Path, text: String)],
               codec: EventJSONCodec, decoder: JSONDecoder) throws(ExportError) -> [String] {
        var cells = [String(event.position), event.id.uuid.uuidString, event.typeName, String(event.schemaVersion),
                     event.stream.category, event.stream.id.uuidString, String(event.streamVersion),
                     event.profile.uuid.uuidString, String(event.occurred.instant.milliseconds),
                     String(event.occurred.utcOffset.seconds), String(event.recordedAt.milliseconds)]
        var payload: JSONValue
        do {
            let envelope = try decoder.decode([String: JSONValue].self, from: try codec.encode(event))
            payload = envelope["payload"] ?? .null
        } catch {
            throw ExportError(.undecodableEvent, "the event could not be flattened to CSV: \(error)", position: event.position)
        }
        if case .string = payload {
            cells.append(payload.cellText)
            return cells
        }
        for (path, text) in personal {
            payload = payload.replacing(path.components[...], with: .string(text))
        }
        guard case .object(let members) = payload else { return cells + fields.map { _ in "" } }
        for field in fields { cells.append(members[field]?.cellText ?? "") }
        return cells
    }
}
