import Foundation
import Testing
@testable import Events

/// The range every event time must lie in (defect 9): its ends, and the instants just outside.
@Suite struct TimestampBoundsTests {
    @Test(arguments: [
        (Int64.min, false), (-99_999_999_999_999_999, false), (-1, false), (0, true), (1_772_442_000_000, true),
        (253_402_300_799_999, true), (253_402_300_800_000, false), (99_999_999_999_999_999, false), (.max, false),
    ])
    func allowedInstants(milliseconds: Int64, allowed: Bool) {
        #expect(Timestamp(milliseconds: milliseconds).isAllowed == allowed)
    }

    @Test func theEndsAreTheFirstAndLastMillisecondOfTheirYears() {
        let calendar = Calendar(identifier: .gregorian)
        let utc = TimeZone(identifier: "UTC")!
        let first = calendar.dateComponents(in: utc, from: Timestamp.earliestAllowed.date)
        #expect([first.year, first.month, first.day, first.hour, first.minute, first.second] == [1970, 1, 1, 0, 0, 0])
        let last = calendar.dateComponents(in: utc, from: Timestamp.latestAllowed.date)
        #expect([last.year, last.month, last.day, last.hour, last.minute, last.second] == [9999, 12, 31, 23, 59, 59])
        let after = calendar.dateComponents(in: utc, from: Timestamp(milliseconds: Timestamp.latestAllowed.milliseconds + 1).date)
        #expect([after.year, after.month, after.day] == [10000, 1, 1])
    }
}
