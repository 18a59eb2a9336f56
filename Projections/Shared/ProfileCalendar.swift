import Events
import FSRS

/// The local days of each profile: which day an event belongs to, from the person's UTC offset
/// at that moment and the profile's day cut-off hour (changed by `DayCutoffChanged` events;
/// the store's configured default before that). The one home of the local-day rule: which
/// cut-off applies to a profile at an event (here), and which local day an instant falls on
/// (``LocalDay``'s arithmetic, reached from an ``EventTime`` by the extensions below). Every
/// read model, the audit and the schedule rebuild count days through these.
///
/// Projections that count by day embed one and let it ``observe(_:)`` every event, so day
/// boundaries come from the log alone and are the same on every device in every time zone.
public struct ProfileCalendar: Sendable, Equatable, BinaryCodable {
    /// The cut-off hour of profiles that never changed theirs.
    public let defaultCutoffHour: Int
    /// Profiles whose cut-off was changed, and their current hour.
    public private(set) var cutoffHours: [ProfileID: Int] = [:]

    /// A calendar whose days start at `defaultCutoffHour` local time until a profile changes it.
    public init(defaultCutoffHour: Int) {
        self.defaultCutoffHour = defaultCutoffHour
    }

    /// Takes note of day cut-off changes; ignores every other event.
    public mutating func observe(_ event: RecordedEvent) {
        if case let .dayCutoffChanged(change) = event.event {
            cutoffHours[event.profile] = change.hour.value
        }
    }

    /// The cut-off hour in force for `profile`.
    public func cutoffHour(of profile: ProfileID) -> Int {
        cutoffHours.isEmpty ? defaultCutoffHour : cutoffHours[profile] ?? defaultCutoffHour
    }

    /// The local day number of `event` for its profile (days since 1970-01-01 local, shifted by
    /// the cut-off).
    public func day(of event: RecordedEvent) -> Int64 {
        day(of: event.occurred, profile: event.profile)
    }

    /// The local day number of `time` for `profile`.
    public func day(of time: EventTime, profile: ProfileID) -> Int64 {
        LocalDay.number(of: time, cutoffHour: cutoffHour(of: profile))
    }

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        defaultCutoffHour = try reader.readInt()
        cutoffHours = try [ProfileID: Int](decoding: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        defaultCutoffHour.encode(to: &writer)
        cutoffHours.encode(to: &writer)
    }
}

extension EventTime {
    /// The UTC offset in force at the time, in whole minutes east of UTC (as ``LocalDay`` and
    /// the scheduler's `ReviewRecord` take it).
    @inline(__always) package var utcOffsetMinutes: Int { Int(utcOffset.seconds) / 60 }
}

extension LocalDay {
    /// The local day `time` falls on, at its own UTC offset, for a day starting at `cutoffHour`.
    @inline(__always)
    package static func number(of time: EventTime, cutoffHour: Int) -> Int64 {
        number(timeMs: time.instant.milliseconds, utcOffsetMinutes: time.utcOffsetMinutes, cutoffHour: cutoffHour)
    }

    /// The instant (ms since the epoch) at which local day `day` starts, at the UTC offset of
    /// `time`, for a day starting at `cutoffHour`.
    package static func start(ofDay day: Int64, offsetOf time: EventTime, cutoffHour: Int) -> Int64 {
        start(ofDay: day, utcOffsetMinutes: time.utcOffsetMinutes, cutoffHour: cutoffHour)
    }
}
