import Events

/// One local day of one profile: the key of ``DailyStatsState``'s table.
package struct ProfileDay: Sendable, Hashable, Comparable, BinaryCodable {
    /// The profile.
    package var profile: IDKey
    /// The local day number.
    package var day: Int64

    /// Day `day` of `profile`.
    @inline(__always) package init(profile: ProfileID, day: Int64) {
        self.profile = IDKey(profile)
        self.day = day
    }

    @inline(__always) package func hash(into hasher: inout Hasher) {
        hasher.combine(profile.high)
        hasher.combine(profile.low)
        hasher.combine(day)
    }

    /// The hash tables use, without a `Hasher`: the profile's words and the day, mixed once
    /// (see `Identifier._rawHashValue(seed:)`).
    @inline(__always) package func _rawHashValue(seed: Int) -> Int {
        IdentifierHash.mix(profile.high, profile.low ^ (UInt64(bitPattern: day) &* 0xD6E8_FEB8_6659_FD93), seed: seed)
    }

    /// By profile, then day: a total order.
    package static func < (lhs: ProfileDay, rhs: ProfileDay) -> Bool {
        lhs.profile != rhs.profile ? lhs.profile < rhs.profile : lhs.day < rhs.day
    }

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        profile = try IDKey(from: &reader)
        day = try reader.readInt64()
    }

    package func encode(to writer: inout BinaryWriter) {
        profile.encode(to: &writer)
        day.encode(to: &writer)
    }
}

/// The counts of one local day, with the day they belong to.
public struct DayActivity: Sendable, Equatable, Hashable {
    /// The local day number (days since 1970-01-01 local, shifted by the profile's cut-off).
    public var day: Int64
    /// What was done that day.
    public var counts: ActivityCounts

    /// The counts `counts` of `day`.
    public init(day: Int64, counts: ActivityCounts) {
        self.day = day
        self.counts = counts
    }
}

/// A day range a query cannot answer.
public struct DayRangeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The longest range, in days, that ``DailyStatsState/days(profile:from:through:)`` lists.
    public static let maximumDays: Int64 = 36_600
    /// The range's first day.
    public let from: Int64
    /// The range's last day.
    public let through: Int64
    /// A stable code for programs: `day-range-too-long`.
    public var code: String { "day-range-too-long" }

    /// The code, the range asked for and how long a range may be.
    public var description: String {
        "[\(code)] days \(from) through \(through) make \(through - from + 1) days; list at most "
            + "\(Self.maximumDays) days at once (about 100 years), or ask for totals instead"
    }
}
