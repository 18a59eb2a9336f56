import Foundation
@testable import Events

/// Writes hand-made event sequences for projection tests: positions from 1, stream versions
/// per stream, and event ids and entity ids derived from small numbers, so every run builds the
/// same log.
struct EventScript {
    private(set) var events: [RecordedEvent] = []
    private var streamVersions: [StreamID: UInt64] = [:]
    /// The profile events are recorded for unless told otherwise.
    var profile: ProfileID
    /// The person's UTC offset in seconds for events recorded unless told otherwise.
    var utcOffsetSeconds: Int

    init(profile: ProfileID = ProfileID(testUUID(0xF000)), utcOffsetSeconds: Int = 0) {
        self.profile = profile
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// Appends `event` about `stream`, happening at `time` (UTC), and returns it as recorded.
    @discardableResult
    mutating func record(_ event: DomainEvent, stream: StreamID, at time: Timestamp,
                         utcOffsetSeconds: Int? = nil, profile: ProfileID? = nil) -> RecordedEvent {
        let position = UInt64(events.count + 1)
        let version = (streamVersions[stream] ?? 0) + 1
        streamVersions[stream] = version
        let offset = try! UTCOffset(seconds: utcOffsetSeconds ?? self.utcOffsetSeconds)
        let recorded = RecordedEvent(
            position: position, id: EventID(testUUID(0xE000_0000 + position)), stream: stream,
            streamVersion: version, profile: profile ?? self.profile,
            occurred: EventTime(instant: time, utcOffset: offset), recordedAt: time, event: event)
        events.append(recorded)
        return recorded
    }
}

/// A UUID whose last bytes hold `n`: readable, distinct and the same on every run.
func testUUID(_ n: UInt64) -> UUID {
    var bytes = [UInt8](repeating: 0, count: 16)
    for i in 0..<8 { bytes[15 - i] = UInt8(truncatingIfNeeded: n >> (8 * UInt64(i))) }
    return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                       bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
}

/// The instant of a UTC calendar date and time.
func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) -> Timestamp {
    // Days from the civil date (proleptic Gregorian), H. Hinnant's algorithm.
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = (month + 9) % 12
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    let days = era * 146_097 + doe - 719_468
    return Timestamp(milliseconds: Int64(days) * 86_400_000 + Int64(hour) * 3_600_000 + Int64(minute) * 60_000)
}

/// The event time at `time` (UTC) for a person `utcOffsetSeconds` east of UTC.
func eventTime(_ time: Timestamp, utcOffsetSeconds: Int = 0) -> EventTime {
    EventTime(instant: time, utcOffset: try! UTCOffset(seconds: utcOffsetSeconds))
}
