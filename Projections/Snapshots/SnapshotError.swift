/// A snapshot that cannot be read or written. Reading errors are never fatal: the projection
/// is rebuilt from the log instead. Writing errors are reported to the caller.
public struct SnapshotError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of snapshot trouble.
    public enum Code: String, Sendable {
        /// The file is not a snapshot (wrong header).
        case notASnapshot = "not-a-snapshot"
        /// The file is a snapshot but damaged or truncated (checksum or structure).
        case damaged
        /// The snapshot could not be written (the file system said no).
        case writeFailed = "write-failed"
    }

    /// What went wrong.
    public let code: Code
    /// What was wrong, in a sentence.
    public let message: String
    /// The file concerned, when known.
    public var path: String?

    /// An error of `code` with its explanation.
    public init(_ code: Code, _ message: String, path: String? = nil) {
        self.code = code
        self.message = message
        self.path = path
    }

    /// The message, after the file's path when there is one.
    public var description: String {
        (path.map { "\($0): " } ?? "") + message
    }
}
