import FSRS
import Testing

@Suite("CivilDate: day numbers to and from proleptic Gregorian dates")
struct CivilDateTests {
    @Test("known dates", arguments: [
        (Int64(0), Int64(1970), Int64(1), Int64(1)), (-1, 1969, 12, 31), (59, 1970, 3, 1), (11_016, 2000, 2, 29),
        (20_513, 2026, 3, 1), (-719_468, 0, 3, 1), (-719_469, 0, 2, 29), (2_932_896, 9999, 12, 31),
    ] as [(Int64, Int64, Int64, Int64)])
    func knownDates(dayNumber: Int64, year: Int64, month: Int64, day: Int64) {
        #expect(CivilDate(dayNumber: dayNumber) == CivilDate(year: year, month: month, day: day))
        #expect(CivilDate(year: year, month: month, day: day).dayNumber == dayNumber)
    }

    @Test("every day of 1600 years round-trips, and consecutive days are consecutive dates")
    func roundTrip() {
        var previous = CivilDate(dayNumber: -300_001)
        for number in Int64(-300_000)...Int64(284_000) {
            let date = CivilDate(dayNumber: number)
            #expect(date.dayNumber == number)
            let next = date.day == 1 ? (previous.month == 12 ? date.month == 1 && date.year == previous.year + 1
                                                          : date.month == previous.month + 1 && date.year == previous.year)
                : date.day == previous.day + 1 && date.month == previous.month && date.year == previous.year
            if !next { Issue.record("\(previous) then \(date) at \(number)"); return }
            previous = date
        }
    }
}
