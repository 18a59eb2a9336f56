import FSRS

/// Why an import was refused: a stable code, a message that says what was wrong and what to do,
/// and where (the file, and its 1-based line when one line is to blame). A refused import has
/// appended nothing and written no personal data.
public struct ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is: a stable name programs match on. A struct with static
    /// members, not an enum, so a later version can add a code without breaking a caller's
    /// `switch` (which therefore needs a `default`).
    public struct Code: RawRepresentable, Hashable, Sendable {
        /// The code's stable spelling, the same in every version.
        public let rawValue: String
        /// The code spelled `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The file could not be read.
        public static let unreadableFile = Code(rawValue: "import.unreadable-file")
        /// A revlog CSV line is malformed (header, field count, a value out of range).
        public static let badRevlogLine = Code(rawValue: "import.bad-revlog-line")
        /// A JSON Lines line is not an exported event.
        public static let badJSONLine = Code(rawValue: "import.bad-json-line")
        /// An event's stream version does not follow its stream's version in the store.
        public static let streamVersion = Code(rawValue: "import.stream-version")
        /// The same event id appears twice in the file.
        public static let duplicateEvent = Code(rawValue: "import.duplicate-event")
        /// A review is dated before a review of the same card already in the store.
        public static let reviewOutOfOrder = Code(rawValue: "import.review-out-of-order")
        /// The profile cannot receive the import (deleted), or a card of the import was deleted.
        public static let invalidTarget = Code(rawValue: "import.invalid-target")
        /// An option of the import is out of range (UTC offset, cut-off hour, empty deck name).
        public static let invalidOption = Code(rawValue: "import.invalid-option")
        /// An event breaks a rule the store's commands keep (a card or profile that does not
        /// exist or was deleted, a session not open, a review out of order, ...): see
        /// ``ImportError/rule`` for which.
        public static let refusedEvent = Code(rawValue: "import.refused-event")
        /// The store failed to record the import (I/O, lock, closed); see the message.
        public static let store = Code(rawValue: "import.store")
    }

    /// What kind of failure this is.
    public var code: Code
    /// What was wrong and what to do.
    public var message: String
    /// The file imported, when known.
    public var path: String?
    /// The 1-based line of the file to blame, when one is.
    public var line: Int?
    /// For `refusedEvent`: the rule the line's event breaks, as the store's command would report it.
    public var rule: StoreError.Code?

    /// An error with its context.
    public init(_ code: Code, _ message: String, path: String? = nil, line: Int? = nil) {
        self.code = code
        self.message = message
        self.path = path
        self.line = line
    }

    public var description: String {
        let suffix = path.map { " (path \($0))" } ?? ""
        return (line.map { "line \($0): " } ?? "") + message + suffix + " [\(code.rawValue)]; nothing was imported"
    }
}

extension ImportError {
    /// A revlog parse error as an import error naming its line.
    init(_ error: RevlogError, path: String?) {
        self.init(.badRevlogLine, "\(error.message); \(error.remedy) (\(error.code.rawValue))", path: path, line: error.line)
    }

    /// A store failure as an import error.
    init(_ error: StoreError, path: String?) {
        self.init(.store, error.description, path: path)
    }
}
