import Foundation

// The one-pass reading of an event's JSON as an export writes it: the envelope's members in key
// order, the payload an object of a current event type. Nothing is built but the event (no
// document, no `String` but the payload's own); any other text is left to the general path.

extension RecordedEvent {
    /// The event in `bytes` when they are a JSON text in the form an export writes (see
    /// ``CanonicalJSONScanner`` and ``CanonicalBodyReader`` for what that takes: keys in byte
    /// order and no unknown ones, no escapes but in the texts of string fields, whole numbers
    /// without fraction or exponent; any whitespace), of a type and schema version this build
    /// knows and with values that keep every rule; nil for any other text, which
    /// ``init(json:at:buffers:)`` then reads (to the same event, had this one been read) or
    /// refuses, saying why.
    ///
    /// The member a JSON Lines export adds for an event with personal data,
    /// `"personalData":{…}` (between `payload` and `position`, where its key sorts), is taken
    /// unread: its value (an object or array, brackets balanced) is handed back in `personalData`
    /// for the caller to parse (nil when the text has no such member).
    init?(canonicalJSON bytes: UnsafeRawBufferPointer, reader: inout CanonicalBodyReader,
          personalData: inout UnsafeRawBufferPointer?) {
        personalData = nil
        var scanner = CanonicalJSONScanner(bytes)
        guard scanner.consumeMember(EnvelopeKey.eventId.member, after: 0x7B), let id = scanner.uuid(),
              scanner.consumeMember(EnvelopeKey.occurredAt.member, after: 0x2C), let occurredAt = scanner.int64(),
              scanner.consumeMember(EnvelopeKey.payload.member, after: 0x2C)
        else { return nil }
        // The payload comes before the type that gives its shape: the type is looked up at the end
        // of the line first, where exports write it, so the payload is read where it stands (the
        // type member is still read in its place and must agree); failing that, it is skipped and
        // read once the type is known. (Looked up once the line's first bytes are read, so that
        // fetching its two ends from memory, when it is not in a cache, overlaps.)
        let hinted = Self.typeAtTheEnd(of: bytes)
        var payloadRead = false
        let payloadStart = scanner.index
        if let (_, kind) = hinted {
            guard reader.read(from: &scanner, plan: kind.canonicalReadingPlan) else { return nil }
            payloadRead = true
        } else {
            guard scanner.skipContainer() != nil else { return nil }
        }
        let payload = UnsafeRawBufferPointer(rebasing: bytes[payloadStart..<scanner.index])
        // `position` comes next, or `personalData` before it (looked for only then).
        if !scanner.consumeMember(EnvelopeKey.position.member, after: 0x2C) {
            guard scanner.consumeMember(Self.personalDataMember, after: 0x2C), let value = scanner.skipContainer(),
                  scanner.consumeMember(EnvelopeKey.position.member, after: 0x2C)
            else { return nil }
            personalData = value
        }
        guard let position = scanner.uint64(),
              scanner.consumeMember(EnvelopeKey.profileId.member, after: 0x2C), let profile = scanner.uuid(),
              scanner.consumeMember(EnvelopeKey.recordedAt.member, after: 0x2C), let recordedAt = scanner.int64(),
              scanner.consumeMember(EnvelopeKey.schemaVersion.member, after: 0x2C), let version = scanner.uint64(),
              scanner.consumeMember(EnvelopeKey.streamCategory.member, after: 0x2C), let category = scanner.plainString(),
              scanner.consumeMember(EnvelopeKey.streamId.member, after: 0x2C), let streamID = scanner.uuid(),
              scanner.consumeMember(EnvelopeKey.streamVersion.member, after: 0x2C), let streamVersion = scanner.uint64(),
              scanner.consumeMember(EnvelopeKey.type.member, after: 0x2C), let typeName = scanner.plainString(knownAt: hinted?.name),
              scanner.consumeMember(EnvelopeKey.utcOffsetSeconds.member, after: 0x2C), let seconds = scanner.int64(),
              scanner.consume(0x7D), scanner.isAtEndAfterWhitespace()
        else { return nil }
        let kind: EventKind
        if let (hintedName, hintedKind) = hinted {
            guard hintedName.baseAddress == typeName.baseAddress && hintedName.count == typeName.count else { return nil }
            kind = hintedKind
        } else {
            guard let named = EventRegistry.kind(named: typeName) else { return nil }
            kind = named
        }
        guard version == UInt64(kind.schemaVersion),
              let seconds = Int(exactly: seconds), let offset = try? UTCOffset(seconds: seconds),
              let stream = Self.stream(category: category, id: streamID),
              payloadRead || reader.read(payload, plan: kind.canonicalReadingPlan),
              let event = try? DomainEvent.decodeCurrentBody(reader.body.bytes, kind: kind)
        else { return nil }
        self.init(position: position, id: EventID(id), stream: stream, streamVersion: streamVersion, profile: ProfileID(profile),
                  occurred: EventTime(instant: Timestamp(milliseconds: occurredAt), utcOffset: offset),
                  recordedAt: Timestamp(milliseconds: recordedAt), event: event)
    }

    /// The member a JSON Lines export adds for an event with personal data, as it writes it (the
    /// key is `PersonalDataMember.key` of the export).
    static let personalDataMember: StaticString = "\"personalData\":"

    /// The name of the registered type that `bytes` end with when they end as exports write
    /// them, `"type":"NAME","utcOffsetSeconds":DIGITS}` (a line end after it allowed), and its
    /// kind; else nil. Only a hint: the reader checks the type member when it reaches it.
    private static func typeAtTheEnd(of bytes: UnsafeRawBufferPointer) -> (name: UnsafeRawBufferPointer, kind: EventKind)? {
        let tail: StaticString = "\",\"utcOffsetSeconds\":"
        let head: StaticString = "\"type\":\""
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D || bytes[end - 1] == 0x20 { end -= 1 }
        guard end > 0, bytes[end - 1] == 0x7D else { return nil }
        end -= 1
        while end > 0, bytes[end - 1] &- 0x30 < 10 || bytes[end - 1] == 0x2D { end -= 1 }
        end -= tail.utf8CodeUnitCount
        guard end > 0, CanonicalJSONScanner.equal(bytes.baseAddress! + end, tail.utf8Start, tail.utf8CodeUnitCount) else { return nil }
        // The quote before the name, looked for a word at a time (names hold no quote).
        var start = end
        while start >= 8 {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: start - 8, as: UInt64.self)) ^ 0x2222_2222_2222_2222
            let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            // The top bit of each lane that is exactly zero (a quote before the xor).
            let quotes = ~(((word & low) &+ low) | word | low)
            if quotes != 0 {
                start = start - 8 + (63 - quotes.leadingZeroBitCount) / 8 + 1
                break
            }
            start -= 8
        }
        if start < 8 {
            while start > 0, bytes[start - 1] != 0x22 { start -= 1 }
        }
        guard start >= head.utf8CodeUnitCount,
              CanonicalJSONScanner.equal(bytes.baseAddress! + (start - head.utf8CodeUnitCount), head.utf8Start, head.utf8CodeUnitCount)
        else { return nil }
        let name = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
        return EventRegistry.kind(named: name).map { (name, $0) }
    }

    /// The stream of `category` (UTF-8 without escapes) and `id`, or nil when the category breaks its rule.
    @inline(__always) private static func stream(category: UnsafeRawBufferPointer, id: UUID) -> StreamID? {
        if let known = StreamID.knownCategory(category) { return StreamID(kind: known, id: id) }
        return try? StreamID(category: String(decoding: category, as: UTF8.self), id: id)
    }
}

