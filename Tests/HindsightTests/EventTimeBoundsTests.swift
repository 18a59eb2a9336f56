import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// Defect 9: the store takes command times at both ends of ``Timestamp/allowedRange`` and
/// refuses a clock outside it (the recording time), appending nothing.
@Suite struct EventTimeBoundsTests {
    static let utc = try! UTCOffset(seconds: 0)

    @Test(arguments: [Timestamp.earliestAllowed, Timestamp(milliseconds: 1_772_442_000_000), Timestamp.latestAllowed])
    func commandTimesInTheRangeAreTaken(instant: Timestamp) async throws {
        let f = try await ValidationTests.seeded()
        let before = await f.store.lastPosition()
        try await f.send(ValidationTests.ada, EventTime(instant: instant, utcOffset: Self.utc),
                         .dictation(.finish(wordCount: 3, duration: .milliseconds(10), language: "en")))
        #expect(await f.store.lastPosition() == before + 1)
    }

    @Test(arguments: [Int64(-1), 253_402_300_800_000, .min, .max])
    func aClockOutsideTheRangeIsRefused(clock: Int64) async throws {
        let directory = try TemporaryDirectory(prefix: "hindsight-clock")
        defer { directory.remove() }
        let store = try await Store.open(directory: directory.path,
                                         options: StoreOptions(clock: { Timestamp(milliseconds: clock) }, durability: .groupCommit))
        let id = Ids.uuid(0xC0, 1)
        do {
            _ = try await store.send(StoreCommand(id: id, profile: Ids.profile(1), time: StoreFixture.time(),
                                                  .profiles(.create(name: "Ada", isChild: false))))
            Issue.record("the command was accepted")
        } catch {
            #expect(error.code == .invalidValue)
            #expect(error.field == "recordedAt")
            #expect(error.message.hasPrefix("the store's clock reads \(clock) ms, outside 1970-01-01T00:00:00Z"))
        }
        #expect(await store.lastPosition() == 0)
        try await store.close()
    }
}
