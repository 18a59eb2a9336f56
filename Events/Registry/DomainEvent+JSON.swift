import Foundation

// The JSON payload of an event, dispatched by kind through the registration table
// (`EventKind.withType`): written once here for every event type. The payload passes through
// its log body: written by the binary codec and transcoded to JSON by the type's ``JSONShape``;
// read by transcoding the JSON to a body that the log's body decoder reads and validates. Only
// payloads of earlier schema versions (old exports) are read through `Codable`.

extension DomainEvent {
    /// Appends the payload of this event to `buffers`' writer: a known event's object, an
    /// unknown event's base64 of its log-encoded body.
    /// - Throws: `EncodingError` for a double that is not finite (validated events never hold one).
    package func appendJSONPayload(to buffers: JSONPayloadBuffers) throws {
        guard let kind else {
            // `kind` is nil for `.unknown` only.
            if case .unknown(let event) = self { buffers.writer.write(Data(event.payload).base64EncodedString()) }
            return
        }
        buffers.body.bytes.removeAll(keepingCapacity: true)
        encodeBody(to: &buffers.body)
        let shape = kind.jsonShape
        let referenceText = buffers.referenceText
        var out = JSONWriter()
        swap(&out, &buffers.writer)
        defer { swap(&out, &buffers.writer) }
        try buffers.body.bytes.withUnsafeBytes { body in
            try shape.writeJSON(body: body, to: &out, referenceText: referenceText)
        }
    }

    /// The event whose payload is value `index` of `document`: an object of `kind` at schema
    /// `version` (older versions upcast), or a string holding the base64 of the log-encoded body
    /// (kept as ``UnknownEvent`` when this build does not know the type or version).
    /// - Throws: ``EventDecodingError``: `invalidJSON` for a payload of the wrong shape (with the
    ///   path of the offending key) or an object of a type or version this build does not know,
    ///   `invalidValue` for a value that breaks a rule (naming its key), or the error of decoding
    ///   a base64 body.
    init(jsonPayload document: JSONDocument, at index: JSONDocument.Index, kind: EventKind?, typeName: () -> String,
         version: UInt32, buffers: JSONPayloadBuffers) throws(EventDecodingError) {
        if document.kind(index) == .string || document.kind(index) == .escapedString {
            guard let base64 = document.string(index), let body = Data(base64Encoded: base64) else {
                throw EventDecodingError(.invalidJSON, "at payload: a string payload must be the base64 of the log-encoded body")
            }
            self = try Self.decodeBody([UInt8](body), kind: kind, typeName: typeName(), version: version)
            return
        }
        if let kind, version == kind.schemaVersion {
            self = try Self.decodeCurrent(document, at: index, kind: kind, buffers: buffers)
            return
        }
        var reader = PayloadReader(document: document, index: index, version: version, decoder: buffers.earlierVersionDecoder)
        let decoded: DomainEvent?
        do {
            decoded = try kind?.withType(&reader)
        } catch {
            throw Self.decodingError(error)
        }
        guard let decoded else {
            throw EventDecodingError(.invalidJSON, "at payload: \(typeName()) version \(version) is not known to this build, "
                                     + "so its payload must be given as base64 of the log-encoded body")
        }
        self = decoded
    }

    /// The event of `kind` at its current version whose payload is object `index`: transcoded
    /// to a log body by the kind's shape, then read by the body decoder, whose errors are traced
    /// back to the key of the field they are in.
    /// - Throws: ``EventDecodingError`` naming the path of the value (`at payload.rating: …`).
    private static func decodeCurrent(_ document: JSONDocument, at index: JSONDocument.Index, kind: EventKind,
                                      buffers: JSONPayloadBuffers) throws(EventDecodingError) -> DomainEvent {
        let shape = kind.jsonShape
        buffers.body.bytes.removeAll(keepingCapacity: true)
        buffers.fieldStarts.removeAll(keepingCapacity: true)
        do throws(JSONShapeMismatch) {
            try shape.appendBody(of: document, at: index, to: &buffers.body, fieldStarts: &buffers.fieldStarts)
        } catch {
            throw error.decodingError(under: "payload")
        }
        let result = buffers.body.bytes.withUnsafeBytes { bytes in
            Result { () throws(EventDecodingError) -> DomainEvent in try decodeCurrentBody(bytes, kind: kind) }
        }
        do throws(EventDecodingError) {
            return try result.get()
        } catch {
            let key = error.offset.flatMap { shape.field(atBodyOffset: $0, fieldStarts: buffers.fieldStarts) }
            throw EventDecodingError(error.code, "at payload\(key.map { ".\($0)" } ?? ""): \(error.message)")
        }
    }

    /// The event of `kind` at its current schema version whose log-encoded body is all of `bytes`,
    /// read and validated by the log's body decoder.
    /// - Throws: ``EventDecodingError`` when the body is malformed, breaks a rule or is followed by
    ///   more bytes (its `offset` says where in the body).
    static func decodeCurrentBody(_ bytes: UnsafeRawBufferPointer, kind: EventKind) throws(EventDecodingError) -> DomainEvent {
        try withUnsafeTemporaryAllocation(of: DomainEvent.self, capacity: 1) { (slot) throws(EventDecodingError) -> DomainEvent in
            // A temporary allocation of capacity 1 always has a base address; the version is the
            // current one, so the body decoder initializes the slot.
            let target = slot.baseAddress!
            var reader = BinaryReader(bytes)
            _ = try DomainEvent.decodeBody(kind: kind, version: kind.schemaVersion, from: &reader, initializing: target)
            let event = target.move()
            try reader.expectEnd()
            return event
        }
    }

    /// `error`, thrown while decoding a payload, as an ``EventDecodingError`` naming the path of
    /// the value: `invalidValue` for a value that breaks a rule, `invalidJSON` for the wrong shape.
    private static func decodingError(_ error: any Error) -> EventDecodingError {
        func path(_ keys: [any CodingKey]) -> String {
            keys.isEmpty ? "the top level" : keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case let error as EventDecodingError:
            return error
        case let error as EventValidationError:
            return EventDecodingError(.invalidValue, error.description)
        case DecodingError.dataCorrupted(let context):
            let code: EventDecodingError.Code = context.debugDescription.hasPrefix("invalid ") ? .invalidValue : .invalidJSON
            return EventDecodingError(code, "at \(path(context.codingPath)): \(context.debugDescription)")
        case DecodingError.keyNotFound(let key, let context):
            return EventDecodingError(.invalidJSON, "key \"\(key.stringValue)\" is missing at \(path(context.codingPath))")
        case DecodingError.typeMismatch(let type, let context):
            return EventDecodingError(.invalidJSON, "at \(path(context.codingPath)): expected \(type): \(context.debugDescription)")
        case DecodingError.valueNotFound(let type, let context):
            return EventDecodingError(.invalidJSON, "at \(path(context.codingPath)): expected \(type), found null")
        default:
            return EventDecodingError(.invalidJSON, "\(error)")
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

    /// Reads a payload object of one kind at one schema version.
    fileprivate struct PayloadReader: EventTypeVisitor {
        let document: JSONDocument
        let index: JSONDocument.Index
        let version: UInt32
        let decoder: JSONValueDecoder

        func visit<Payload: RegisteredEvent>(_ type: Payload.Type, embed: (consuming Payload) -> DomainEvent,
                                             extract: (DomainEvent) -> Payload?) throws(any Error) -> DomainEvent? {
            try Payload.reading(version: version, { () throws(any Error) in try decoded(Payload.self) },
                                earlier: { earlier throws(any Error) in try earlier.upcasting(self) }).map(embed)
        }

        /// The payload read as a `T`.
        func decoded<T: Decodable>(_ type: T.Type) throws -> T {
            try decoder.decode(T.self, from: document, at: index, under: JSONKey(stringValue: "payload"))
        }
    }
}

extension EarlierEventVersion {
    /// The current version of the event whose payload, in this earlier version's shape, `reader` reads.
    /// - Throws: the decoder's error when the payload is malformed or breaks a rule.
    fileprivate static func upcasting(_ reader: DomainEvent.PayloadReader) throws -> Current {
        try reader.decoded(Self.self).upcastToCurrent()
    }
}
