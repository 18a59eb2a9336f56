import Foundation

/// The values of an event's JSON envelope (`Events/FORMAT.md`, "JSON envelope") and the one
/// writer of its object: members in the byte order of their keys, the payload written in its
/// place by the caller. A decoded ``RecordedEvent`` (``RecordedEvent/appendJSON(to:extraKey:writeExtra:)``)
/// and a log record read in place (``RecordEnvelope/appendJSON(record:position:kind:to:references:extraKey:writeExtra:)``) are
/// both written by it, so the two cannot disagree on a byte.
struct JSONEnvelope {
    let position: UInt64
    let id: EventID
    /// The stream category's UTF-8 bytes.
    let streamCategory: UnsafeRawBufferPointer
    /// The id of the stream's thing.
    let streamID: UUID
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
    /// The members before the payload and those after it are each written in one run through a
    /// ``JSONCursor``, in a straight line, each key a run of constant bytes: the output checks
    /// its capacity twice per object, not once per value. The extra member is rendered apart
    /// (when the run it falls in is written) and copied into its place.
    /// - Throws: what `payload` throws (`out` then ends in a partial object).
    @inline(__always)
    func write<Out: JSONOutput & ~Copyable>(to out: inout Out, extraKey: String? = nil,
                                            writeExtra: (inout JSONWriter) -> Void = { _ in },
                                            payload: (inout Out) throws -> Void) rethrows {
        typealias Key = RecordedEvent.EnvelopeKey
        // The extra member goes before the first envelope key it precedes (after them all when
        // none); -1 when there is none.
        let extraPlace = extraKey.map(Self.place(of:)) ?? -1
        let payloadPlace = Key.payload.rawValue
        /// Calls `body` with the extra member's text (`"key":value`, rendered now) when
        /// `present`, else with no bytes.
        @inline(__always) func withExtra(if present: Bool, _ body: (UnsafeRawBufferPointer) -> Void) {
            guard present, let extraKey else { return body(UnsafeRawBufferPointer(start: nil, count: 0)) }
            var member = JSONWriter()
            member.write(extraKey)
            member.write(byte: 0x3A)
            writeExtra(&member)
            member.bytes.withUnsafeBytes(body)
        }
        /// Opens the member `key`: the extra member `extra` first when it goes there, then a
        /// comma unless the key is the first, then the key.
        @inline(__always) func open(_ key: Key, _ out: inout JSONCursor, _ extra: UnsafeRawBufferPointer) {
            if key.rawValue == extraPlace {
                if key.rawValue > 0 { out.write(byte: 0x2C) }
                out.write(raw: extra)
                if key.rawValue == 0 { out.write(byte: 0x2C) }
            }
            if key.rawValue > 0 { out.write(byte: 0x2C) }
            out.write(raw: key.member)
        }
        // Room for the longest spelling of a run's constant keys and values (the quoted texts
        // take up to six bytes a byte) and the extra member with its comma.
        let room = Self.runRoom &+ (streamCategory.count &+ typeName.count) &* 6
        withExtra(if: extraPlace >= 0 && extraPlace <= payloadPlace) { extra in
            out.append(upTo: room &+ extra.count) { start in
                var run = JSONCursor(start)
                run.write(byte: 0x7B)
                open(.eventId, &run, extra)
                run.write(id.uuid)
                open(.occurredAt, &run, extra)
                run.write(occurred.instant.milliseconds)
                open(.payload, &run, extra)
                return run.count
            }
        }
        try payload(&out)
        withExtra(if: extraPlace > payloadPlace) { extra in
            out.append(upTo: room &+ extra.count) { start in
                var run = JSONCursor(start)
                open(.position, &run, extra)
                run.write(position)
                open(.profileId, &run, extra)
                run.write(profile.uuid)
                open(.recordedAt, &run, extra)
                run.write(recordedAt.milliseconds)
                open(.schemaVersion, &run, extra)
                run.write(UInt64(schemaVersion))
                open(.streamCategory, &run, extra)
                run.write(string: streamCategory)
                open(.streamId, &run, extra)
                run.write(streamID)
                open(.streamVersion, &run, extra)
                run.write(streamVersion)
                open(.type, &run, extra)
                run.write(string: typeName)
                open(.utcOffsetSeconds, &run, extra)
                run.write(Int64(occurred.utcOffset.seconds))
                if extraPlace == Self.keyCount {
                    run.write(byte: 0x2C)
                    run.write(raw: extra)
                }
                run.write(byte: 0x7D)
                return run.count
            }
        }
    }

    /// The number of envelope keys (the last one's raw value and one).
    private static var keyCount: Int { RecordedEvent.EnvelopeKey.utcOffsetSeconds.rawValue + 1 }

    /// Room for either run's keys, commas, braces and values other than the two texts: twelve
    /// keys of at most 20 bytes with their commas, three quoted UUIDs of 38 bytes, seven
    /// integers of at most 20, the texts' quotes, the braces, and slack.
    private static let runRoom = 12 * 20 + 3 * 38 + 7 * 20 + 4 + 2 + 64

    /// The place of the member `extraKey` among the envelope's: the raw value of the first key
    /// it precedes in byte order, or the number of keys when it follows them all.
    private static func place(of extraKey: String) -> Int {
        typealias Key = RecordedEvent.EnvelopeKey
        return Key.ordered.first { extraKey.utf8.lexicographicallyPrecedes($0.name) }?.rawValue ?? keyCount
    }
}
