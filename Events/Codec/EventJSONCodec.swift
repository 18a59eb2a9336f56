import Foundation

/// Stable JSON for whole events, for export and import: keys in byte order, no whitespace, no
/// escaped slashes, UUIDs as upper-case strings, instants as integer milliseconds (see
/// `Events/FORMAT.md`, "JSON envelope"). Bytes in, bytes out: the envelope is written and read
/// by hand (``RecordedEvent/appendJSON(to:extraKey:writeExtra:)``), the payload by each event
/// type's ``JSONShape`` through its log body (the binary codec), with no `String` built per
/// field (only for fields that hold one), no `Codable` and no Foundation JSON coder.
///
/// Decoding takes one JSON text as bytes (a line of a JSON Lines file, from any buffer), so a
/// reader can feed it line by line from chunks of a file.
///
/// Reuse one codec for many events (it keeps its buffers); it is not meant to be shared across
/// threads.
public struct EventJSONCodec {
    /// The reused parser and payload buffers.
    private final class State {
        var parser = JSONParser()
        let buffers = JSONPayloadBuffers()
        /// The one-pass reader of the form exports write, tried before the parser. Held in
        /// memory of its own rather than in a stored property, so that lending it out for each
        /// line (`&canonical.pointee`) costs no dynamic exclusivity check.
        let canonical: UnsafeMutablePointer<CanonicalBodyReader> = {
            let slot = UnsafeMutablePointer<CanonicalBodyReader>.allocate(capacity: 1)
            slot.initialize(to: CanonicalBodyReader())
            return slot
        }()
        /// An object with no members, what `extra` reads from a text the one-pass reader read
        /// (it has no members but the envelope's).
        let emptyObject = JSONDocument.emptyObject()
        /// The text `{"personalData":…}` of a line the one-pass reader read, for `extra`.
        var memberText: [UInt8] = []

        deinit {
            canonical.deinitialize(count: 1)
            canonical.deallocate()
        }
    }

    private let state = State()

    /// A codec with the stable output settings.
    public init() {}

    /// The JSON object of `event`, on one line (no trailing newline).
    /// - Throws: `EncodingError` for a double that is not finite; values in events are validated
    ///   finite, so this does not happen for events built through the catalog's initializers.
    public func encode(_ event: RecordedEvent) throws -> Data {
        var bytes: [UInt8] = []
        try encode(event, appendingTo: &bytes)
        return Data(bytes)
    }

    /// Appends the JSON object of `event` (no newline) to `bytes`.
    /// - Throws: `EncodingError` as ``encode(_:)``; `bytes` then ends in a partial object.
    package func encode(_ event: RecordedEvent, appendingTo bytes: inout [UInt8]) throws {
        let buffers = state.buffers
        swap(&buffers.writer.bytes, &bytes)
        defer { swap(&buffers.writer.bytes, &bytes) }
        try event.appendJSON(to: buffers)
    }

    /// The event in `data`, a JSON object as written by ``encode(_:)``.
    /// - Throws: ``EventDecodingError``: `invalidJSON` when the text is not an envelope (with the
    ///   byte or the path of the offending key), `invalidUTF8` for a string that is not UTF-8,
    ///   `invalidValue` when a value breaks a rule (a rating of 7), or the error of decoding a
    ///   base64 body.
    public func decode(_ data: Data) throws(EventDecodingError) -> RecordedEvent {
        // A text as exports write it is read where it lies, the event handed straight back; any
        // other goes the whole way (``decode(_:extra:)``).
        if let event = data.withUnsafeBytes({ bytes in onePass(bytes) }) { return event }
        let result = data.withUnsafeBytes { bytes in
            Result { () throws(EventDecodingError) in try decode(bytes) }
        }
        return try result.get()
    }

    /// The event in `bytes` when the one-pass reader reads the whole text (one without a
    /// `personalData` member, which would need a look of its own); else nil.
    @inline(__always) private func onePass(_ bytes: UnsafeRawBufferPointer) -> RecordedEvent? {
        var personalData: UnsafeRawBufferPointer?
        guard let event = RecordedEvent(canonicalJSON: bytes, reader: &state.canonical.pointee, personalData: &personalData),
              personalData == nil
        else { return nil }
        return event
    }

    /// The event in the JSON text `bytes`; see ``decode(_:)-(Data)``.
    /// - Throws: ``EventDecodingError`` as ``decode(_:)-(Data)``.
    public func decode(_ bytes: UnsafeRawBufferPointer) throws(EventDecodingError) -> RecordedEvent {
        try decode(bytes) { (_, _) throws(EventDecodingError) in () }.event
    }

    /// The event in the JSON text `bytes` and what `extra` reads from the same document (other
    /// members of the object, at its root), parsed once. A text with no members but the
    /// envelope's and a `personalData` one may be read without a document of the whole text;
    /// `extra` is then given an object with only that member, or an empty one.
    /// - Throws: ``EventDecodingError`` as ``decode(_:)-(Data)``, or what `extra` throws.
    package func decode<Extra>(_ bytes: UnsafeRawBufferPointer,
                               extra: (JSONDocument, JSONDocument.Index) throws(EventDecodingError) -> Extra)
        throws(EventDecodingError) -> (event: RecordedEvent, extra: Extra) {
        // Texts as exports write them are read in one pass; any other goes through the document.
        var personalData: UnsafeRawBufferPointer?
        if let event = RecordedEvent(canonicalJSON: bytes, reader: &state.canonical.pointee, personalData: &personalData) {
            guard let personalData else { return (event, try extra(state.emptyObject, state.emptyObject.root)) }
            if let extra = try member(personalData, extra) { return (event, extra) }
        }
        let document = try state.parser.parse(bytes)
        let event = try RecordedEvent(json: document, at: document.root, buffers: state.buffers)
        return (event, try extra(document, document.root))
    }

    /// What `extra` reads from a document of `{"personalData":VALUE}`, `value` the member's value
    /// in a line the one-pass reader read; nil when that text is no valid JSON (the general path
    /// then reads the whole line and says what is wrong).
    /// - Throws: what `extra` throws.
    private func member<Extra>(_ value: UnsafeRawBufferPointer,
                               _ extra: (JSONDocument, JSONDocument.Index) throws(EventDecodingError) -> Extra)
        throws(EventDecodingError) -> Extra? {
        let state = state
        let member = RecordedEvent.personalDataMember
        state.memberText.removeAll(keepingCapacity: true)
        state.memberText.append(0x7B)
        state.memberText.append(contentsOf: UnsafeRawBufferPointer(start: member.utf8Start, count: member.utf8CodeUnitCount))
        state.memberText.append(contentsOf: value)
        state.memberText.append(0x7D)
        let result = state.memberText.withUnsafeBytes { text in
            Result { () throws(EventDecodingError) -> Extra? in
                guard let document = try? state.parser.parse(text) else { return nil }
                return try extra(document, document.root)
            }
        }
        return try result.get()
    }
}
