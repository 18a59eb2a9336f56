import Events
import FSRS

/// A card's age at an answer, as Anki's answer-buttons chart splits the answers.
public enum AnswerAge: String, Sendable, CaseIterable, Encodable {
    /// New, or in its learning or relearning steps before the answer.
    case learning
    /// In the review phase with an interval under ``TrueRetentionRule/matureIntervalDays`` days.
    case young
    /// In the review phase with an interval of ``TrueRetentionRule/matureIntervalDays`` days or more.
    case mature
}

/// How often each answer button was pressed, by card age: the one home of which answers count
/// and under which age. Scheduled answers count (cram answers are left out, as Anki leaves out
/// filtered decks that do not reschedule); the age is the card's before the answer: learning
/// when it was new or in a step, else young or mature by its interval then (the threshold of
/// ``TrueRetentionRule``). Undone answers, and those no reader counts (``CardHistoryRule``),
/// are not answers at all: callers leave them out before counting.
public struct AnswerButtons: Sendable, Hashable {
    /// The counts by age, each indexed by rating (again, hard, good, easy).
    public private(set) var counts: [AnswerAge: [Int]] = Dictionary(uniqueKeysWithValues: AnswerAge.allCases.map { ($0, [0, 0, 0, 0]) })

    /// No answers counted.
    public init() {}

    /// The age a `mode` answer counts under, or nil when it does not count, for a card whose
    /// state before it was `before` (nil: never reviewed).
    /// - Complexity: O(1).
    public static func age(mode: ReviewMode, before: CardState?) -> AnswerAge? {
        guard mode == .scheduled else { return nil }
        guard let before, before.phase == .review else { return .learning }
        return before.intervalDays >= TrueRetentionRule.matureIntervalDays ? .mature : .young
    }

    /// Counts one answer of `rating` at `age`.
    public mutating func count(_ rating: Rating, at age: AnswerAge) {
        counts[age, default: [0, 0, 0, 0]][Int(rating.rawValue) - 1] += 1
    }

    /// The answers at `age`, by rating: again, hard, good, easy.
    public func counts(at age: AnswerAge) -> [Int] { counts[age] ?? [0, 0, 0, 0] }

    /// The answers at `age` that passed (anything but again) over all answered, nil without any.
    public func passRate(at age: AnswerAge) -> Double? {
        let row = counts(at: age)
        let total = row.reduce(0, +)
        return total == 0 ? nil : Double(total - row[0]) / Double(total)
    }
}
