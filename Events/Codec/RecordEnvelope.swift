import Foundation

/// The envelope of a log record read in place: every field of ``RecordedEvent`` but the position
/// and the event, the type name and schema version as recorded, and where the body starts,
/// without decoding the body. The JSON Lines export writes a record's JSON from it and the body's
/// bytes, with no event built.
///
/// It reads the layout of `Events/FORMAT.md` with the same field readers, in the same order, as
/// ``LogCodec``'s record decoder, which keeps its own inline reads: decoding through this struct
/// cost the tuned decode 12% more instructions (the struct is built, copied and destroyed).
/// `RecordJSONTests` holds the two to the same envelope on seeded records of every type.
package struct RecordEnvelope {
    /// The event's id.
    package let id: EventID
    /// The stream category's bytes as recorded (checked to be a valid category), pointing into
    /// the record: valid only while the record's bytes are.
    package let streamCategory: UnsafeRawBufferPointer
    /// The id of the thing the event's stream is about.
    package let streamID: UUID
    /// The event's version within its stream.
    package let streamVersion: UInt64
    /// The profile the event belongs to.
    package let profile: ProfileID
    /// When the event happened, with the UTC offset of the place it happened.
    package let occurred: EventTime
    /// When the event was recorded.
    package let recordedAt: Timestamp
    /// The type name's bytes as recorded (not checked to be UTF-8 unless the kind is known),
    /// pointing into the record: valid only while the record's bytes are.
    package let typeName: UnsafeRawBufferPointer
    /// The offset of the type name's length in the record, for errors.
    let typeNameOffset: Int
    /// The schema version the body was written in.
    package let schemaVersion: UInt32
    /// The kind named by ``typeName``, or nil for a type this build does not know.
    package let kind: EventKind?
    /// The offset of the body in the record: the rest of the record is the body.
    package let bodyOffset: Int

    /// Reads the envelope at the start of the record in `reader` and leaves `reader` at the body.
    /// - Throws: ``EventDecodingError`` (with the byte offset, no position) when the record is of
    ///   an unknown format version, truncated, or holds an envelope value that breaks a rule.
    @inline(__always) package init(reading reader: inout BinaryReader) throws(EventDecodingError) {
        let format = try reader.readByte()
        guard format == LogCodec.formatVersion else {
            throw EventDecodingError(.unsupportedFormat,
                                     "log payload format \(format) is not known to this build (it reads format \(LogCodec.formatVersion)); update the app",
                                     offset: 0)
        }
        id = try EventID(from: &reader)
        // The category's bytes are kept, so the envelope holds no `String` (it is copied and
        // dropped per record without reference counting); they are checked as the decoder checks them.
        var category = reader
        streamCategory = try category.readLengthPrefixed()
        _ = try StreamID.category(from: &reader)
        streamID = try reader.readUUID()
        streamVersion = try reader.readVarint()
        profile = try ProfileID(from: &reader)
        occurred = try EventTime(from: &reader)
        recordedAt = try Timestamp(from: &reader)
        typeNameOffset = reader.offset
        typeName = try reader.readLengthPrefixed()
        schemaVersion = try reader.readVarint(as: UInt32.self, "a schema version")
        kind = EventRegistry.kind(named: typeName)
        bodyOffset = reader.offset
    }

    /// Reads the envelope of `record`, the log payload at `position` (see ``init(reading:)``).
    /// - Throws: ``EventDecodingError`` as ``init(reading:)``, with the position.
    package init(record: UnsafeRawBufferPointer, position: UInt64) throws(EventDecodingError) {
        var reader = BinaryReader(record)
        do {
            try self.init(reading: &reader)
        } catch var error {
            error.position = position
            throw error
        }
    }

    /// The kind of this record when its body can be read by this build's shape for it as it is:
    /// a known type at its current schema version; nil for an unknown type or an older version
    /// (upcast only by decoding).
    package var currentKind: EventKind? {
        guard let kind, schemaVersion == kind.schemaVersion else { return nil }
        return kind
    }

    /// The stream the event belongs to.
    package var stream: StreamID {
        let kind = StreamID.knownCategory(streamCategory)
            ?? .other(String(decoding: streamCategory.assumingMemoryBound(to: UInt8.self), as: UTF8.self))
        return StreamID(kind: kind, id: streamID)
    }

    /// Whether the event belongs to `stream` (without building a `StreamID`).
    package func belongs(to stream: StreamID) -> Bool {
        stream.id == streamID && stream.category.utf8.elementsEqual(streamCategory)
    }

    /// The type name as a `String` (invalid UTF-8 repaired, for a filter's comparison only).
    package var typeNameText: String {
        String(decoding: typeName.assumingMemoryBound(to: UInt8.self), as: UTF8.self)
    }
}
