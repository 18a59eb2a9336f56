import Events
import FSRS
import Projections

/// What shapes the read models: the FSRS scheduler (parameters, retention, learning steps,
/// maximum interval, fuzz), the default day cut-off, the daily new-card limit, the achievement
/// rules, the spelling mastery rule, and the read models an app adds. Everything here goes into
/// the read models' snapshot fingerprints, so a change rebuilds them from the log.
public struct ReadModelConfiguration: Sendable {
    /// The FSRS scheduler of profiles that have not changed their parameters in the log. Its
    /// day cut-off hour is the default cut-off of every read model.
    public var scheduler: SchedulerConfiguration
    /// How many new cards a profile is offered per local day, 0 … 10,000.
    public var dailyNewCardLimit: Int
    /// The achievements that can be unlocked.
    public var achievementRules: [AchievementRule]
    /// When a spelling word counts as mastered.
    public var spellingMastery: SpellingMasteryRule
    /// The app's own read models, folded beside the built-in ones (see ``Projection``). Each
    /// needs a name of its own: not a built-in one, and usable as a file name.
    public var additional: [any Projection]

    /// A configuration; by default FSRS-6 with py-fsrs's learning steps and fuzz, a 4 a.m.
    /// cut-off, 20 new cards a day, the default achievements, 3 right in a row for mastery, and
    /// no read models of the app's.
    public init(scheduler: SchedulerConfiguration = .standard,
                dailyNewCardLimit: Int = 20,
                achievementRules: [AchievementRule] = AchievementRule.defaultTable,
                spellingMastery: SpellingMasteryRule = SpellingMasteryRule(),
                additional: [any Projection] = []) {
        self.scheduler = scheduler
        self.dailyNewCardLimit = dailyNewCardLimit
        self.achievementRules = achievementRules
        self.spellingMastery = spellingMastery
        self.additional = additional
    }

    /// The default day cut-off hour.
    public var dayCutoffHour: Int { scheduler.dayCutoffHour }

    /// Checks everything the read models will be folded with, so that a store never opens with a
    /// setting it cannot honour.
    /// - Throws: ``StoreError`` `invalidValue` naming the field: `scheduler` (a value changed
    ///   after the configuration was made: a retention outside (0, 1), a maximum interval or
    ///   cut-off out of range, a step that is not positive), `dailyNewCardLimit` outside
    ///   0 … 10,000, `achievementRules` (an empty or repeated id, a target below 1), `readModels`
    ///   (an app read model whose name is empty, not a plain file name, a built-in one's or
    ///   another's).
    public func validate() throws(StoreError) {
        let s = scheduler
        do {
            _ = try SchedulerConfiguration(parameters: s.parameters, desiredRetention: s.desiredRetention,
                                           maximumInterval: s.maximumInterval, dayCutoffHour: s.dayCutoffHour,
                                           learningSteps: s.learningSteps, relearningSteps: s.relearningSteps, fuzz: s.fuzz)
        } catch {
            throw StoreError(.invalidValue, "the scheduler cannot be used: \(error)", field: "scheduler")
        }
        guard NewCardLimit.range.contains(dailyNewCardLimit) else {
            throw StoreError(.invalidValue, "a daily new-card limit of \(dailyNewCardLimit) is outside "
                             + "\(NewCardLimit.range.lowerBound) … \(NewCardLimit.range.upperBound); use e.g. 20",
                             field: "dailyNewCardLimit")
        }
        do { try AchievementRule.validate(achievementRules) } catch {
            throw StoreError(.invalidValue, error.description, field: "achievementRules")
        }
        var taken = Set(ReadModels.reservedNames)
        for projection in additional {
            let name = type(of: projection).name
            guard Self.isPlainName(name) else {
                throw StoreError(.invalidValue, "the read model name '\(name)' cannot name its snapshot file; use 1 to 64 "
                                 + "letters, digits, '-' or '_'", field: "readModels")
            }
            guard taken.insert(name).inserted else {
                throw StoreError(.invalidValue, "two read models are named '\(name)' (built-in read models and retired "
                                 + "snapshots use \(ReadModels.reservedNames.joined(separator: ", "))); give each its own name",
                                 field: "readModels")
            }
        }
    }

    /// Whether `name` is 1 to 64 ASCII letters, digits, '-' or '_' (a snapshot file's name).
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64 && name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
    }
}
