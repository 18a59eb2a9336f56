import Events
import Foundation

/// The JSON of an event as Foundation's coders wrote and read it before the event JSON writer
/// existed (`JSONEncoder` with `.sortedKeys` and `.withoutEscapingSlashes` over the envelope and
/// the payload struct's `Codable` conformance): the reference the writer and reader are held to.
struct FoundationEnvelope: Codable, Equatable {
    let event: RecordedEvent

    init(_ event: RecordedEvent) { self.event = event }

    enum CodingKeys: String, CodingKey {
        case eventId, position, streamCategory, streamId, streamVersion, profileId
        case occurredAt, utcOffsetSeconds, recordedAt, type, schemaVersion, payload
    }

    /// The bytes `JSONEncoder` gives for `event`.
    static func encoded(_ event: RecordedEvent) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(FoundationEnvelope(event)))
    }

    /// The event `JSONDecoder` reads from `bytes`.
    static func decoded(_ bytes: [UInt8]) throws -> RecordedEvent {
        try JSONDecoder().decode(FoundationEnvelope.self, from: Data(bytes)).event
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(event.id, forKey: .eventId)
        try container.encode(event.position, forKey: .position)
        try container.encode(event.stream.category, forKey: .streamCategory)
        try container.encode(event.stream.id, forKey: .streamId)
        try container.encode(event.streamVersion, forKey: .streamVersion)
        try container.encode(event.profile, forKey: .profileId)
        try container.encode(event.occurred.instant, forKey: .occurredAt)
        try container.encode(event.occurred.utcOffset, forKey: .utcOffsetSeconds)
        try container.encode(event.recordedAt, forKey: .recordedAt)
        try container.encode(event.typeName, forKey: .type)
        try container.encode(event.schemaVersion, forKey: .schemaVersion)
        if case .unknown(let unknown) = event.event {
            try container.encode(Data(unknown.payload).base64EncodedString(), forKey: .payload)
        } else if let kind = event.event.kind {
            var payload = PayloadOf(event: event.event)
            try container.encode(kind.withType(&payload), forKey: .payload)
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let typeName = try container.decode(String.self, forKey: .type)
        guard let kind = EventRegistry.knownTypes.firstIndex(where: { $0.typeName == typeName }).map({ EventKind.allCases[$0] }) else {
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "unknown type")
        }
        var reader = PayloadReader(container: container)
        event = RecordedEvent(
            position: try container.decode(UInt64.self, forKey: .position), id: try container.decode(EventID.self, forKey: .eventId),
            stream: try StreamID(category: try container.decode(String.self, forKey: .streamCategory),
                                 id: try container.decode(UUID.self, forKey: .streamId)),
            streamVersion: try container.decode(UInt64.self, forKey: .streamVersion),
            profile: try container.decode(ProfileID.self, forKey: .profileId),
            occurred: EventTime(instant: try container.decode(Timestamp.self, forKey: .occurredAt),
                                utcOffset: try container.decode(UTCOffset.self, forKey: .utcOffsetSeconds)),
            recordedAt: try container.decode(Timestamp.self, forKey: .recordedAt), event: try kind.withType(&reader))
    }

    /// The payload struct of a known event, as an `Encodable`.
    private struct PayloadOf: EventTypeVisitor {
        let event: DomainEvent
        func visit<Payload: RegisteredEvent>(_ type: Payload.Type, embed: (Payload) -> DomainEvent,
                                             extract: (DomainEvent) -> Payload?) -> any Encodable {
            extract(event)!
        }
    }

    /// Decodes the payload struct of one kind with `JSONDecoder`.
    private struct PayloadReader: EventTypeVisitor {
        let container: KeyedDecodingContainer<CodingKeys>
        func visit<Payload: RegisteredEvent>(_ type: Payload.Type, embed: (Payload) -> DomainEvent,
                                             extract: (DomainEvent) -> Payload?) throws(any Error) -> DomainEvent {
            embed(try container.decode(Payload.self, forKey: .payload))
        }
    }
}
