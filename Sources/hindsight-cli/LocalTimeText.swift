import FSRS
import Hindsight

/// The one home of how the CLI writes a time: local time with its UTC offset, in the viewer's
/// offset (`--now`'s, or the system's). Text views write `2026-03-01 19:30 +01:00`; JSON writes
/// `2026-03-01T19:30:00+01:00`. Pure arithmetic on the instant (no `DateFormatter`, no time
/// zone database), so the output is the same on every machine.
enum LocalTimeText {
    /// `2026-03-01 19:30 +01:00`: `instant` at `offset`, to the minute.
    static func minute(_ instant: Timestamp, offset: UTCOffset) -> String {
        let (day, seconds) = localDayAndSecond(instant, offset: offset)
        return "\(date(ofLocalDay: day)) \(twoDigits(seconds / 3600)):\(twoDigits(seconds / 60 % 60)) \(offsetText(offset))"
    }

    /// `2026-03-01T19:30:00+01:00`: `instant` at `offset`, to the second, for JSON.
    static func iso(_ instant: Timestamp, offset: UTCOffset) -> String {
        let (day, seconds) = localDayAndSecond(instant, offset: offset)
        return "\(date(ofLocalDay: day))T\(twoDigits(seconds / 3600)):\(twoDigits(seconds / 60 % 60)):\(twoDigits(seconds % 60))"
            + offsetText(offset)
    }

    /// `2026-03-01`: the calendar date of day number `day` (days since 1970-01-01).
    static func date(ofLocalDay day: Int64) -> String {
        let date = CivilDate(dayNumber: day)
        let (year, month, dayOfMonth) = (date.year, date.month, date.day)
        let yearText = String(year)
        return String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText + "-\(twoDigits(month))-\(twoDigits(dayOfMonth))"
    }

    /// `+01:00`, `-05:30`, `+00:00`.
    static func offsetText(_ offset: UTCOffset) -> String {
        let minutes = Int(offset.seconds) / 60
        return (minutes < 0 ? "-" : "+") + "\(twoDigits(Int64(abs(minutes) / 60))):\(twoDigits(Int64(abs(minutes) % 60)))"
    }

    /// The local day number and the second of that day of `instant` at `offset`.
    private static func localDayAndSecond(_ instant: Timestamp, offset: UTCOffset) -> (day: Int64, second: Int64) {
        let local = instant.milliseconds / 1000 + Int64(offset.seconds) - (instant.milliseconds % 1000 < 0 ? 1 : 0)
        let day = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        return (day, local - day * 86_400)
    }

    private static func twoDigits(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
