import Events
import FSRS

/// A run of consecutive local days, `first...last` (day numbers as ``ProfileCalendar`` counts them).
public struct DayRun: Sendable, Equatable, Hashable, BinaryCodable {
    /// The run's first day.
    public var first: Int64
    /// The run's last day (≥ ``first``).
    public var last: Int64

    /// The run `first...last`.
    public init(first: Int64, last: Int64) {
        self.first = first
        self.last = last
    }

    /// How many days the run holds.
    public var length: Int { Int(last - first + 1) }

    /// Whether `day` lies in the run.
    public func contains(_ day: Int64) -> Bool { first <= day && day <= last }

    /// The largest day number of any instant, either side of day 0 (``LocalDay/largestDay``).
    package static let dayLimit = LocalDay.largestDay

    /// Whether a decoded day number is one an instant can have: a day beyond ``dayLimit`` is
    /// damage (and a run or a neighbour of it would overflow).
    package static func isDecodable(_ day: Int64) -> Bool { (-dayLimit...dayLimit).contains(day) }

    /// - Throws: ``EventDecodingError`` for malformed bytes, a day beyond ``dayLimit`` or a run
    ///   that ends before it starts.
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        first = try reader.readInt64()
        last = try reader.readInt64()
        guard Self.isDecodable(first) && Self.isDecodable(last) else {
            throw reader.error(.invalidValue, "a day run \(first)...\(last) is beyond the day of any instant")
        }
        guard last >= first else { throw reader.error(.invalidValue, "a day run ends (\(last)) before it starts (\(first))") }
    }

    package func encode(to writer: inout BinaryWriter) {
        first.encode(to: &writer)
        last.encode(to: &writer)
    }
}

/// Calendar weeks, Monday to Sunday, over local day numbers.
public enum LocalWeek {
    /// The Monday that starts the week holding `day`. Day 0 (1970-01-01) was a Thursday.
    public static func monday(of day: Int64) -> Int64 {
        let (q, r) = (day + 3).quotientAndRemainder(dividingBy: 7)
        return (r < 0 ? q - 1 : q) * 7 - 3
    }
}
