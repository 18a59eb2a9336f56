import EventLog
import Events
import FSRS
import Projections

/// The standard read models, one projector each, built from one configuration: what the store
/// runs and what rebuilds and benchmarks replay into.
package struct ReadModels: Sendable {
    package let vocabulary: Projector<VocabularyProjection>
    /// Daily stats, streaks and achievements: one fold, one snapshot.
    package let activity: Projector<ActivityProjection>
    package let spelling: Projector<SpellingProjection>
    package let stories: Projector<StoryLibraryProjection>
    package let profiles: Projector<ProfilesProjection>

    /// Fresh projectors (at position 0) for `configuration`.
    /// - Throws: ``AchievementRuleError`` when the achievement rules are invalid.
    package init(configuration: ReadModelConfiguration) throws(AchievementRuleError) {
        let cutoff = configuration.dayCutoffHour
        vocabulary = Projector(VocabularyProjection(configuration: configuration.scheduler,
                                                    dailyNewCardLimit: configuration.dailyNewCardLimit))
        activity = Projector(try ActivityProjection(rules: configuration.achievementRules, defaultCutoffHour: cutoff))
        spelling = Projector(SpellingProjection(mastery: configuration.spellingMastery))
        stories = Projector(StoryLibraryProjection(defaultCutoffHour: cutoff))
        profiles = Projector(ProfilesProjection(defaultCutoffHour: cutoff,
                                                defaultParameters: configuration.scheduler.parameters,
                                                defaultRetention: try! DesiredRetention(Double(configuration.scheduler.desiredRetention))))
    }

    /// Every projector, in a fixed order.
    package var all: [any RunnableProjector] {
        [vocabulary, activity, spelling, stories, profiles]
    }

    /// Saves every projector's snapshot to `store`, each anchored to the record at its position in
    /// the log `reader` reads (see ``SnapshotAnchoring``), and removes retired ones.
    /// - Throws: ``SnapshotError`` for the first snapshot that cannot be written or anchored.
    package func save(to store: SnapshotStore, anchoringIn reader: LogReader) async throws(SnapshotError) {
        try await SnapshotAnchoring.save(all, to: store, reader: reader)
        for name in Self.retiredSnapshots { store.remove(name) }
    }

    /// Snapshots of projections this build no longer has (folded into ``activity``): removed
    /// when a store saves, so they do not linger beside the current ones.
    static let retiredSnapshots = ["daily-stats", "streaks", "achievements"]
}
