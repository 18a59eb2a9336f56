import Foundation

// The JSON form of the whole envelope, used by exports (JSON Lines), imports and the golden
// files (`Events/FORMAT.md`, "JSON envelope"): one object, keys in byte order, `payload` the
// event's object (``DomainEvent/appendJSONPayload(to:)``) or, for an unknown event, the base64
// of its log-encoded body.

extension RecordedEvent {
    /// The envelope's keys, in the byte order the object lists them.
    enum EnvelopeKey: Int, CaseIterable {
        case eventId, occurredAt, payload, position, profileId, recordedAt, schemaVersion
        case streamCategory, streamId, streamVersion, type, utcOffsetSeconds

        /// Every key in order, built once (`allCases` builds a new array at each use).
        static let ordered = allCases

        /// The key as JSON text with its quotes and the colon after them (`"eventId":`).
        @inline(__always) var member: StaticString {
            switch self {
            case .eventId: "\"eventId\":"
            case .occurredAt: "\"occurredAt\":"
            case .payload: "\"payload\":"
            case .position: "\"position\":"
            case .profileId: "\"profileId\":"
            case .recordedAt: "\"recordedAt\":"
            case .schemaVersion: "\"schemaVersion\":"
            case .streamCategory: "\"streamCategory\":"
            case .streamId: "\"streamId\":"
            case .streamVersion: "\"streamVersion\":"
            case .type: "\"type\":"
            case .utcOffsetSeconds: "\"utcOffsetSeconds\":"
            }
        }

        /// The key as it is spelled, without quotes.
        var name: UnsafeRawBufferPointer {
            let member = member
            return UnsafeRawBufferPointer(start: member.utf8Start + 1, count: member.utf8CodeUnitCount - 3)
        }
    }

    /// Appends the JSON object of this event to `buffers`' writer: the envelope's members in key
    /// order, plus one more member `extraKey` (written by `writeExtra`) in its place by key
    /// order when given: the JSON Lines export adds `personalData` so.
    /// - Throws: `EncodingError` for a double in the payload that is not finite (values built
    ///   through the catalog's validating initializers never are).
    package func appendJSON(to buffers: JSONPayloadBuffers, extraKey: String? = nil,
                            writeExtra: (inout JSONWriter) -> Void = { _ in }) throws {
        // The envelope is written to a local writer (moved out of the buffers, not copied), so its
        // members are not class-property accesses; the payload is written into the buffers' writer.
        var out = JSONWriter()
        swap(&out, &buffers.writer)
        defer { swap(&buffers.writer, &out) }
        var typeName = event.typeName
        var category = stream.category
        try typeName.withUTF8 { typeName in
            try category.withUTF8 { category in
                let envelope = JSONEnvelope(position: position, id: id, streamCategory: UnsafeRawBufferPointer(category),
                                            streamID: stream.id, streamVersion: streamVersion, profile: profile,
                                            occurred: occurred, recordedAt: recordedAt, typeName: UnsafeRawBufferPointer(typeName),
                                            schemaVersion: event.schemaVersion)
                try envelope.write(to: &out, extraKey: extraKey, writeExtra: writeExtra) { out in
                    // Moved in and out (swapped, never copied): a second reference to the bytes
                    // would make the next append copy them all.
                    swap(&buffers.writer, &out)
                    defer { swap(&buffers.writer, &out) }
                    try event.appendJSONPayload(to: buffers)
                }
            }
        }
    }

    /// Reads the event of object `index` in `document`. A known type and version decodes its
    /// payload object (older versions are upcast); a payload given as a base64 string is the
    /// log-encoded body, decoded when known and otherwise kept as ``UnknownEvent``. Keys may come
    /// in any order; keys other than the envelope's are ignored.
    /// - Throws: ``EventDecodingError``: `invalidJSON` naming the missing key or the key whose
    ///   value has the wrong type, `invalidValue` when a value breaks a rule (a UTC offset beyond
    ///   ±18 h, a rating of 7), or the error of decoding a base64 body.
    package init(json document: JSONDocument, at index: JSONDocument.Index, buffers: JSONPayloadBuffers) throws(EventDecodingError) {
        guard document.kind(index) == .object else {
            throw EventDecodingError(.invalidJSON, "at the top level: expected an object (an exported event), found \(Self.describe(document, index))")
        }
        var values = EnvelopeValues()
        var keyIndex = index + 1
        for _ in 0..<document.count(index) {
            if let key = Self.envelopeKey(document, keyIndex), values[key] == nil { values[key] = keyIndex + 1 }
            keyIndex = document.after(keyIndex + 1)
        }
        func value(_ key: EnvelopeKey) throws(EventDecodingError) -> JSONDocument.Index {
            guard let index = values[key] else {
                throw EventDecodingError(.invalidJSON, "key \"\(String(decoding: key.name, as: UTF8.self))\" is missing at the top level")
            }
            return index
        }
        func mismatch(_ key: EnvelopeKey, _ expected: String) throws(EventDecodingError) -> EventDecodingError {
            let found = Self.describe(document, try value(key))
            return EventDecodingError(.invalidJSON, "at \(String(decoding: key.name, as: UTF8.self)): expected \(expected), found \(found)")
        }
        func uuid(_ key: EnvelopeKey) throws(EventDecodingError) -> UUID {
            guard let uuid = document.uuid(try value(key)) else { throw try mismatch(key, "a UUID string") }
            return uuid
        }
        func integer<T: FixedWidthInteger>(_ key: EnvelopeKey, _ type: T.Type) throws(EventDecodingError) -> T {
            guard let number = document.integer(try value(key), as: T.self) else { throw try mismatch(key, "a whole number that fits in \(T.self)") }
            return number
        }

        let categoryIndex = try value(.streamCategory)
        guard document.kind(categoryIndex) == .string || document.kind(categoryIndex) == .escapedString else {
            throw try mismatch(.streamCategory, "a string")
        }
        let streamID = try uuid(.streamId)
        if document.kind(categoryIndex) == .string, let known = StreamID.knownCategory(document.rawBytes(categoryIndex)) {
            stream = StreamID(kind: known, id: streamID)
        } else {
            do { stream = try StreamID(category: document.string(categoryIndex) ?? "", id: streamID) } catch {
                throw EventDecodingError(.invalidValue, "at streamCategory: \(error.description)")
            }
        }
        position = try integer(.position, UInt64.self)
        id = EventID(try uuid(.eventId))
        streamVersion = try integer(.streamVersion, UInt64.self)
        profile = ProfileID(try uuid(.profileId))
        let occurredAt = Timestamp(milliseconds: try integer(.occurredAt, Int64.self))
        let seconds = try integer(.utcOffsetSeconds, Int.self)
        let offset: UTCOffset
        do { offset = try UTCOffset(seconds: seconds) } catch {
            throw EventDecodingError(.invalidValue, "at utcOffsetSeconds: \(error.description)")
        }
        occurred = EventTime(instant: occurredAt, utcOffset: offset)
        recordedAt = Timestamp(milliseconds: try integer(.recordedAt, Int64.self))
        let typeIndex = try value(.type)
        // The name as a `String` is built only when it is needed (an unknown type or version, an error).
        let typeKind = document.kind(typeIndex)
        guard typeKind == .string || typeKind == .escapedString else { throw try mismatch(.type, "a string") }
        let typeName = { document.string(typeIndex) ?? "" }
        let kind = typeKind == .string ? EventRegistry.kind(named: document.rawBytes(typeIndex)) : EventRegistry.kind(named: typeName())
        let version = try integer(.schemaVersion, UInt32.self)
        event = try DomainEvent(jsonPayload: document, at: try value(.payload), kind: kind, typeName: typeName,
                                version: version, buffers: buffers)
    }

    /// The node of each envelope key's value in one object, held inline (no array per event).
    private struct EnvelopeValues {
        /// One node index per ``EnvelopeKey`` raw value (all below 12), -1 for a key not seen.
        private var slots: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) =
            (-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1)

        /// The value node of `key`, or nil when the object has not given it.
        subscript(key: EnvelopeKey) -> JSONDocument.Index? {
            get {
                let node = withUnsafeBytes(of: slots) { $0.load(fromByteOffset: key.rawValue * 4, as: Int32.self) }
                return node < 0 ? nil : Int(node)
            }
            set {
                withUnsafeMutableBytes(of: &slots) { $0.storeBytes(of: Int32(newValue ?? -1), toByteOffset: key.rawValue * 4, as: Int32.self) }
            }
        }
    }

    /// The envelope key spelled by key node `index`, or nil for another key.
    @inline(__always) private static func envelopeKey(_ document: JSONDocument, _ index: JSONDocument.Index) -> EnvelopeKey? {
        guard document.kind(index) == .string else {
            return document.unescaped(index).withUnsafeBytes { bytes in EnvelopeKey.allCases.first { $0.name.elementsEqual(bytes) } }
        }
        let bytes = document.rawBytes(index)
        // The first byte and the length tell every key apart but two (`streamId` and `position`,
        // `eventId` and `payload` are told apart by their first byte); then one compare confirms.
        let candidate: EnvelopeKey?
        switch (bytes.count, bytes.first) {
        case (7, 0x65): candidate = .eventId
        case (10, 0x6F): candidate = .occurredAt
        case (7, 0x70): candidate = .payload
        case (8, 0x70): candidate = .position
        case (9, 0x70): candidate = .profileId
        case (10, 0x72): candidate = .recordedAt
        case (13, 0x73): candidate = .schemaVersion
        case (14, 0x73): candidate = .streamCategory
        case (8, 0x73): candidate = .streamId
        case (4, 0x74): candidate = .type
        case (16, 0x75): candidate = .utcOffsetSeconds
        default: candidate = nil
        }
        if let candidate, memcmp(candidate.name.baseAddress!, bytes.baseAddress!, bytes.count) == 0 { return candidate }
        // `streamVersion` has the length and first byte of `schemaVersion`.
        if bytes.count == 13, memcmp(EnvelopeKey.streamVersion.name.baseAddress!, bytes.baseAddress!, 13) == 0 { return .streamVersion }
        return nil
    }

    /// Value `index` of `document` in words, for errors: a scalar as it is written (`null`,
    /// `true`, `-1`, `1.5`, `the string "later"`), a container by its kind (`an array`,
    /// `an object`). A number or string longer than ``describedBytes`` bytes is cut there (at a
    /// character's start) and ends in `…`, so a huge value cannot flood a message.
    static func describe(_ document: JSONDocument, _ index: JSONDocument.Index) -> String {
        switch document.kind(index) {
        case .null: "null"
        case .false: "false"
        case .true: "true"
        case .integer, .number: shortened(document.rawBytes(index))
        case .string, .escapedString: "the string \"\(shortened(document.rawBytes(index)))\""
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The most bytes of a number's or a string's text ``describe(_:_:)`` shows.
    static let describedBytes = 40

    /// `bytes` (UTF-8: a number's text, or a string's as written between its quotes, escapes and
    /// all) as text, cut after ``describedBytes`` bytes, before a character's continuation byte,
    /// with `…` after the cut.
    private static func shortened(_ bytes: UnsafeRawBufferPointer) -> String {
        guard bytes.count > describedBytes else { return String(decoding: bytes, as: UTF8.self) }
        var end = describedBytes
        while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[..<end]), as: UTF8.self) + "…"
    }
}
