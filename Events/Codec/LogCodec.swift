import Foundation

/// The compact binary encoding of an event inside a log record, built for replay speed (see
/// `Events/FORMAT.md`, format version ``formatVersion``). The payload holds the whole envelope
/// except the log position, which the log assigns and hands back to ``decode(_:position:)``.
///
/// Encoding is canonical (shortest varints, fixed field order), and decoding accepts only the
/// canonical form, so decode -> encode reproduces a record byte for byte; that is how events of
/// unknown types survive untouched.
public enum LogCodec {
    /// The format version written as the first byte of every payload.
    public static let formatVersion: UInt8 = 1

    /// Appends the payload of `event`, recorded as version `streamVersion` of its stream at
    /// `recordedAt`, to `buffer` (which the caller may reuse between events).
    /// - Complexity: O(size of the event).
    public static func encode(_ event: PendingEvent, streamVersion: UInt64, recordedAt: Timestamp,
                              into buffer: inout [UInt8]) {
        var writer = BinaryWriter()
        swap(&writer.bytes, &buffer)
        encodeEnvelope(id: event.id, stream: event.stream, streamVersion: streamVersion, profile: event.profile,
                       occurred: event.occurred, recordedAt: recordedAt, event: event.event, to: &writer)
        swap(&writer.bytes, &buffer)
    }

    /// The capacity a payload array starts with: most events fit, so it is allocated once
    /// rather than grown several times from empty.
    private static let typicalPayloadSize = 256

    /// The payload of `event` recorded as version `streamVersion` of its stream at `recordedAt`.
    public static func encode(_ event: PendingEvent, streamVersion: UInt64, recordedAt: Timestamp) -> [UInt8] {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(typicalPayloadSize)
        encode(event, streamVersion: streamVersion, recordedAt: recordedAt, into: &buffer)
        return buffer
    }

    /// Appends the payload of an already recorded event (its position is not part of it).
    public static func encode(_ event: RecordedEvent, into buffer: inout [UInt8]) {
        var writer = BinaryWriter()
        swap(&writer.bytes, &buffer)
        encodeEnvelope(id: event.id, stream: event.stream, streamVersion: event.streamVersion, profile: event.profile,
                       occurred: event.occurred, recordedAt: event.recordedAt, event: event.event, to: &writer)
        swap(&writer.bytes, &buffer)
    }

    /// The payload of an already recorded event (its position is not part of it).
    public static func encode(_ event: RecordedEvent) -> [UInt8] {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(typicalPayloadSize)
        encode(event, into: &buffer)
        return buffer
    }

    /// The event stored in `payload` at log position `position`. Older schema versions are
    /// upcast; types or versions this build does not know come back as ``DomainEvent/unknown(_:)``.
    /// - Throws: ``EventDecodingError`` (with the position and byte offset) when the payload is
    ///   truncated, malformed, of an unknown format version, or holds a value that breaks a rule.
    /// - Complexity: O(size of the payload).
    public static func decode(_ payload: UnsafeRawBufferPointer, position: UInt64) throws(EventDecodingError) -> RecordedEvent {
        // The one decode path builds the event in place: here in a slot on the stack, moved out.
        try withUnsafeTemporaryAllocation(of: RecordedEvent.self, capacity: 1) { (slot) throws(EventDecodingError) -> RecordedEvent in
            // A temporary allocation of capacity 1 always has a base address.
            let target = slot.baseAddress!
            try decode(payload, position: position, initializing: target)
            return target.move()
        }
    }

    /// Decodes the event stored in `payload` at `position` (see ``decode(_:position:)``) straight
    /// into the uninitialized memory at `target`, so that a batch is built in place instead of
    /// each 190-byte event being built and then copied into it.
    /// - Throws: ``EventDecodingError`` as ``decode(_:position:)``; `target` is then left
    ///   uninitialized (nothing partly built stays behind).
    @inline(__always)
    package static func decode(_ payload: UnsafeRawBufferPointer, position: UInt64,
                               initializing target: UnsafeMutablePointer<RecordedEvent>) throws(EventDecodingError) {
        _ = try decode(payload, position: position, initializing: target, ifKind: { _ in true })
    }

    /// Decodes the event stored in `payload` at `position` into the uninitialized memory at
    /// `target` (as ``decode(_:position:initializing:)``) when `wanted` accepts its kind (nil:
    /// a type this build does not know); otherwise decodes only the envelope up to the type
    /// name, leaves `target` uninitialized and returns false. A replay skips this way the
    /// events no read model folds (their bodies and texts are never built).
    /// - Returns: whether the event was decoded into `target`.
    /// - Throws: ``EventDecodingError`` as ``decode(_:position:)``, for a skipped event only
    ///   when its envelope is malformed; `target` is then left uninitialized.
    @inline(__always)
    package static func decode(_ payload: UnsafeRawBufferPointer, position: UInt64,
                               initializing target: UnsafeMutablePointer<RecordedEvent>,
                               ifKind wanted: (EventKind?) -> Bool) throws(EventDecodingError) -> Bool {
        var reader = BinaryReader(payload)
        do {
            return try decodeRecord(&reader, position: position, initializing: target, ifKind: wanted)
        } catch var error {
            error.position = position
            throw error
        }
    }

    /// The event stored in `payload` at `position` (see ``decode(_:position:)``) when `wanted`
    /// accepts its kind (nil: a type this build does not know); nil, its body left undecoded,
    /// otherwise.
    /// - Throws: ``EventDecodingError`` as ``decode(_:position:initializing:ifKind:)``.
    package static func decode(_ payload: UnsafeRawBufferPointer, position: UInt64,
                               ifKind wanted: (EventKind?) -> Bool) throws(EventDecodingError) -> RecordedEvent? {
        // The one decode path builds the event in place: here in a slot on the stack, moved out.
        try withUnsafeTemporaryAllocation(of: RecordedEvent.self, capacity: 1) { (slot) throws(EventDecodingError) -> RecordedEvent? in
            // A temporary allocation of capacity 1 always has a base address.
            let target = slot.baseAddress!
            guard try decode(payload, position: position, initializing: target, ifKind: wanted) else { return nil }
            return target.move()
        }
    }

    /// The event stored in `payload` (an array, `Data`, a slice...) at log position `position`
    /// (see ``decode(_:position:)``).
    /// - Throws: ``EventDecodingError``.
    public static func decode(_ payload: some ContiguousBytes, position: UInt64) throws(EventDecodingError) -> RecordedEvent {
        let result = payload.withUnsafeBytes { bytes in
            Result { () throws(EventDecodingError) in try decode(bytes, position: position) }
        }
        return try result.get()
    }

    /// The event id of the payload without decoding the rest: for rebuilding the set of ids
    /// already in the log (appending an id twice is a no-op) at the cost of a 16-byte read.
    /// - Throws: ``EventDecodingError`` when the payload is too short or of an unknown format.
    public static func eventID(in payload: UnsafeRawBufferPointer) throws(EventDecodingError) -> EventID {
        var reader = BinaryReader(payload)
        let format = try reader.readByte()
        guard format == formatVersion else {
            throw EventDecodingError(.unsupportedFormat,
                                     "log payload format \(format) is not known to this build (it reads format \(formatVersion)); update the app",
                                     offset: 0)
        }
        return try EventID(from: &reader)
    }

    private static func encodeEnvelope(id: EventID, stream: StreamID, streamVersion: UInt64, profile: ProfileID,
                                       occurred: EventTime, recordedAt: Timestamp, event: DomainEvent,
                                       to writer: inout BinaryWriter) {
        // The envelope's fields are written into memory reserved for them and appended at once:
        // appending its ten fields one by one to the array was most of the cost of encoding a review.
        // A stream category's length (at most StreamID.maxCategoryLength, below 128) takes one byte.
        let headSize = 1 + 16 + 1 + StreamID.maxCategoryLength + 16 + 10 + 16 + 8 + 10 + 8
        @inline(__always) func writeHead(to span: inout BinarySpan) {
            span.writeByte(formatVersion)
            id.write(to: &span)
            stream.write(to: &span)
            span.writeVarint(streamVersion)
            profile.write(to: &span)
            occurred.write(to: &span)
            recordedAt.write(to: &span)
        }
        if let kind = event.kind {
            // A known event's type name and schema version are its kind's, laid out once.
            let tail = EnvelopeTail.bytes(of: kind)
            writer.write(atMost: headSize + tail.count) { span in
                writeHead(to: &span)
                span.writeRaw(tail)
            }
        } else {
            let typeName = event.typeName
            writer.write(atMost: headSize + BinarySpan.maxSize(of: typeName) + 10) { span in
                writeHead(to: &span)
                span.writeString(typeName)
                span.writeVarint(UInt64(event.schemaVersion))
            }
        }
        event.encodeBody(to: &writer)
    }

    /// Decodes the record in `reader` at `position` into the uninitialized memory at `target`
    /// when `wanted` accepts its kind: the envelope read, the body straight into the event's
    /// `event` field, then the envelope written around it, so that nothing is built in a
    /// temporary and copied. The only record decoder: every other decode calls it.
    /// - Returns: whether `target` was initialized; false, the body left unread, when `wanted`
    ///   refuses the kind.
    /// - Throws: ``EventDecodingError``; `target` is then left uninitialized.
    @inline(__always) private static func decodeRecord(_ reader: inout BinaryReader, position: UInt64,
                                                       initializing target: UnsafeMutablePointer<RecordedEvent>,
                                                       ifKind wanted: (EventKind?) -> Bool) throws(EventDecodingError) -> Bool {
        let format = try reader.readByte()
        guard format == formatVersion else {
            throw EventDecodingError(.unsupportedFormat,
                                     "log payload format \(format) is not known to this build (it reads format \(formatVersion)); update the app",
                                     offset: 0)
        }
        let id = try EventID(from: &reader)
        let stream = StreamID(kind: try StreamID.category(from: &reader), id: try reader.readUUID())
        let streamVersion = try reader.readVarint()
        let profile = try ProfileID(from: &reader)
        let occurred = try EventTime(from: &reader)
        let recordedAt = try Timestamp(from: &reader)
        let nameOffset = reader.offset
        let nameBytes = try reader.readLengthPrefixed()
        let version = try reader.readVarint(as: UInt32.self, "a schema version")
        let named = EventRegistry.kind(named: nameBytes)
        guard wanted(named) else { return false }
        let event = RecordedEvent.eventField(of: target)
        if let kind = named {
            do throws(EventDecodingError) {
                if try DomainEvent.decodeBody(kind: kind, version: version, from: &reader, initializing: event) {
                    do {
                        try reader.expectEnd()
                    } catch {
                        event.deinitialize(count: 1)
                        throw error
                    }
                } else {
                    event.initialize(to: .unknown(UnknownEvent(typeName: kind.typeName, schemaVersion: version, payload: reader.readRest())))
                }
            } catch var error {
                error.typeName = kind.typeName
                throw error
            }
        } else {
            guard let name = BinaryReader.validatedString(nameBytes) else {
                throw EventDecodingError(.invalidUTF8, "the event type name is not valid UTF-8", offset: nameOffset)
            }
            event.initialize(to: .unknown(UnknownEvent(typeName: name, schemaVersion: version, payload: reader.readRest())))
        }
        RecordedEvent.initializeEnvelope(of: target, position: position, id: id, stream: stream, streamVersion: streamVersion,
                                         profile: profile, occurred: occurred, recordedAt: recordedAt)
        return true
    }
}
