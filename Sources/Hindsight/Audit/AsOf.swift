import Foundation
import Events

/// How far into a log a read goes ("time travel"): the whole log, through a position, through
/// the last event recorded at or before an instant, or every event that happened at or before
/// an instant.
///
/// ``instant(_:)`` compares each event's `recordedAt` (when the store wrote it): "as of 9 a.m."
/// is what the store knew at 9 a.m. The read stops at the first event recorded after the
/// instant, so a log whose recording times go backwards (a clock set back) is read up to that
/// point only. An imported history, or the demo's, was recorded after it happened (all of it at
/// the moment of the import): cut by ``occurred(_:)`` to see it as it stood on a past day.
public enum AsOf: Sendable, Equatable, CustomStringConvertible {
    /// Every event in the log.
    case latest
    /// The events at positions 1 … `position` (0: none).
    case position(UInt64)
    /// The events recorded at or before the instant.
    case instant(Timestamp)
    /// The events that happened (their `occurred` time) at or before the instant, in log order;
    /// events that happened later are skipped, and the read goes on past them.
    case occurred(Timestamp)

    /// Whether `event` lies within this cut.
    @inline(__always)
    func includes(_ event: RecordedEvent) -> Bool {
        includes(position: event.position, recordedAt: event.recordedAt, occurred: event.occurred.instant)
    }

    /// Whether the event at `position`, recorded at `recordedAt`, that happened at `occurred`,
    /// lies within this cut (what ``includes(_:)`` asks of a decoded event, asked of an envelope).
    @inline(__always)
    func includes(position: UInt64, recordedAt: Timestamp, occurred: Timestamp) -> Bool {
        switch self {
        case .latest: true
        case .position(let last): position <= last
        case .instant(let instant): recordedAt <= instant
        case .occurred(let instant): occurred <= instant
        }
    }

    /// Whether the read ends at the first event outside the cut (else it skips such events).
    var endsAtFirstExcluded: Bool {
        if case .occurred = self { return false }
        return true
    }

    /// The last position that may be read.
    var lastPosition: UInt64 {
        if case .position(let last) = self { return last }
        return .max
    }

    /// `instant` in ISO 8601, UTC, to the second.
    private static func text(_ instant: Timestamp) -> String {
        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(instant.milliseconds) / 1000))
    }

    /// What the cut holds, for messages: "latest", "position 12", "the events recorded by
    /// 2026-03-01T12:00:00Z", "the events that happened by …".
    public var description: String {
        switch self {
        case .latest: "latest"
        case .position(let position): "position \(position)"
        case .instant(let instant): "the events recorded by \(Self.text(instant))"
        case .occurred(let instant): "the events that happened by \(Self.text(instant))"
        }
    }
}
