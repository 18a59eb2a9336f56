import Foundation

/// Stable JSON for whole events, for export and import: keys sorted, no escaped slashes, UUIDs
/// as strings, instants as integer milliseconds (see ``RecordedEvent`` and `Events/FORMAT.md`).
/// Reuse one codec for many events; it is not meant to be shared across threads.
public struct EventJSONCodec {
    private let encoder: JSONEncoder
    private let decoder: JSONDecoder

    /// A codec with the stable output settings.
    public init() {
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        decoder = JSONDecoder()
    }

    /// The JSON object of `event`, on one line (no trailing newline).
    /// - Throws: `EncodingError` from Foundation; values in events are validated finite, so this
    ///   does not happen for events built through the catalog's initializers.
    public func encode(_ event: RecordedEvent) throws -> Data {
        try encoder.encode(event)
    }

    /// The event in `data`, a JSON object as written by ``encode(_:)``.
    /// - Throws: ``EventDecodingError``: `invalidJSON` when the text is not an envelope (with the
    ///   path of the offending key), `invalidValue` when a value breaks a rule (a rating of 7),
    ///   or the error of decoding a base64 body.
    public func decode(_ data: Data) throws(EventDecodingError) -> RecordedEvent {
        do {
            return try decoder.decode(RecordedEvent.self, from: data)
        } catch let error as EventDecodingError {
            throw error
        } catch let error as DecodingError {
            throw Self.describe(error)
        } catch {
            throw EventDecodingError(.invalidJSON, "\(error)")
        }
    }

    private static func describe(_ error: DecodingError) -> EventDecodingError {
        func path(_ keys: [any CodingKey]) -> String {
            keys.isEmpty ? "the top level" : keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .dataCorrupted(let context):
            let code: EventDecodingError.Code = context.debugDescription.hasPrefix("invalid ") ? .invalidValue : .invalidJSON
            return EventDecodingError(code, "at \(path(context.codingPath)): \(context.debugDescription)")
        case .keyNotFound(let key, let context):
            return EventDecodingError(.invalidJSON, "key \"\(key.stringValue)\" is missing at \(path(context.codingPath))")
        case .typeMismatch(let type, let context):
            return EventDecodingError(.invalidJSON, "at \(path(context.codingPath)): expected \(type): \(context.debugDescription)")
        case .valueNotFound(let type, let context):
            return EventDecodingError(.invalidJSON, "at \(path(context.codingPath)): expected \(type), found null")
        @unknown default:
            return EventDecodingError(.invalidJSON, "\(error)")
        }
    }
}
