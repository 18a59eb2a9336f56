import Events

/// When an achievement was earned: the log position and the time of the event that earned it.
public struct Unlock: Sendable, Equatable, Hashable, BinaryCodable {
    /// The position of the event that earned it.
    public var position: UInt64
    /// When that event happened, with the person's UTC offset.
    public var time: EventTime

    /// An unlock by the event at `position`, at `time`.
    public init(position: UInt64, time: EventTime) {
        self.position = position
        self.time = time
    }

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        position = try UInt64(from: &reader)
        time = try EventTime(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        position.encode(to: &writer)
        time.encode(to: &writer)
    }
}

/// An achievement a profile has earned.
public struct UnlockedAchievement: Sendable, Equatable, Hashable {
    /// The rule earned.
    public var rule: AchievementRule
    /// When.
    public var unlock: Unlock

    /// `rule`, earned at `unlock`.
    public init(rule: AchievementRule, unlock: Unlock) {
        self.rule = rule
        self.unlock = unlock
    }
}

/// How far a profile is from a locked achievement.
public struct AchievementProgress: Sendable, Equatable, Hashable {
    /// The rule.
    public var rule: AchievementRule
    /// Where the profile stands, at most ``target``.
    public var current: Int
    /// What earns the rule (``AchievementCondition/target``).
    public var target: Int

    /// Progress `current` of `target` toward `rule`.
    public init(rule: AchievementRule, current: Int, target: Int) {
        self.rule = rule
        self.current = current
        self.target = target
    }

    /// `current / target`, between 0 and 1.
    public var fraction: Double { Double(current) / Double(target) }
}
