import Events

/// What earns an achievement: a small closed set of conditions over a profile's history.
///
/// Counts are net of undone reviews; practice days are as ``StreaksState`` counts them.
public enum AchievementCondition: Sendable, Equatable, Hashable {
    /// The first review ever graded (scheduled or cram).
    case firstReview
    /// `count` reviews graded in all (scheduled and cram, undone ones not counted).
    case reviews(Int)
    /// A run of `days` consecutive local days with practice.
    case streak(days: Int)
    /// A perfect spelling session: one that ended with every word of its test (as the test was
    /// when the session started) right first time and no attempt wrong, at any word. A word is
    /// right first time when the session's first attempt at it is correct and is attempt 1
    /// (hints allowed), as the spelling read model scores sessions: the session scores full
    /// marks there. Unlocked by the session's end, for the profile that ended it. See
    /// ``SpellingTally``.
    case perfectSpellingSession
    /// `count` different stories read to their end.
    case storiesRead(Int)
    /// Practice on each of the 7 local days of one calendar week, Monday through Sunday
    /// (a 7-day streak that straddles two weeks does not count; local days honour the cut-off).
    case fullWeek

    /// The number to reach, for progress: 1 for one-off conditions, 7 for ``fullWeek``.
    public var target: Int {
        switch self {
        case .firstReview, .perfectSpellingSession: 1
        case .reviews(let count), .storiesRead(let count): count
        case .streak(let days): days
        case .fullWeek: 7
        }
    }
}

extension AchievementCondition: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        let code = try reader.readByte()
        let value = try reader.readInt()
        switch code {
        case 0: self = .firstReview
        case 1: self = .reviews(value)
        case 2: self = .streak(days: value)
        case 3: self = .perfectSpellingSession
        case 4: self = .storiesRead(value)
        case 5: self = .fullWeek
        default: throw reader.error(.invalidValue, "achievement condition code \(code) is not one of 0-5")
        }
    }

    package func encode(to writer: inout BinaryWriter) {
        let (code, value): (UInt8, Int) = switch self {
        case .firstReview: (0, 0)
        case .reviews(let count): (1, count)
        case .streak(let days): (2, days)
        case .perfectSpellingSession: (3, 0)
        case .storiesRead(let count): (4, count)
        case .fullWeek: (5, 0)
        }
        writer.writeByte(code)
        value.encode(to: &writer)
    }
}
