/// A log that cannot be read for an audit, a time-travel fold, a rebuild or a verification:
/// what was wrong, what to do, and where (directory, position).
public struct HistoryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is: a stable name programs match on. A struct with static
    /// members, not an enum, so a later version can add a code without breaking a caller's
    /// `switch` (which therefore needs a `default`).
    public struct Code: RawRepresentable, Hashable, Sendable {
        /// The code's stable spelling, the same in every version.
        public let rawValue: String
        /// The code spelled `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// There is no log in the data directory.
        public static let missingLog = Code(rawValue: "history.missing-log")
        /// An as-of position lies beyond the end of the log.
        public static let positionBeyondEnd = Code(rawValue: "history.position-beyond-end")
        /// A record is damaged or unreadable (see `hindsight verify`).
        public static let unreadable = Code(rawValue: "history.unreadable")
        /// A record's payload does not decode as an event.
        public static let undecodable = Code(rawValue: "history.undecodable")
        /// The card asked about was never created (as of the cut).
        public static let unknownCard = Code(rawValue: "history.unknown-card")
    }

    /// What went wrong.
    public let code: Code
    /// What was wrong and what to do, in a sentence.
    public let message: String
    /// The directory concerned.
    public let path: String
    /// The log position concerned, when there is one.
    public let position: UInt64?

    /// An error of `code` at `path` (and `position`).
    public init(_ code: Code, _ message: String, path: String, position: UInt64? = nil) {
        self.code = code
        self.message = message
        self.path = path
        self.position = position
    }

    public var description: String {
        "\(message) [\(code.rawValue); \(path)\(position.map { ", position \($0)" } ?? "")]"
    }
}
