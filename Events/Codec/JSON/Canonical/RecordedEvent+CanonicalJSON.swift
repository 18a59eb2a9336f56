import Foundation

// The one-pass reading of an event's JSON as an export writes it: the envelope's members in key
// order, the payload an object of a current event type. Nothing is built but the event (no
// document, no `String` but the payload's own); any other text is left to the general path.

extension RecordedEvent {
    /// The event in `bytes` when they are a JSON text in the form an export writes (see
    /// ``CanonicalJSONScanner`` and ``CanonicalBodyReader`` for what that takes: keys in byte
    /// order and no unknown ones, no escapes, whole numbers without fraction or exponent; any
    /// whitespace), of a type and schema version this build knows and with values that keep every
    /// rule; nil for any other text, which ``init(json:at:buffers:)`` then reads (to the same
    /// event, had this one been read) or refuses, saying why.
    init?(canonicalJSON bytes: UnsafeRawBufferPointer, reader: inout CanonicalBodyReader) {
        var scanner = CanonicalJSONScanner(bytes)
        func key(_ key: EnvelopeKey) -> Bool { scanner.consumeKey(key.name) }
        func next() -> Bool { scanner.consume(0x2C) }
        guard scanner.consume(0x7B),
              key(.eventId), let id = scanner.uuid(), next(),
              key(.occurredAt), let occurredAt = scanner.int64(), next(),
              key(.payload), let payload = scanner.skipContainer(), next(),
              key(.position), let position = scanner.uint64(), next(),
              key(.profileId), let profile = scanner.uuid(), next(),
              key(.recordedAt), let recordedAt = scanner.int64(), next(),
              key(.schemaVersion), let version = scanner.uint64(), next(),
              key(.streamCategory), let category = scanner.plainString(), next(),
              key(.streamId), let streamID = scanner.uuid(), next(),
              key(.streamVersion), let streamVersion = scanner.uint64(), next(),
              key(.type), let typeName = scanner.plainString(), next(),
              key(.utcOffsetSeconds), let seconds = scanner.int64(),
              scanner.consume(0x7D), scanner.isAtEndAfterWhitespace()
        else { return nil }
        guard let kind = EventRegistry.kind(named: typeName), version == UInt64(kind.schemaVersion),
              let seconds = Int(exactly: seconds), let offset = try? UTCOffset(seconds: seconds),
              let stream = Self.stream(category: category, id: streamID),
              reader.read(payload, shape: kind.jsonShape),
              let event = reader.body.bytes.withUnsafeBytes({ try? DomainEvent.decodeCurrentBody($0, kind: kind) })
        else { return nil }
        self.init(position: position, id: EventID(id), stream: stream, streamVersion: streamVersion, profile: ProfileID(profile),
                  occurred: EventTime(instant: Timestamp(milliseconds: occurredAt), utcOffset: offset),
                  recordedAt: Timestamp(milliseconds: recordedAt), event: event)
    }

    /// The stream of `category` (UTF-8 without escapes) and `id`, or nil when the category breaks its rule.
    @inline(__always) private static func stream(category: UnsafeRawBufferPointer, id: UUID) -> StreamID? {
        if let known = StreamID.knownCategory(category) { return StreamID(kind: known, id: id) }
        return try? StreamID(category: String(decoding: category, as: UTF8.self), id: id)
    }
}
