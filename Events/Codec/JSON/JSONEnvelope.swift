/// The values of an event's JSON envelope (`Events/FORMAT.md`, "JSON envelope") and the one
/// writer of its object: members in the byte order of their keys, the payload written in its
/// place by the caller. A decoded ``RecordedEvent`` (``RecordedEvent/appendJSON(to:extraKey:writeExtra:)``)
/// and a log record read in place (``RecordEnvelope/appendJSON(record:position:kind:to:references:extraKey:writeExtra:)``) are
/// both written by it, so the two cannot disagree on a byte.
struct JSONEnvelope {
    let position: UInt64
    let id: EventID
    let stream: StreamID
    let streamVersion: UInt64
    let profile: ProfileID
    let occurred: EventTime
    let recordedAt: Timestamp
    /// The type name's UTF-8 bytes.
    let typeName: UnsafeRawBufferPointer
    let schemaVersion: UInt32

    /// Appends the envelope's object to `out`: its members in key order, the payload's value
    /// written by `payload`, and one more member `extraKey` (its value written by `writeExtra`) in
    /// its place by key order when given (the JSON Lines export adds `personalData` so).
    /// - Throws: what `payload` throws (`out` then ends in a partial object).
    @inline(__always)
    func write<Out: JSONOutput & ~Copyable>(to out: inout Out, extraKey: String? = nil,
                                            writeExtra: (inout Out) -> Void = { _ in },
                                            payload: (inout Out) throws -> Void) rethrows {
        typealias Key = RecordedEvent.EnvelopeKey
        out.write(byte: 0x7B)
        // The extra member goes before the first envelope key it precedes (after them all when none).
        let extraPlace = extraKey.map { extra in Key.ordered.first { extra.utf8.lexicographicallyPrecedes($0.name) }?.rawValue
                                                  ?? Key.ordered.count }
        for key in Key.ordered {
            if key.rawValue > 0 { out.write(byte: 0x2C) }
            if key.rawValue == extraPlace, let extraKey {
                Self.writeMember(extraKey, writeExtra, to: &out)
                out.write(byte: 0x2C)
            }
            out.write(raw: key.member)
            switch key {
            case .eventId: out.write(id.uuid)
            case .occurredAt: out.write(occurred.instant.milliseconds)
            case .payload: try payload(&out)
            case .position: out.write(position)
            case .profileId: out.write(profile.uuid)
            case .recordedAt: out.write(recordedAt.milliseconds)
            case .schemaVersion: out.write(UInt64(schemaVersion))
            case .streamCategory: out.write(stream.category)
            case .streamId: out.write(stream.id)
            case .streamVersion: out.write(streamVersion)
            case .type: out.write(string: typeName)
            case .utcOffsetSeconds: out.write(Int64(occurred.utcOffset.seconds))
            }
        }
        if extraPlace == Key.ordered.count, let extraKey {
            out.write(byte: 0x2C)
            Self.writeMember(extraKey, writeExtra, to: &out)
        }
        out.write(byte: 0x7D)
    }

    private static func writeMember<Out: JSONOutput & ~Copyable>(_ key: String, _ writeValue: (inout Out) -> Void, to out: inout Out) {
        out.write(key)
        out.write(byte: 0x3A)
        writeValue(&out)
    }
}
