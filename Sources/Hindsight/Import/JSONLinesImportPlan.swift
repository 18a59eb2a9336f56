import Events

/// Reads the JSON Lines of an export (``LogExporter/exportJSONLines(to:filter:)``) back into the
/// events of one import. Pure: text in, events out. Each line is parsed once, as bytes, by the
/// event JSON reader (``EventJSONCodec``), which also reads its `personalData` object.
///
/// Each non-blank line is a whole envelope; the events keep their ids, streams, stream
/// versions, times and recording times, in file order. A line's `personalData` object (field
/// path → text) gives the values of the event's personal-data references: a text is stored
/// under the same reference, `[erased]` is recorded as erased, `[unknown]` is left out.
enum JSONLinesImportPlan {
    /// What a line's `personalData` member holds.
    private enum PersonalDataMember {
        /// The line has none.
        case absent
        /// An object of texts, by field path.
        case texts([String: String])
        /// Something else (refused when the event has personal-data fields).
        case malformed
    }

    /// The events of `text`.
    /// - Throws: ``ImportError`` `badJSONLine` naming the first line that is not an exported event
    ///   or whose `occurredAt` or `recordedAt` is outside ``Timestamp/allowedRange``.
    /// - Complexity: O(n) in the text.
    static func batch(_ text: String, path: String?) throws(ImportError) -> ImportBatch {
        var text = text
        let result = text.withUTF8 { utf8 in
            Result { () throws(ImportError) in try batch(UnsafeRawBufferPointer(utf8), path: path) }
        }
        return try result.get()
    }

    /// The events of the UTF-8 text `bytes`; see ``batch(_:path:)-(String,_)``.
    /// - Throws: ``ImportError`` as ``batch(_:path:)-(String,_)``.
    static func batch(_ bytes: UnsafeRawBufferPointer, path: String?) throws(ImportError) -> ImportBatch {
        let codec = EventJSONCodec()
        var batch = ImportBatch(path: path)
        var lineNumber = 0
        var lineStart = 0
        while lineStart < bytes.count || (lineStart == bytes.count && lineNumber == 0) {
            lineNumber += 1
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
            var line = UnsafeRawBufferPointer(rebasing: bytes[lineStart..<lineEnd])
            lineStart = lineEnd + 1
            if line.last == 0x0D { line = UnsafeRawBufferPointer(rebasing: line.dropLast()) }
            if lineNumber == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) { line = UnsafeRawBufferPointer(rebasing: line.dropFirst(3)) }
            if let event = try event(ofLine: line, codec: codec, path: path, lineNumber: lineNumber) { batch.events.append(event) }
        }
        return batch
    }

    /// The event of one line of a file (without its line end), or nil for a blank line. The
    /// one step from a line's bytes to an event, for the whole-text and the streaming import.
    /// - Throws: ``ImportError`` as ``batch(_:path:)-(String,_)``, naming `lineNumber`.
    static func event(ofLine line: UnsafeRawBufferPointer, codec: EventJSONCodec, path: String?,
                      lineNumber: Int) throws(ImportError) -> ImportedEvent? {
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return nil }
        return try event(line, codec: codec, path: path, lineNumber: lineNumber)
    }

    /// The event of one line, with the personal data its `personalData` member gives.
    private static func event(_ line: UnsafeRawBufferPointer, codec: EventJSONCodec, path: String?,
                              lineNumber: Int) throws(ImportError) -> ImportedEvent {
        let decoded: (event: RecordedEvent, extra: PersonalDataMember)
        do {
            decoded = try codec.decode(line) { document, root in
                guard let member = document.member(root, "personalData") else { return PersonalDataMember.absent }
                guard document.kind(member) == .object else { return .malformed }
                var texts: [String: String] = [:]
                for (key, value) in document.members(member) {
                    guard let field = document.string(key), let text = document.string(value) else { return .malformed }
                    texts[field] = texts[field] ?? text
                }
                return .texts(texts)
            }
        } catch {
            throw ImportError(.badJSONLine, "not an exported event: \(error.message); fix or remove the line",
                              path: path, line: lineNumber)
        }
        let event = decoded.event
        for (field, time) in [("occurredAt", event.occurred.instant), ("recordedAt", event.recordedAt)] where !time.isAllowed {
            throw ImportError(.badJSONLine, "\(field) \(time.milliseconds) is outside \(Timestamp.allowedRangeText); "
                              + "fix or remove the line", path: path, line: lineNumber)
        }
        var personal: [(reference: PersonalDataReference, value: PersonalDataValue)] = []
        let fields = event.event.personalDataFields
        if !fields.isEmpty {
            let texts: [String: String]
            switch decoded.extra {
            case .absent: texts = [:]
            case .texts(let given): texts = given
            case .malformed:
                throw ImportError(.badJSONLine, "the personalData key is not an object of texts; fix or remove it",
                                  path: path, line: lineNumber)
            }
            for field in fields {
                guard let text = texts[field.path.description] else { continue }
                switch text {
                case PersonalValue.erasedText: personal.append((field.reference, .erased))
                case PersonalValue.unknownText: break
                default: personal.append((field.reference, .text(text)))
                }
            }
        }
        let pending = PendingEvent(id: event.id, stream: event.stream, profile: event.profile,
                                   occurred: event.occurred, event: event.event)
        return ImportedEvent(pending: pending, streamVersion: event.streamVersion, recordedAt: event.recordedAt,
                             line: lineNumber, personalData: personal)
    }
}
