import Foundation

// The JSON payload of an event, dispatched by kind through the registration table
// (`EventKind.withType`): written once here for every event type.

extension DomainEvent {
    /// Encodes the payload object of a known event under `key`; for an unknown event, the base64
    /// of its log-encoded body.
    /// - Throws: the encoder's error.
    func encodeJSONPayload<Key: CodingKey>(in container: inout KeyedEncodingContainer<Key>, forKey key: Key) throws {
        guard let kind else {
            // `kind` is nil for `.unknown` only.
            if case .unknown(let event) = self { try container.encode(Data(event.payload).base64EncodedString(), forKey: key) }
            return
        }
        try withUnsafeMutablePointer(to: &container) { container in
            var encoder = PayloadEncoder(event: self, container: container, key: key)
            try kind.withType(&encoder)
        }
    }

    /// Decodes the payload object of an event of `kind` at schema `version` under `key`, upcasting
    /// older versions; nil when this build does not know that version.
    /// - Throws: the decoder's error when the payload is malformed or breaks a rule.
    static func decodeJSONPayload<Key: CodingKey>(kind: EventKind, version: UInt32, from container: KeyedDecodingContainer<Key>,
                                                  forKey key: Key) throws -> DomainEvent? {
        var decoder = PayloadDecoder(version: version, container: container, key: key)
        return try kind.withType(&decoder)
    }

    /// Encodes a known event's payload object: the table's `extract` of its kind gives it.
    private struct PayloadEncoder<Key: CodingKey>: EventTypeVisitor {
        let event: DomainEvent
        let container: UnsafeMutablePointer<KeyedEncodingContainer<Key>>
        let key: Key

        func visit<Payload: RegisteredEvent>(_ type: Payload.Type, embed: (consuming Payload) -> DomainEvent,
                                             extract: (DomainEvent) -> Payload?) throws(any Error) {
            // The kind was read from `event`, so `extract` finds its payload.
            try container.pointee.encode(extract(event)!, forKey: key)
        }
    }

    /// Decodes a payload object of one kind at one schema version.
    private struct PayloadDecoder<Key: CodingKey>: EventTypeVisitor {
        let version: UInt32
        let container: KeyedDecodingContainer<Key>
        let key: Key

        func visit<Payload: RegisteredEvent>(_ type: Payload.Type, embed: (consuming Payload) -> DomainEvent,
                                             extract: (DomainEvent) -> Payload?) throws(any Error) -> DomainEvent? {
            try Payload.reading(version: version, { () throws(any Error) in try container.decode(Payload.self, forKey: key) },
                                earlier: { earlier throws(any Error) in try earlier.upcasting(from: container, forKey: key) }).map(embed)
        }
    }
}

extension EarlierEventVersion {
    /// The current version of the event whose payload object, in this earlier version's shape, is
    /// under `key` in `container`.
    /// - Throws: the decoder's error when the payload is malformed or breaks a rule.
    static func upcasting<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> Current {
        try container.decode(Self.self, forKey: key).upcastToCurrent()
    }
}
