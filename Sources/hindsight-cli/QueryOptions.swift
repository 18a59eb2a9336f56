import Foundation
import Hindsight

/// The options the read-model commands (`stats`, `due`, `achievements`, `spelling`, `stories`,
/// `profiles`, `settings`) share: the data directory, a profile, and "now" (the clock and
/// time zone read here, in the composition root, or `--now` with its offset for reproducible runs).
struct QueryOptions {
    let dataDirectory: String
    let profile: ProfileID?
    let now: EventTime

    init(_ arguments: Arguments, environment: CLIEnvironment) throws(UsageError) {
        dataDirectory = environment.dataDirectory(arguments.value("data-dir"))
        profile = try arguments.value("profile", expecting: "a profile UUID") { UUID(uuidString: $0).map(ProfileID.init) }
        now = try TimeOption.now(arguments.value("now"), environment: environment)
    }
}

/// The read models the query commands and the demo show, as of the end of the log's last complete batch,
/// opened read-only (``ReadModels/latest(dataDirectory:configuration:diagnostics:)``): restored
/// from the store's current snapshots and caught up from the log, with no lock taken and no file
/// written, so they work on a read-only store and while another process writes.
struct CurrentReadModels {
    let vocabulary: VocabularyState
    let content: CardContentState
    let dailyStats: DailyStatsState
    let streaks: StreaksState
    let achievements: AchievementsState
    let spelling: SpellingProgress
    let stories: StoryLibrary
    let directory: ProfileDirectory
    let studySessions: StudySessionLog
    let dictation: DictationStatistics
    let personal: PersonalDataStore
    let position: UInt64

    /// Loads them from the store in `dataDirectory`: as it stands (from its snapshots and the
    /// log after them), or as of `asOf` (folded from the log up to the cut).
    /// - Throws: ``QueryError`` when there is no store; ``StoreError`` or ``HistoryError`` when it
    ///   cannot be read.
    static func load(dataDirectory: String, asOf: AsOf = .latest) async throws -> CurrentReadModels {
        try StoreDirectoryCheck.requireStore(at: dataDirectory)
        let layout = DataDirectoryLayout(path: dataDirectory)
        let personal = try PersonalDataStore.openReadOnly(directory: layout.personal)
        let (models, position) = asOf == .latest
            ? try await ReadModels.latest(dataDirectory: dataDirectory, configuration: ReadModelConfiguration())
            : try await ReadModels.asOf(asOf, dataDirectory: dataDirectory, configuration: ReadModelConfiguration())
        let activity = await models.activity.current().state
        return CurrentReadModels(vocabulary: await models.vocabulary.current().state, content: await models.content.current().state,
                                 dailyStats: activity.dailyStats,
                                 streaks: activity.streaks, achievements: activity.achievements,
                                 spelling: await models.spelling.current().state, stories: await models.stories.current().state,
                                 directory: await models.profiles.current().state,
                                 studySessions: await models.studySessions.current().state,
                                 dictation: await models.dictation.current().state, personal: personal, position: position)
    }

    /// The live profiles in ``ProfileOrder`` (by name, then id), or just `profile`.
    /// - Throws: ``QueryError`` when `profile` is not in the store.
    func profiles(_ profile: ProfileID?) throws -> [ProfileRecord] {
        guard let profile else { return ProfileOrder.sorted(directory.profiles(), name: name(of:), id: \.id.description) }
        guard let record = directory.profile(profile) else {
            throw QueryError("there is no profile \(profile) in the store; leave out --profile to see every profile")
        }
        return [record]
    }

    /// What card `id` shows (its sides, translations and example sentences), nil when no such
    /// card was created: the one place the query commands read card content.
    func cardContent(_ id: CardID) -> CardContent? { content.content(of: id) }

    /// A profile's name from the side store (`[erased]` once forgotten).
    func name(of record: ProfileRecord) -> String { personal.value(of: record.name).exportText }

    /// What `reference` holds in the side store (`[erased]` once forgotten), or nil for none.
    func text(of reference: PersonalDataReference?) -> String? { reference.map { personal.value(of: $0).exportText } }
}

/// A failure of a query command at run time, with a message that says what to do.
struct QueryError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
