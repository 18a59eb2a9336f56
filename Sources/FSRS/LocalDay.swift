/// The person's local calendar days, with a day cut-off hour, as fsrs-rs's callers (Anki,
/// fsrs-optimizer) count them: elapsed days between reviews are differences of these numbers.
///
/// local day = floor((t_ms + offset_ms − cutoffHour·3,600,000) / 86,400,000), so a review at
/// 03:59 local time with a 04:00 cut-off still belongs to the previous day. Days are whole
/// 86,400,000 ms steps of local time; the UTC offset is the one in force at that review.
public enum LocalDay {
    /// Milliseconds in a day.
    public static let millisecondsPerDay: Int64 = 86_400_000

    /// The local day number of the instant `timeMs` (ms since the Unix epoch, UTC) for a
    /// person at `utcOffsetMinutes` east of UTC whose day starts at `cutoffHour` local time.
    public static func number(timeMs: Int64, utcOffsetMinutes: Int, cutoffHour: Int) -> Int64 {
        let shifted = timeMs &+ Int64(utcOffsetMinutes) &* 60_000 &- Int64(cutoffHour) &* 3_600_000
        let (quotient, remainder) = shifted.quotientAndRemainder(dividingBy: millisecondsPerDay)
        return remainder < 0 ? quotient - 1 : quotient
    }

    /// The largest local day number of any instant (an `Int64` of milliseconds) at any offset
    /// and cut-off, either side of day 0: a day number beyond it is no instant's.
    public static let largestDay = Int64.max / millisecondsPerDay + 1

    /// The instant (ms since the epoch, UTC) at which local day `day` starts, for the same
    /// offset and cut-off: the inverse of ``number(timeMs:utcOffsetMinutes:cutoffHour:)``.
    public static func start(ofDay day: Int64, utcOffsetMinutes: Int, cutoffHour: Int) -> Int64 {
        day &* millisecondsPerDay &+ Int64(cutoffHour) &* 3_600_000 &- Int64(utcOffsetMinutes) &* 60_000
    }

    /// The instants (ms since the epoch, UTC) of local day `day`, for the same offset and
    /// cut-off: from ``start(ofDay:utcOffsetMinutes:cutoffHour:)`` up to the next day's start;
    /// nil when either end is beyond `Int64` (where ``start(ofDay:utcOffsetMinutes:cutoffHour:)``
    /// wraps) or the cut-off is outside -24...24.
    public static func span(ofDay day: Int64, utcOffsetMinutes: Int, cutoffHour: Int) -> Range<Int64>? {
        guard abs(cutoffHour) <= 24 else { return nil }
        let (dayMs, overflow) = day.multipliedReportingOverflow(by: millisecondsPerDay)
        let (nextMs, nextOverflow) = dayMs.addingReportingOverflow(millisecondsPerDay)
        let shift = Int64(cutoffHour) * 3_600_000 - Int64(utcOffsetMinutes) * 60_000
        let (start, startOverflow) = dayMs.addingReportingOverflow(shift)
        let (end, endOverflow) = nextMs.addingReportingOverflow(shift)
        guard !overflow && !nextOverflow && !startOverflow && !endOverflow else { return nil }
        return start..<end
    }
}
