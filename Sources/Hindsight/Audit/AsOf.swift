import Events

/// How far into a log a read goes ("time travel"): the whole log, through a position, or
/// through the last event recorded at or before an instant.
///
/// An instant is compared with each event's `recordedAt` (when the store wrote it), not with
/// when it happened: "as of 9 a.m." is what the store knew at 9 a.m. The read stops at the
/// first event recorded after the instant, so a log whose recording times go backwards (a clock
/// set back) is read up to that point only.
public enum AsOf: Sendable, Equatable, CustomStringConvertible {
    /// Every event in the log.
    case latest
    /// The events at positions 1 … `position` (0: none).
    case position(UInt64)
    /// The events recorded at or before the instant.
    case instant(Timestamp)

    /// Whether `event` lies within this cut.
    @inline(__always)
    func includes(_ event: RecordedEvent) -> Bool {
        switch self {
        case .latest: true
        case .position(let last): event.position <= last
        case .instant(let instant): event.recordedAt <= instant
        }
    }

    /// The last position that may be read.
    var lastPosition: UInt64 {
        if case .position(let last) = self { return last }
        return .max
    }

    public var description: String {
        switch self {
        case .latest: "latest"
        case .position(let position): "position \(position)"
        case .instant(let instant): "instant \(instant.milliseconds) ms"
        }
    }
}
