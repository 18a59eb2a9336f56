import Events
import FSRS
import Projections

/// The standard read models, one projector each, built from one configuration: what the store
/// runs and what rebuilds and benchmarks replay into.
package struct ReadModels: Sendable {
    package let vocabulary: Projector<VocabularyProjection>
    package let dailyStats: Projector<DailyStatsProjection>
    package let streaks: Projector<StreaksProjection>
    package let achievements: Projector<AchievementsProjection>
    package let spelling: Projector<SpellingProjection>
    package let stories: Projector<StoryLibraryProjection>
    package let profiles: Projector<ProfilesProjection>

    /// Fresh projectors (at position 0) for `configuration`.
    /// - Throws: ``AchievementRuleError`` when the achievement rules are invalid.
    package init(configuration: ReadModelConfiguration) throws(AchievementRuleError) {
        let cutoff = configuration.dayCutoffHour
        vocabulary = Projector(VocabularyProjection(configuration: configuration.scheduler,
                                                    dailyNewCardLimit: configuration.dailyNewCardLimit))
        dailyStats = Projector(DailyStatsProjection(defaultCutoffHour: cutoff))
        streaks = Projector(StreaksProjection(defaultCutoffHour: cutoff))
        achievements = Projector(try AchievementsProjection(rules: configuration.achievementRules, defaultCutoffHour: cutoff))
        spelling = Projector(SpellingProjection(mastery: configuration.spellingMastery))
        stories = Projector(StoryLibraryProjection(defaultCutoffHour: cutoff))
        profiles = Projector(ProfilesProjection(defaultCutoffHour: cutoff,
                                                defaultParameters: configuration.scheduler.parameters,
                                                defaultRetention: try! DesiredRetention(Double(configuration.scheduler.desiredRetention))))
    }

    /// Every projector, in a fixed order.
    package var all: [any RunnableProjector] {
        [vocabulary, dailyStats, streaks, achievements, spelling, stories, profiles]
    }

    /// Restores each projector from its snapshot in `store` where one matches, all at once (one
    /// child task per projector); the others stay at position 0 (to be rebuilt from the log).
    /// Says why each snapshot was discarded through the store's log, and removes it.
    package func restore(from store: SnapshotStore) async {
        SnapshotRestore.discard(await SnapshotRestore.restore(all, from: store), in: store)
    }

    /// Saves every projector's snapshot to `store`.
    /// - Throws: ``SnapshotError`` for the first snapshot that cannot be written.
    package func save(to store: SnapshotStore) async throws(SnapshotError) {
        for projector in all {
            try store.save(await projector.snapshot())
        }
    }
}
