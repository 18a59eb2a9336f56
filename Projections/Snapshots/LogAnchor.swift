/// What the log held at a snapshot's position: a 64-bit hash of that record's payload (which
/// holds the event's id, so two different events practically never share an anchor).
///
/// A snapshot is trusted only when the log still holds, at the snapshot's position, the record
/// whose anchor it carries. That catches a log that lost its tail after the snapshot was written
/// (a torn tail cut, an unsynced tail lost to a power cut) and one that then grew again with
/// other events at the same positions: in both cases the read models would otherwise be ahead
/// of, or apart from, the log they claim to be folded from.
public struct LogAnchor: Sendable, Hashable, CustomStringConvertible {
    /// The hash as stored in the snapshot file.
    public let rawValue: UInt64

    /// An anchor as stored.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// The anchor of a log record with this payload: never equal to ``emptyLog``, and never 0
    /// (which a snapshot file uses for "no anchor").
    public init(recordPayload payload: UnsafeRawBufferPointer) {
        let hash = StableHash.words64(payload) ^ (UInt64(payload.count) &* 0x9E37_79B9_7F4A_7C15)
        rawValue = hash <= Self.emptyLog.rawValue ? 2 : hash
    }

    /// The anchor of position 0: a snapshot of nothing folded.
    public static let emptyLog = LogAnchor(rawValue: 1)

    /// Sixteen hex digits.
    public var description: String {
        let digits = String(rawValue, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
