import Events
import FSRS

/// The local days of each profile: which day an event belongs to, from the person's UTC offset
/// at that moment and the profile's day cut-off hour (changed by `DayCutoffChanged` events;
/// the store's configured default before that).
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
        LocalDay.number(timeMs: time.instant.milliseconds, utcOffsetMinutes: Int(time.utcOffset.seconds) / 60,
                        cutoffHour: cutoffHour(of: profile))
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
