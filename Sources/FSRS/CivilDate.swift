/// A date of the proleptic Gregorian calendar, converted to and from day numbers (days since
/// 1970-01-01, the numbering of ``LocalDay``): the one home of that arithmetic, used to print
/// local days and to find the month a day falls in. After Howard Hinnant's `civil_from_days`
/// and `days_from_civil`; exact for every `Int64` day a ``LocalDay`` can hold.
public struct CivilDate: Hashable, Sendable {
    /// The year (astronomical numbering: the year before 1 is 0).
    public let year: Int64
    /// The month, 1 to 12.
    public let month: Int64
    /// The day of the month, 1 to 31.
    public let day: Int64

    /// The date `year`-`month`-`day` (not checked: the caller gives a real date).
    public init(year: Int64, month: Int64, day: Int64) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date of day number `dayNumber`.
    /// - Complexity: O(1).
    public init(dayNumber: Int64) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    }

    /// Its day number (days since 1970-01-01).
    /// - Complexity: O(1).
    public var dayNumber: Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
