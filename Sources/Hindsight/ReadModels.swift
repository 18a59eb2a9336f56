import EventLog
import Events
import FSRS
import Projections

/// The read models, one projector each, built from one configuration: what the store runs and
/// what rebuilds, audits, read-only opens and benchmarks replay into. The list of read models
/// lives here and nowhere else (``all``).
package struct ReadModels: Sendable {
    package let vocabulary: Projector<VocabularyProjection>
    /// Daily stats, streaks and achievements: one fold, one snapshot.
    package let activity: Projector<ActivityProjection>
    package let spelling: Projector<SpellingProjection>
    package let stories: Projector<StoryLibraryProjection>
    package let profiles: Projector<ProfilesProjection>
    /// What each card shows: its sides, translations and example sentences.
    package let content: Projector<CardContentProjection>
    /// Vocabulary study sessions and what was studied in each.
    package let studySessions: Projector<StudySessionsProjection>
    /// Dictations per profile and language: words, time, words per minute.
    package let dictation: Projector<DictationStatisticsProjection>
    /// The app's read models (``ReadModelConfiguration/additional``), in the configuration's order.
    package let additional: [any RunnableProjector]

    /// Fresh projectors (at position 0) for `configuration`.
    /// - Throws: ``StoreError`` `invalidValue` for a configuration that cannot be honoured (see
    ///   ``ReadModelConfiguration/validate()``).
    package init(configuration: ReadModelConfiguration) throws(StoreError) {
        try configuration.validate()
        // The rules and the retention were validated just above: the two `try!` cannot fail.
        let cutoff = configuration.dayCutoffHour
        vocabulary = Projector(VocabularyProjection(configuration: configuration.scheduler,
                                                    dailyNewCardLimit: configuration.dailyNewCardLimit))
        activity = Projector(try! ActivityProjection(rules: configuration.achievementRules, defaultCutoffHour: cutoff,
                                                     mastery: configuration.spellingMastery))
        spelling = Projector(SpellingProjection(mastery: configuration.spellingMastery))
        stories = Projector(StoryLibraryProjection(defaultCutoffHour: cutoff))
        profiles = Projector(ProfilesProjection(defaultCutoffHour: cutoff,
                                                defaultParameters: configuration.scheduler.parameters,
                                                defaultRetention: try! DesiredRetention(Double(configuration.scheduler.desiredRetention))))
        content = Projector(CardContentProjection())
        studySessions = Projector(StudySessionsProjection(defaultCutoffHour: cutoff))
        dictation = Projector(DictationStatisticsProjection())
        additional = configuration.additional.map { Self.projector(for: $0) }
    }

    /// A projector folding `projection`.
    private static func projector<P: Projection>(for projection: P) -> any RunnableProjector { Projector(projection) }

    /// Every projector, in a fixed order: the built-in read models, then the app's.
    package var all: [any RunnableProjector] {
        [vocabulary, activity, spelling, stories, profiles, content, studySessions, dictation] + additional
    }

    /// The projector of the app's read model `P`, if the configuration has one.
    package func projector<P: Projection>(of type: P.Type) -> Projector<P>? {
        additional.lazy.compactMap { $0 as? Projector<P> }.first
    }

    /// Saves every projector's snapshot, and those of `others` (the store's command ledger), to
    /// `store`, each anchored to the record at its position in the log `reader` reads (see
    /// ``SnapshotAnchoring``), in the order ``saveOrder(with:)`` gives, and removes retired ones.
    /// - Throws: ``SnapshotError`` for the first snapshot, in that order, that cannot be written
    ///   or anchored.
    package func save(to store: SnapshotStore, anchoringIn reader: LogReader,
                      with others: [any RunnableProjector] = []) async throws(SnapshotError) {
        try await SnapshotAnchoring.save(saveOrder(with: others), to: store, reader: reader)
        for name in Self.retiredSnapshots { store.remove(name) }
    }

    /// The order in which ``save(to:anchoringIn:with:)`` starts the snapshots: `others` (the
    /// command ledger) first, then ``all``. The ledger holds an id for every event, so its state
    /// is among the largest of any store that holds many events; the saves run in lanes
    /// (``SnapshotAnchoring/saveLanes``), and lanes end soonest when the long saves start first
    /// rather than one of them starting alone after the others. (After a 1M-event import, the
    /// ledger's save starting last kept one core idle for about a tenth of a second.)
    package func saveOrder(with others: [any RunnableProjector]) -> [any RunnableProjector] {
        others + all
    }

    /// Snapshots of projections this build no longer has (folded into ``activity``): removed
    /// when a store saves, so they do not linger beside the current ones.
    static let retiredSnapshots = ["daily-stats", "streaks", "achievements"]

    /// Names an app's read model cannot take: the built-in read models', the store's command
    /// ledger's and the retired snapshots'.
    static var reservedNames: [String] {
        [VocabularyProjection.name, ActivityProjection.name, SpellingProjection.name, StoryLibraryProjection.name,
         ProfilesProjection.name, CardContentProjection.name, StudySessionsProjection.name,
         DictationStatisticsProjection.name, CommandLedgerProjection.name] + retiredSnapshots
    }
}
