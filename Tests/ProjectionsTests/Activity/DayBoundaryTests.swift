import Testing
@testable import Events
@testable import Projections

@Suite struct DayBoundaryTests {
    /// One review at `instant` by a person at `offset` seconds east of UTC, with a cut-off hour:
    /// - 23:30Z on the 10th: 23:30 at UTC+0 (10th), 00:30 at UTC+1 (11th), 13:30 at UTC−10 (10th),
    ///   13:30 at UTC+14 (11th);
    /// - 05:00Z on the 10th at UTC−11 is 18:00 on the 9th;
    /// - 03:30 local with a 04:00 cut-off belongs to the day before; 04:00 sharp starts the new day;
    /// - 23:30 local with a 22:00 cut-off is 01:30 into the 10th: the same day.
    @Test(arguments: [
        (utc(2026, 3, 10, 23, 30), 0, 0, dayNumber(2026, 3, 10)),
        (utc(2026, 3, 10, 23, 30), 3600, 0, dayNumber(2026, 3, 11)),
        (utc(2026, 3, 10, 23, 30), -36_000, 0, dayNumber(2026, 3, 10)),
        (utc(2026, 3, 10, 23, 30), 50_400, 0, dayNumber(2026, 3, 11)),
        (utc(2026, 3, 10, 5, 0), -39_600, 0, dayNumber(2026, 3, 9)),
        (utc(2026, 3, 10, 3, 30), 0, 4, dayNumber(2026, 3, 9)),
        (utc(2026, 3, 10, 2, 30), 3600, 4, dayNumber(2026, 3, 9)),
        (utc(2026, 3, 10, 4, 0), 0, 4, dayNumber(2026, 3, 10)),
        (utc(2026, 3, 10, 23, 30), 0, 22, dayNumber(2026, 3, 10)),
    ] as [(Timestamp, Int, Int, Int64)])
    func aReviewLandsOnThePersonsLocalDay(instant: Timestamp, offset: Int, cutoff: Int, expectedDay: Int64) {
        var script = EventScript(utcOffsetSeconds: offset)
        script.createCard(1, at: utc(2026, 3, 1))
        script.review(1, .good, at: instant)
        let activity = fold(try! ActivityProjection(defaultCutoffHour: cutoff), script.events)
        let stats = activity.dailyStats
        #expect(stats.day(profile: script.profile, day: expectedDay).reviews == 1)
        #expect(stats.totals(profile: script.profile, from: expectedDay - 3, through: expectedDay + 3).reviews == 1)
        let streaks = activity.streaks
        #expect(streaks.runs(profile: script.profile) == [DayRun(first: expectedDay, last: expectedDay)])
    }

    /// Two profiles review at the same instant, 23:30Z, one at UTC+0 and one at UTC+1: the first
    /// counts it on the 10th, the second on the 11th.
    @Test func theSameInstantFallsOnDifferentDaysForDifferentOffsets() {
        let (london, paris) = (ProfileID(testUUID(0x10)), ProfileID(testUUID(0x11)))
        var script = EventScript()
        script.createCard(1, at: utc(2026, 3, 1), profile: london)
        script.createCard(2, at: utc(2026, 3, 1), profile: paris)
        script.review(1, .good, at: utc(2026, 3, 10, 23, 30), utcOffsetSeconds: 0, profile: london)
        script.review(2, .good, at: utc(2026, 3, 10, 23, 30), utcOffsetSeconds: 3600, profile: paris)
        let state = fold(try! ActivityProjection(defaultCutoffHour: 0), script.events).dailyStats
        #expect(state.day(profile: london, day: dayNumber(2026, 3, 10)).reviews == 1)
        #expect(state.day(profile: london, day: dayNumber(2026, 3, 11)).reviews == 0)
        #expect(state.day(profile: paris, day: dayNumber(2026, 3, 10)).reviews == 0)
        #expect(state.day(profile: paris, day: dayNumber(2026, 3, 11)).reviews == 1)
    }

    /// Cut-off 04:00: 02:00 local on the 10th counts on the 9th. At noon on the 10th the cut-off
    /// moves to midnight: 02:00 local on the 11th then counts on the 11th (it would have been the
    /// 10th), and the 9th keeps what it had.
    @Test func aDayCutoffChangeMovesTheBoundaryFromThenOn() {
        var script = EventScript()
        script.createCard(1, at: utc(2026, 3, 1))
        script.review(1, .good, at: utc(2026, 3, 10, 2))
        script.changeCutoff(to: 0, at: utc(2026, 3, 10, 12))
        script.review(1, .easy, at: utc(2026, 3, 11, 2))
        let state = fold(try! ActivityProjection(defaultCutoffHour: 4), script.events).dailyStats
        let days = try! state.days(profile: script.profile, from: dayNumber(2026, 3, 9), through: dayNumber(2026, 3, 11))
        #expect(days.map(\.counts.reviewsByRating) == [[0, 0, 1, 0], [0, 0, 0, 0], [0, 0, 0, 1]])
        #expect(state.calendar.cutoffHour(of: script.profile) == 0)
        // Another profile keeps the default cut-off.
        #expect(state.calendar.cutoffHour(of: ProfileID(testUUID(0x99))) == 4)
    }
}
