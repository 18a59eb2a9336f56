import Events

/// One achievement: an id (stable: unlocks are stored by it), what the app shows, and the
/// condition that earns it. Rules are data: add one to a table, no code to write.
public struct AchievementRule: Sendable, Equatable, Hashable {
    /// A stable, unique id, e.g. `reviews-100`.
    public var id: String
    /// A short title, e.g. "Century".
    public var title: String
    /// One sentence saying what earns it.
    public var description: String
    /// What earns it.
    public var condition: AchievementCondition

    /// A rule `id` earned by `condition`.
    public init(id: String, title: String, description: String, condition: AchievementCondition) {
        self.id = id
        self.title = title
        self.description = description
        self.condition = condition
    }

    /// The achievements every app gets unless it passes its own table.
    public static let defaultTable: [AchievementRule] = [
        AchievementRule(id: "first-review", title: "First Steps", description: "Review your first card.",
                        condition: .firstReview),
        AchievementRule(id: "reviews-100", title: "Century", description: "Review 100 cards.",
                        condition: .reviews(100)),
        AchievementRule(id: "reviews-1000", title: "Thousand Club", description: "Review 1,000 cards.",
                        condition: .reviews(1000)),
        AchievementRule(id: "reviews-50-in-a-day", title: "Marathon", description: "Review 50 cards in one day.",
                        condition: .reviewsInOneDay(50)),
        AchievementRule(id: "streak-7", title: "One Week Streak", description: "Practise 7 days in a row.",
                        condition: .streak(days: 7)),
        AchievementRule(id: "streak-30", title: "One Month Streak", description: "Practise 30 days in a row.",
                        condition: .streak(days: 30)),
        AchievementRule(id: "perfect-spelling", title: "Perfect Speller",
                        description: "Spell every word of a test right in one session, without a single mistake.",
                        condition: .perfectSpellingSession),
        AchievementRule(id: "perfect-spelling-test-3", title: "Hat Trick",
                        description: "Spell every word of the same test right, without a mistake, in three sessions.",
                        condition: .perfectSpellingTest(times: 3)),
        AchievementRule(id: "first-word-mastered", title: "Word Wise", description: "Master a spelling word.",
                        condition: .wordsMastered(1)),
        AchievementRule(id: "words-mastered-10", title: "Spelling Star", description: "Master 10 spelling words.",
                        condition: .wordsMastered(10)),
        AchievementRule(id: "stories-read-10", title: "Bookworm", description: "Read 10 different stories to the end.",
                        condition: .storiesRead(10)),
        AchievementRule(id: "full-week", title: "Full Week",
                        description: "Practise every day of one week, Monday to Sunday.", condition: .fullWeek),
    ]

    /// Checks a table: ids non-empty and unique, targets at least 1.
    /// - Throws: ``AchievementRuleError`` naming the first bad rule and its index.
    public static func validate(_ rules: [AchievementRule]) throws(AchievementRuleError) {
        var seen: Set<String> = []
        for (index, rule) in rules.enumerated() {
            guard !rule.id.isEmpty else {
                throw AchievementRuleError(code: "empty-id", index: index, ruleID: rule.id,
                                           message: "the rule has an empty id; give every rule a stable, unique id")
            }
            guard seen.insert(rule.id).inserted else {
                throw AchievementRuleError(code: "duplicate-id", index: index, ruleID: rule.id,
                                           message: "the id is used by an earlier rule; ids must be unique")
            }
            guard rule.condition.target >= 1 else {
                throw AchievementRuleError(code: "target-below-one", index: index, ruleID: rule.id,
                                           message: "the condition's target is \(rule.condition.target); use 1 or more")
            }
        }
    }
}

extension AchievementRule: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        id = try String(from: &reader)
        title = try String(from: &reader)
        description = try String(from: &reader)
        condition = try AchievementCondition(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        id.encode(to: &writer)
        title.encode(to: &writer)
        description.encode(to: &writer)
        condition.encode(to: &writer)
    }
}

/// A rule table that cannot be used.
public struct AchievementRuleError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable code: `empty-id`, `duplicate-id` or `target-below-one`.
    public let code: String
    /// The rule's index in the table.
    public let index: Int
    /// The rule's id.
    public let ruleID: String
    /// What is wrong and what to do.
    public let message: String

    /// The code, the rule's place in the table and id, and the message.
    public var description: String { "[\(code)] achievement rule \(index) ('\(ruleID)'): \(message)" }
}
