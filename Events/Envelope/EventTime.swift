/// When something happened, as the person lived it: the instant plus their UTC offset at that
/// instant. Local days, streaks and day cut-offs are computed from ``localMilliseconds``, never
/// from the time zone of the device that replays the log.
public struct EventTime: Hashable, Sendable, Codable {
    /// The instant, in UTC.
    public let instant: Timestamp
    /// The person's offset from UTC at that instant.
    public let utcOffset: UTCOffset

    /// The time at `instant` for a person whose clock was `utcOffset` from UTC.
    public init(instant: Timestamp, utcOffset: UTCOffset) {
        self.instant = instant
        self.utcOffset = utcOffset
    }

    /// The person's wall-clock reading as milliseconds since 1970-01-01T00:00 local
    /// (saturating at the ends of `Int64`), from which local calendar days follow.
    public var localMilliseconds: Int64 {
        let (sum, overflow) = instant.milliseconds.addingReportingOverflow(Int64(utcOffset.seconds) * 1000)
        if overflow { return utcOffset.seconds > 0 ? .max : .min }
        return sum
    }
}

extension EventTime: BinaryCodable {
    @inline(__always) package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        instant = try Timestamp(from: &reader)
        utcOffset = try UTCOffset(from: &reader)
    }
    @inline(__always) package func encode(to writer: inout BinaryWriter) { write(to: &writer) }
    /// Writes the time's bytes to `sink` (its layout's one home).
    @inline(__always) package func write<Sink: BinarySink>(to sink: inout Sink) {
        instant.write(to: &sink)
        utcOffset.write(to: &sink)
    }
}
