import Events
import FSRS
import Projections

/// What true retention (``TrueRetentionRule``) and the answer buttons (``AnswerButtons``) count of
/// one review, packed in a byte: whether each counts it, its maturity, whether it passed, its
/// rating and age. Decided by the two rules; this only keeps their answers.
struct CountedAnswer: Sendable, Equatable {
    private let bits: UInt8

    private static let retentionFlag: UInt8 = 1, matureFlag: UInt8 = 2, passedFlag: UInt8 = 4, buttonFlag: UInt8 = 8

    /// What the rules count of a `mode` review rated `rating` of a card whose state before it
    /// was `before`.
    init(mode: ReviewMode, rating: Rating, before: CardState?) {
        var bits: UInt8 = 0
        if let maturity = TrueRetentionRule.maturity(mode: mode, before: before) {
            bits |= Self.retentionFlag | (maturity == .mature ? Self.matureFlag : 0)
            if TrueRetentionRule.passes(rating) { bits |= Self.passedFlag }
        }
        if let age = AnswerButtons.age(mode: mode, before: before) {
            bits |= Self.buttonFlag | UInt8(AnswerAge.allCases.firstIndex(of: age)!) << 4 | (rating.rawValue - 1) << 6
        }
        self.bits = bits
    }

    /// Whether either rule counts the review.
    var counts: Bool { bits & (Self.retentionFlag | Self.buttonFlag) != 0 }

    /// How true retention counts it, or nil when it does not.
    var retention: (maturity: CardMaturity, passed: Bool)? {
        guard bits & Self.retentionFlag != 0 else { return nil }
        return (bits & Self.matureFlag != 0 ? .mature : .young, bits & Self.passedFlag != 0)
    }

    /// The button and age the answer buttons count it under, or nil when they do not.
    var button: (rating: Rating, age: AnswerAge)? {
        guard bits & Self.buttonFlag != 0, let rating = Rating(rawValue: (bits >> 6) + 1) else { return nil }
        return (rating, AnswerAge.allCases[Int((bits >> 4) & 3)])
    }
}
