@testable import Events
import Projections

/// A time on the person's own clock in March 2026: day of the month, hour and minute. Tables
/// of hand-written histories use it so that one row reads the same in every time zone.
struct LocalTime: Sendable, Hashable {
    var day: Int
    var hour: Int
    var minute: Int

    init(_ day: Int, _ hour: Int, _ minute: Int = 0) {
        (self.day, self.hour, self.minute) = (day, hour, minute)
    }

    /// The instant at which a person `utcOffsetSeconds` east of UTC reads this time: e.g.
    /// 03:59 on the 9th at UTC+10 is 17:59Z on the 8th; at UTC−8 it is 11:59Z on the 9th.
    func instant(utcOffsetSeconds: Int) -> Timestamp {
        Timestamp(milliseconds: utc(2026, 3, day, hour, minute).milliseconds - Int64(utcOffsetSeconds) * 1000)
    }
}

/// Offsets the tables run under: UTC, UTC+10 (local days start 10 h before UTC's), UTC−8
/// (8 h after) and UTC+05:45 (not a whole hour).
let tableOffsets = [0, 36_000, -28_800, 20_700]

/// The March local days `days`, as runs of ``ProfileCalendar`` day numbers (a local date's day
/// number is that date's days since 1970-01-01, whatever the offset and cut-off).
func marchRuns(_ days: [ClosedRange<Int>]) -> [DayRun] {
    days.map { DayRun(first: dayNumber(2026, 3, $0.lowerBound), last: dayNumber(2026, 3, $0.upperBound)) }
}
