import Events
import FSRS

/// How long a card's interval is at a review, as Anki's statistics split true retention.
public enum CardMaturity: String, Sendable, CaseIterable, Encodable {
    /// An interval under ``TrueRetentionRule/matureIntervalDays`` days.
    case young
    /// An interval of ``TrueRetentionRule/matureIntervalDays`` days or more.
    case mature
}

/// True retention as Anki defines it: the share of passed reviews among the reviews a card was
/// *due* for in its review phase. The one home of which reviews count and how they split.
///
/// - Counted: a scheduled review (not cram: Anki's filtered decks leave them out) of a card in
///   the review phase before it. Learning and relearning answers and a card's first review are
///   left out: they test a step, not a retention interval.
/// - Passed: hard, good or easy; failed: again.
/// - Young when the card's interval at the review (the interval chosen at its previous counted
///   review) is under 21 days, mature from 21 days on.
///
/// Reviews undone afterwards, and those no reader counts (``CardHistoryRule``), are not
/// reviews at all: callers leave them out before asking.
public enum TrueRetentionRule {
    /// Anki's threshold between young and mature cards, in days.
    public static let matureIntervalDays = 21

    /// The maturity a review counts under, or nil when it does not count: a `mode` review of a
    /// card whose state before it was `before` (nil: never reviewed).
    /// - Complexity: O(1).
    @inline(__always)
    public static func maturity(mode: ReviewMode, before: CardState?) -> CardMaturity? {
        guard mode == .scheduled, let before, before.phase == .review else { return nil }
        return before.intervalDays >= matureIntervalDays ? .mature : .young
    }

    /// Whether an answer passes: anything but again.
    @inline(__always)
    public static func passes(_ rating: Rating) -> Bool { rating != .again }
}

/// One counted review for true retention: its local day, its maturity and whether it passed.
public struct RetentionReview: Sendable, Hashable {
    /// The local day of the review (days since 1970-01-01, the profile's cut-off applied).
    public let day: Int64
    /// Young or mature at the review.
    public let maturity: CardMaturity
    /// True unless the answer was again.
    public let passed: Bool

    /// A counted review on local `day`.
    public init(day: Int64, maturity: CardMaturity, passed: Bool) {
        self.day = day
        self.maturity = maturity
        self.passed = passed
    }
}

/// Passed and failed counted reviews, young and mature.
public struct RetentionTally: Sendable, Hashable, Encodable {
    /// Passed reviews of young cards.
    public var youngPassed = 0
    /// Failed reviews of young cards.
    public var youngFailed = 0
    /// Passed reviews of mature cards.
    public var maturePassed = 0
    /// Failed reviews of mature cards.
    public var matureFailed = 0

    /// An empty tally.
    public init() {}

    /// A tally of these counts.
    public init(youngPassed: Int, youngFailed: Int, maturePassed: Int, matureFailed: Int) {
        self.youngPassed = youngPassed
        self.youngFailed = youngFailed
        self.maturePassed = maturePassed
        self.matureFailed = matureFailed
    }

    /// Counts `review`.
    public mutating func add(_ review: RetentionReview) {
        switch (review.maturity, review.passed) {
        case (.young, true): youngPassed += 1
        case (.young, false): youngFailed += 1
        case (.mature, true): maturePassed += 1
        case (.mature, false): matureFailed += 1
        }
    }

    /// Every counted review.
    public var reviews: Int { youngPassed + youngFailed + maturePassed + matureFailed }
    /// Passed / counted among young cards; nil without any.
    public var youngRetention: Double? { Self.share(youngPassed, of: youngPassed + youngFailed) }
    /// Passed / counted among mature cards; nil without any.
    public var matureRetention: Double? { Self.share(maturePassed, of: maturePassed + matureFailed) }
    /// Passed / counted over both; nil without any.
    public var retention: Double? { Self.share(youngPassed + maturePassed, of: reviews) }

    private static func share(_ part: Int, of whole: Int) -> Double? { whole > 0 ? Double(part) / Double(whole) : nil }

    enum CodingKeys: String, CodingKey {
        case youngPassed, youngFailed, maturePassed, matureFailed, reviews, youngRetention, matureRetention, retention
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(youngPassed, forKey: .youngPassed)
        try container.encode(youngFailed, forKey: .youngFailed)
        try container.encode(maturePassed, forKey: .maturePassed)
        try container.encode(matureFailed, forKey: .matureFailed)
        try container.encode(reviews, forKey: .reviews)
        try container.encodeIfPresent(youngRetention, forKey: .youngRetention)
        try container.encodeIfPresent(matureRetention, forKey: .matureRetention)
        try container.encodeIfPresent(retention, forKey: .retention)
    }
}
