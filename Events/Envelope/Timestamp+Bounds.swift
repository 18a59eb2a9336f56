/// The instants an event may carry, as it happened (`occurred`) and as it was recorded
/// (`recordedAt`): from 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z, both included.
///
/// Why this range: every instant in it has a four-digit ISO 8601 year, so exports, the revlog
/// CSV (non-negative milliseconds) and `Date` show it exactly, and local-day arithmetic
/// (`EventTime.localMilliseconds`, ±18 h of offset) never comes near the ends of `Int64`. A
/// learner's history cannot predate the epoch or lie thousands of years ahead, so a time outside
/// it is a bug or a unit mix-up in the source (seconds for milliseconds, a sign lost) and is
/// refused where times enter the store: commands, imports, and the CLI's time options. It is a
/// validation rule, not a format change: the codec still reads any `Int64` from the log.
extension Timestamp {
    /// 1970-01-01T00:00:00.000Z, the earliest instant an event may carry.
    public static let earliestAllowed = Timestamp(milliseconds: 0)
    /// 9999-12-31T23:59:59.999Z, the latest instant an event may carry.
    public static let latestAllowed = Timestamp(milliseconds: 253_402_300_799_999)
    /// ``earliestAllowed`` … ``latestAllowed``.
    public static let allowedRange = earliestAllowed...latestAllowed
    /// The range in words, for error messages.
    public static let allowedRangeText = "1970-01-01T00:00:00Z … 9999-12-31T23:59:59.999Z (0 … 253402300799999 ms since 1970)"

    /// Whether the instant lies in ``allowedRange``.
    public var isAllowed: Bool { Self.allowedRange.contains(self) }
}
