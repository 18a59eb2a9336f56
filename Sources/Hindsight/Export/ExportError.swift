import EventLog
import Events

/// Why an export could not be made: what was wrong, what to do, and where (the path, and the
/// log position of the event involved, as far as known). An export that fails leaves no file at
/// its output path (it is written beside it and renamed into place only when complete).
public struct ExportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is: a stable name programs match on. A struct with static
    /// members, not an enum, so a later version can add a code without breaking a caller's
    /// `switch` (which therefore needs a `default`).
    public struct Code: RawRepresentable, Hashable, Sendable {
        /// The code's stable spelling, the same in every version.
        public let rawValue: String
        /// The code spelled `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The data directory has no log directory.
        public static let missingLog = Code(rawValue: "export.missing-log")
        /// The log holds no events.
        public static let emptyLog = Code(rawValue: "export.empty-log")
        /// The log could not be read (damage, I/O); ``ExportError/message`` carries the log's error.
        public static let unreadableLog = Code(rawValue: "export.unreadable-log")
        /// A record did not decode as an event.
        public static let undecodableEvent = Code(rawValue: "export.undecodable-event")
        /// The output could not be created or written (permissions, disk full...).
        public static let outputFailed = Code(rawValue: "export.output-failed")
        /// The request itself is inconsistent (e.g. an empty event type name).
        public static let invalidRequest = Code(rawValue: "export.invalid-request")
    }

    /// What kind of failure this is.
    public var code: Code
    /// What was wrong and what to do.
    public var message: String
    /// The file or directory involved.
    public var path: String?
    /// The log position of the event involved.
    public var position: UInt64?

    /// An error with its context.
    public init(_ code: Code, _ message: String, path: String? = nil, position: UInt64? = nil) {
        self.code = code
        self.message = message
        self.path = path
        self.position = position
    }

    public var description: String {
        var context: [String] = []
        if let path { context.append("path \(path)") }
        if let position { context.append("position \(position)") }
        let suffix = context.isEmpty ? "" : " (\(context.joined(separator: ", ")))"
        return "\(message)\(suffix) [\(code.rawValue)]"
    }

    /// The export error for a failure of the log reader.
    static func reading(_ error: any Error, directory: String) -> ExportError {
        ExportError(.unreadableLog, "the log could not be read: \(error); run 'verify' on it",
                    path: directory, position: (error as? LogError)?.position)
    }

    /// The export error for a record that does not decode.
    static func decoding(_ error: any Error, position: UInt64, directory: String) -> ExportError {
        ExportError(.undecodableEvent,
                    "the event could not be decoded: \(error); export with a build that knows its format",
                    path: directory, position: position)
    }
}
