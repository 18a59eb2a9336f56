import EventLog

/// What ``StoreVerifier`` found in a data directory: the log's damaged records and undecodable
/// events, and the state of every snapshot file.
public struct StoreVerificationReport: Sendable, Equatable, Encodable {
    /// The log: segments and records checked, the last position, every damaged record.
    public let log: LogSummary
    /// Records whose checksum is right but whose payload does not decode as an event.
    public let undecodable: [UndecodableRecord]
    /// Every snapshot file, by name.
    public let snapshots: [SnapshotCheck]
    /// Every file in the data directory the store does not use (or that is not what its name
    /// says), with the reason; never damage.
    public let unrecognised: [UnrecognisedFile]

    /// True when no record is damaged or undecodable and no snapshot is damaged or ahead of the log.
    public var isHealthy: Bool {
        log.damage.isEmpty && undecodable.isEmpty && !snapshots.contains { $0.status.isProblem }
    }
}

/// The log part of a verification.
public struct LogSummary: Sendable, Equatable, Encodable {
    /// Segment files checked.
    public let segments: Int
    /// Valid records read.
    public let records: Int
    /// The last position present.
    public let lastPosition: UInt64
    /// Every damaged stretch: segment, offset, positions, reason.
    public let damage: [Damage]
    /// An incomplete write at the end of the last segment (which opening the log cuts off;
    /// not damage), as "segment at offset".
    public let tornTail: String?
    /// What the next open for writing cuts off the end of the log, and why (nil when the log
    /// ends with a complete batch). Never damage: none of it was acknowledged.
    public let nextOpenCuts: Cut?

    /// The end of the log that the next open for writing cuts: a torn record, zero-filled space,
    /// or the records of a batch that was never completed.
    public struct Cut: Sendable, Equatable, Encodable {
        /// The file name of the last segment.
        public let segment: String
        /// The byte offset where the cut falls (just after the last complete batch).
        public let offset: Int64
        /// The bytes cut.
        public let bytes: Int64
        /// Whole records of the incomplete batch that are cut (0 when none).
        public let records: Int
        /// Their first position (nil when none).
        public let firstPosition: UInt64?
        /// Their last position (nil when none).
        public let lastPosition: UInt64?
        /// Why, in words.
        public let reason: String
    }

    /// One damaged stretch of the log.
    public struct Damage: Sendable, Equatable, Encodable {
        /// The file name of the segment it lies in.
        public let segment: String
        /// The byte offset in that segment where the damage starts.
        public let offset: Int64
        /// The first log position the damage reaches (its events are unreadable).
        public let firstPosition: UInt64
        /// The last log position the damage reaches.
        public let lastPosition: UInt64
        /// What is wrong there, in words (a checksum mismatch, a torn frame...).
        public let reason: String
    }

    init(_ report: VerificationReport) {
        segments = report.segments
        records = report.records
        lastPosition = report.lastPosition
        damage = report.damage.map {
            Damage(segment: $0.segment, offset: $0.offset, firstPosition: $0.positions.lowerBound,
                   lastPosition: $0.positions.upperBound, reason: $0.reason)
        }
        tornTail = report.tornTail.map { "\($0.segment) at offset \($0.offset)" }
        nextOpenCuts = report.tornTail.map {
            Cut(segment: $0.segment, offset: $0.offset, bytes: $0.bytes, records: $0.incompleteRecords,
                firstPosition: $0.incompletePositions?.lowerBound, lastPosition: $0.incompletePositions?.upperBound,
                reason: $0.reason)
        }
    }
}

/// A record that passes its checksum but does not decode.
public struct UndecodableRecord: Sendable, Equatable, Encodable {
    /// Its position.
    public let position: UInt64
    /// Why it does not decode.
    public let reason: String
}

/// One snapshot file and what is wrong with it, if anything.
public struct SnapshotCheck: Sendable, Equatable, Encodable {
    /// The verdict on a snapshot file.
    public enum Status: String, Sendable, Encodable {
        /// Decodes, and its version and fingerprint match the configuration.
        case current
        /// Decodes, but was computed by another projection version or configuration: the
        /// store discards it and rebuilds from the log (not damage).
        case outdated
        /// Does not decode or fails its checksum.
        case damaged
        /// Covers positions the log does not have (the log lost records, or belongs elsewhere).
        case aheadOfLog = "ahead-of-log"
        /// Names a projection this build does not have (ignored by the store).
        case unknown

        /// Whether verification fails because of it.
        public var isProblem: Bool { self == .damaged || self == .aheadOfLog }
    }

    /// The file's path.
    public let path: String
    /// The verdict.
    public let status: Status
    /// Why, in a sentence.
    public let detail: String
}

/// A file in a data directory that the store does not read, or that is not what its name says
/// (a directory or a link where a file belongs). Reported by ``StoreVerifier``, never damage.
public struct UnrecognisedFile: Sendable, Equatable, Encodable {
    /// The file's path.
    public let path: String
    /// What it is and what the store does with it, in a sentence.
    public let reason: String
}
