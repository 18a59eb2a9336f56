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
    ///
    /// The members are written in a straight line, each key a run of constant bytes.
    /// - Throws: what `payload` throws (`out` then ends in a partial object).
    @inline(__always)
    func write<Out: JSONOutput & ~Copyable>(to out: inout Out, extraKey: String? = nil,
                                            writeExtra: (inout Out) -> Void = { _ in },
                                            payload: (inout Out) throws -> Void) rethrows {
        typealias Key = RecordedEvent.EnvelopeKey
        // The extra member goes before the first envelope key it precedes (after them all when
        // none); -1 when there is none.
        let extraPlace = extraKey.map(Self.place(of:)) ?? -1
        /// Opens the member `key`: the extra member first when it goes there, then a comma
        /// unless the key is the first, then the key.
        @inline(__always) func open(_ key: Key, _ out: inout Out) {
            if key.rawValue == extraPlace, let extraKey {
                if key.rawValue > 0 { out.write(byte: 0x2C) }
                Self.writeMember(extraKey, writeExtra, to: &out)
                if key.rawValue == 0 { out.write(byte: 0x2C) }
            }
            if key.rawValue > 0 { out.write(byte: 0x2C) }
            out.write(raw: key.member)
        }
        out.write(byte: 0x7B)
        open(.eventId, &out)
        out.write(id.uuid)
        open(.occurredAt, &out)
        out.write(occurred.instant.milliseconds)
        open(.payload, &out)
        try payload(&out)
        open(.position, &out)
        out.write(position)
        open(.profileId, &out)
        out.write(profile.uuid)
        open(.recordedAt, &out)
        out.write(recordedAt.milliseconds)
        open(.schemaVersion, &out)
        out.write(UInt64(schemaVersion))
        open(.streamCategory, &out)
        out.write(stream.category)
        open(.streamId, &out)
        out.write(stream.id)
        open(.streamVersion, &out)
        out.write(streamVersion)
        open(.type, &out)
        out.write(string: typeName)
        open(.utcOffsetSeconds, &out)
        out.write(Int64(occurred.utcOffset.seconds))
        if extraPlace == Key.ordered.count, let extraKey {
            out.write(byte: 0x2C)
            Self.writeMember(extraKey, writeExtra, to: &out)
        }
        out.write(byte: 0x7D)
    }

    /// The place of the member `extraKey` among the envelope's: the raw value of the first key
    /// it precedes in byte order, or the number of keys when it follows them all.
    private static func place(of extraKey: String) -> Int {
        typealias Key = RecordedEvent.EnvelopeKey
        return Key.ordered.first { extraKey.utf8.lexicographicallyPrecedes($0.name) }?.rawValue ?? Key.ordered.count
    }

    private static func writeMember<Out: JSONOutput & ~Copyable>(_ key: String, _ writeValue: (inout Out) -> Void, to out: inout Out) {
        out.write(key)
        out.write(byte: 0x3A)
        writeValue(&out)
    }
}
