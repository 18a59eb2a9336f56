import Foundation
import Events

/// Reads the JSON Lines of an export (``LogExporter/exportJSONLines(to:filter:)``) back into the
/// events of one import. Pure: text in, events out.
///
/// Each non-blank line is a whole envelope; the events keep their ids, streams, stream
/// versions, times and recording times, in file order. A line's `personalData` object (field
/// path → text) gives the values of the event's personal-data references: a text is stored
/// under the same reference, `[erased]` is recorded as erased, `[unknown]` is left out.
enum JSONLinesImportPlan {
    /// The `personalData` key of an exported line, if any.
    private struct PersonalDataObject: Decodable {
        let personalData: [String: String]?
    }

    /// The events of `text`.
    /// - Throws: ``ImportError`` `badJSONLine` naming the first line that is not an exported event
    ///   or whose `occurredAt` or `recordedAt` is outside ``Timestamp/allowedRange``.
    /// - Complexity: O(n) in the text.
    static func batch(_ text: String, path: String?) throws(ImportError) -> ImportBatch {
        let codec = EventJSONCodec()
        let decoder = JSONDecoder()
        var batch = ImportBatch(path: path)
        var lineNumber = 0
        for rawLine in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = rawLine[...]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            if lineNumber == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
            if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { continue }
            let data = Data(line)
            let event: RecordedEvent
            do { event = try codec.decode(data) } catch {
                throw ImportError(.badJSONLine, "not an exported event: \(error.message); fix or remove the line",
                                  path: path, line: lineNumber)
            }
            for (field, time) in [("occurredAt", event.occurred.instant), ("recordedAt", event.recordedAt)] where !time.isAllowed {
                throw ImportError(.badJSONLine, "\(field) \(time.milliseconds) is outside \(Timestamp.allowedRangeText); "
                                  + "fix or remove the line", path: path, line: lineNumber)
            }
            var texts: [String: String] = [:]
            let fields = event.event.personalDataFields
            if !fields.isEmpty {
                do { texts = try decoder.decode(PersonalDataObject.self, from: data).personalData ?? [:] } catch {
                    throw ImportError(.badJSONLine, "the personalData key is not an object of texts; fix or remove it",
                                      path: path, line: lineNumber)
                }
            }
            var personal: [(reference: PersonalDataReference, value: PersonalDataValue)] = []
            for field in fields {
                guard let text = texts[field.path.description] else { continue }
                switch text {
                case PersonalValue.erasedText: personal.append((field.reference, .erased))
                case PersonalValue.unknownText: break
                default: personal.append((field.reference, .text(text)))
                }
            }
            let pending = PendingEvent(id: event.id, stream: event.stream, profile: event.profile,
                                       occurred: event.occurred, event: event.event)
            batch.events.append(ImportedEvent(pending: pending, streamVersion: event.streamVersion,
                                              recordedAt: event.recordedAt, line: lineNumber, personalData: personal))
        }
        return batch
    }
}
