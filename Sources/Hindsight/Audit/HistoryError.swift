/// A log that cannot be read for an audit, a time-travel fold, a rebuild or a verification:
/// what was wrong, what to do, and where (directory, position).
public struct HistoryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of trouble.
    public enum Code: String, Sendable {
        /// There is no log in the data directory.
        case missingLog = "history.missing-log"
        /// An as-of position lies beyond the end of the log.
        case positionBeyondEnd = "history.position-beyond-end"
        /// A record is damaged or unreadable (see `hindsight verify`).
        case unreadable = "history.unreadable"
        /// A record's payload does not decode as an event.
        case undecodable = "history.undecodable"
        /// The card asked about was never created (as of the cut).
        case unknownCard = "history.unknown-card"
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
