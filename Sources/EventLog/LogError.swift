import SystemSeam
/// An error of the event log: what went wrong, what to do about it, and where
/// (directory, segment file, byte offset, position) as far as known.
public struct LogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is: a stable name programs match on. A struct with static
    /// members, not an enum, so a later version can add a code without breaking a caller's
    /// `switch` (which therefore needs a `default`).
    public struct Code: RawRepresentable, Hashable, Sendable {
        /// The code's stable spelling, the same in every version.
        public let rawValue: String
        /// The code spelled `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A system call failed (disk full, permissions, I/O error...).
        public static let io = Code(rawValue: "io")
        /// Another writer holds the log's lock.
        public static let locked = Code(rawValue: "locked")
        /// A record's bytes are damaged (checksum, length or position wrong) outside the
        /// torn tail that recovery may cut.
        public static let corruptRecord = Code(rawValue: "corruptRecord")
        /// A segment file's header is damaged or of an unknown format version.
        public static let corruptSegment = Code(rawValue: "corruptSegment")
        /// Segment files are missing between two others, or do not follow on.
        public static let missingSegment = Code(rawValue: "missingSegment")
        /// An earlier fsync or write failed; the writer refuses every further append.
        public static let writerFailed = Code(rawValue: "writerFailed")
        /// The writer was closed.
        public static let writerClosed = Code(rawValue: "writerClosed")
        /// A record or batch cannot be stored (too large, or an empty batch).
        public static let invalidRecord = Code(rawValue: "invalidRecord")
        /// A read asked for something that does not exist (position 0, or past the end).
        public static let invalidPosition = Code(rawValue: "invalidPosition")
    }

    /// What kind of failure this is.
    public var code: Code
    /// What was wrong and what to do.
    public var message: String
    /// The log's directory.
    public var directory: String?
    /// The segment file's name, when one is concerned.
    public var segment: String?
    /// The byte offset in the segment.
    public var offset: Int64?
    /// The record position concerned (the one expected at ``offset`` for damage).
    public var position: UInt64?
    /// The failed system call underneath, if any.
    public var systemError: SystemCallError?

    /// An error with its context.
    package init(_ code: Code, _ message: String, directory: String? = nil, segment: String? = nil,
                 offset: Int64? = nil, position: UInt64? = nil, systemError: SystemCallError? = nil) {
        self.code = code
        self.message = message
        self.directory = directory
        self.segment = segment
        self.offset = offset
        self.position = position
        self.systemError = systemError
    }

    /// The message followed by every known piece of context, e.g.
    /// `corruptRecord: … [segment 00000000000000000001.log, offset 4096, position 17]`.
    public var description: String {
        var context: [String] = []
        if let directory { context.append("directory \(directory)") }
        if let segment { context.append("segment \(segment)") }
        if let offset { context.append("offset \(offset)") }
        if let position { context.append("position \(position)") }
        if let systemError { context.append(systemError.description) }
        return "\(code.rawValue): \(message)" + (context.isEmpty ? "" : " [\(context.joined(separator: ", "))]")
    }

    /// Runs `body`, turning a failed system call into an `.io` error with this context.
    /// - Throws: ``LogError`` `.io`.
    package static func mapping<T>(_ what: String, directory: String, segment: String? = nil,
                                   _ body: () throws(SystemCallError) -> T) throws(LogError) -> T {
        do {
            return try body()
        } catch {
            throw io(error, doing: what, directory: directory, segment: segment)
        }
    }

    /// Wraps a failed system call.
    package static func io(_ error: SystemCallError, doing what: String, directory: String,
                           segment: String? = nil) -> LogError {
        LogError(.io, "\(what) failed: \(error). Check the disk (space, permissions, health) and retry.",
                 directory: directory, segment: segment, systemError: error)
    }
}
