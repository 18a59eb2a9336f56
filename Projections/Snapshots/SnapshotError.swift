/// A snapshot that cannot be read or written. Reading errors are never fatal: the projection
/// is rebuilt from the log instead. Writing errors are reported to the caller.
public struct SnapshotError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is: a stable name programs match on. A struct with static
    /// members, not an enum, so a later version can add a code without breaking a caller's
    /// `switch` (which therefore needs a `default`).
    public struct Code: RawRepresentable, Hashable, Sendable {
        /// The code's stable spelling, the same in every version.
        public let rawValue: String
        /// The code spelled `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The file is not a snapshot (wrong header).
        public static let notASnapshot = Code(rawValue: "not-a-snapshot")
        /// The file is a snapshot but damaged or truncated (checksum or structure).
        public static let damaged = Code(rawValue: "damaged")
        /// The snapshot could not be written (the file system said no).
        public static let writeFailed = Code(rawValue: "write-failed")
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
