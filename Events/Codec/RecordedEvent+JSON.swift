import Foundation

/// The JSON form of the whole envelope, used by exports (JSON Lines) and imports. Keys (written
/// sorted by ``EventJSONCodec``): `eventId`, `occurredAt` (ms), `payload`, `position`,
/// `profileId`, `recordedAt` (ms), `schemaVersion`, `streamCategory`, `streamId`,
/// `streamVersion`, `type`, `utcOffsetSeconds`. `payload` is the event's object, or for an
/// unknown event the base64 of its log-encoded body. See `Events/FORMAT.md`.
extension RecordedEvent: Codable {
    enum CodingKeys: String, CodingKey {
        case eventId, position, streamCategory, streamId, streamVersion, profileId
        case occurredAt, utcOffsetSeconds, recordedAt, type, schemaVersion, payload
    }

    /// Writes the envelope; an unknown event's payload as the base64 of its log-encoded body.
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .eventId)
        try container.encode(position, forKey: .position)
        try container.encode(stream.category, forKey: .streamCategory)
        try container.encode(stream.id, forKey: .streamId)
        try container.encode(streamVersion, forKey: .streamVersion)
        try container.encode(profile, forKey: .profileId)
        try container.encode(occurred.instant, forKey: .occurredAt)
        try container.encode(occurred.utcOffset, forKey: .utcOffsetSeconds)
        try container.encode(recordedAt, forKey: .recordedAt)
        try container.encode(event.typeName, forKey: .type)
        try container.encode(event.schemaVersion, forKey: .schemaVersion)
        try event.encodeJSONPayload(in: &container, forKey: .payload)
    }

    /// Reads an envelope. A known type and version decodes its payload object (older versions
    /// are upcast); a payload given as a base64 string is the log-encoded body, decoded when
    /// known and otherwise kept as ``UnknownEvent``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let category = try container.decode(String.self, forKey: .streamCategory)
        do {
            stream = try StreamID(category: category, id: try container.decode(UUID.self, forKey: .streamId))
        } catch let error as EventValidationError {
            throw DecodingError.dataCorruptedError(forKey: .streamCategory, in: container, debugDescription: error.description)
        }
        position = try container.decode(UInt64.self, forKey: .position)
        id = try container.decode(EventID.self, forKey: .eventId)
        streamVersion = try container.decode(UInt64.self, forKey: .streamVersion)
        profile = try container.decode(ProfileID.self, forKey: .profileId)
        occurred = EventTime(instant: try container.decode(Timestamp.self, forKey: .occurredAt),
                             utcOffset: try container.decode(UTCOffset.self, forKey: .utcOffsetSeconds))
        recordedAt = try container.decode(Timestamp.self, forKey: .recordedAt)
        let typeName = try container.decode(String.self, forKey: .type)
        let version = try container.decode(UInt32.self, forKey: .schemaVersion)
        let kind = EventRegistry.kind(named: typeName)
        if let base64 = try? container.decode(String.self, forKey: .payload) {
            guard let body = Data(base64Encoded: base64) else {
                throw DecodingError.dataCorruptedError(forKey: .payload, in: container,
                    debugDescription: "a string payload must be the base64 of the log-encoded body")
            }
            event = try Self.decodeBody([UInt8](body), kind: kind, typeName: typeName, version: version)
        } else if let kind, let known = try DomainEvent.decodeJSONPayload(kind: kind, version: version, from: container, forKey: .payload) {
            event = known
        } else {
            throw DecodingError.dataCorruptedError(forKey: .payload, in: container,
                debugDescription: "\(typeName) version \(version) is not known to this build, so its payload must be given as base64 of the log-encoded body")
        }
    }

    /// The event whose log-encoded body is `body`, read by the log's body decoder; kept as
    /// ``UnknownEvent`` when this build does not know the type or version.
    /// - Throws: ``EventDecodingError`` when the body is malformed or breaks a rule.
    private static func decodeBody(_ body: [UInt8], kind: EventKind?, typeName: String, version: UInt32) throws(EventDecodingError) -> DomainEvent {
        let unknown = DomainEvent.unknown(UnknownEvent(typeName: typeName, schemaVersion: version, payload: body))
        guard let kind else { return unknown }
        let result = body.withUnsafeBytes { bytes in
            Result { () throws(EventDecodingError) -> DomainEvent in
                try withUnsafeTemporaryAllocation(of: DomainEvent.self, capacity: 1) { (slot) throws(EventDecodingError) -> DomainEvent in
                    // A temporary allocation of capacity 1 always has a base address.
                    let target = slot.baseAddress!
                    var reader = BinaryReader(bytes)
                    guard try DomainEvent.decodeBody(kind: kind, version: version, from: &reader, initializing: target) else { return unknown }
                    let event = target.move()
                    try reader.expectEnd()
                    return event
                }
            }
        }
        return try result.get()
    }
}
