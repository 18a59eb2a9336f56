import Events
import Foundation

/// Where the golden files live and how the fixed envelope of a sample is built.
enum GoldenFiles {
    /// `Tests/EventsTests/Golden/v1`, next to this source file.
    static let directoryV1 = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden").appendingPathComponent("v1")

    /// Set to 1 to (re)write missing golden files instead of comparing (see Events/FORMAT.md).
    /// Existing files are never overwritten: a released encoding is frozen.
    static var writeMissing: Bool { ProcessInfo.processInfo.environment["HINDSIGHT_WRITE_GOLDEN"] == "1" }
}

/// The fixed envelope of golden sample `n`: every field distinct and non-trivial, including a
/// negative UTC offset and instants before 1970.
func envelope(_ n: Int, _ event: DomainEvent) throws -> RecordedEvent {
    RecordedEvent(
        position: UInt64(1000 + n), id: EventID(fixedUUID(UInt8(100 + n))),
        stream: try StreamID(category: "golden", id: fixedUUID(UInt8(200 + n / 2))),
        streamVersion: UInt64(n), profile: ProfileID(fixedUUID(250)),
        occurred: EventTime(instant: Timestamp(milliseconds: 1_763_000_000_000 + Int64(n) * 60_000),
                            utcOffset: try UTCOffset(seconds: n.isMultiple(of: 2) ? -16_200 : 34_200)),
        recordedAt: Timestamp(milliseconds: n.isMultiple(of: 3) ? -86_400_001 : 1_763_000_000_250 + Int64(n)),
        event: event)
}
