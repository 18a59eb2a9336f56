import Events
import FSRS
import Projections

/// What shapes the read models: the FSRS scheduler (parameters, retention, steps, fuzz), the
/// default day cut-off, the daily new-card limit, the achievement rules and the spelling
/// mastery rule. Everything here goes into the read models' snapshot fingerprints, so a change
/// rebuilds them from the log.
public struct ReadModelConfiguration: Sendable {
    /// The FSRS scheduler of profiles that have not changed their parameters in the log. Its
    /// day cut-off hour is the default cut-off of every read model.
    public var scheduler: SchedulerConfiguration
    /// How many new cards a profile is offered per local day.
    public var dailyNewCardLimit: Int
    /// The achievements that can be unlocked.
    public var achievementRules: [AchievementRule]
    /// When a spelling word counts as mastered.
    public var spellingMastery: SpellingMasteryRule

    /// A configuration; by default FSRS-6 with py-fsrs's learning steps and fuzz, a 4 a.m.
    /// cut-off, 20 new cards a day, the default achievements and 3 right in a row for mastery.
    public init(scheduler: SchedulerConfiguration = .standard,
                dailyNewCardLimit: Int = 20,
                achievementRules: [AchievementRule] = AchievementRule.defaultTable,
                spellingMastery: SpellingMasteryRule = SpellingMasteryRule()) {
        self.scheduler = scheduler
        self.dailyNewCardLimit = dailyNewCardLimit
        self.achievementRules = achievementRules
        self.spellingMastery = spellingMastery
    }

    /// The default day cut-off hour.
    public var dayCutoffHour: Int { scheduler.dayCutoffHour }
}
