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

/// Which read models a command reads (besides the profiles, which every command reads to name
/// them): ``CurrentReadModels/load(dataDirectory:asOf:reading:)`` restores only those, so that
/// `profiles` on a store of millions of events does not decode its vocabulary.
struct ReadModelNeeds: OptionSet {
    let rawValue: Int

    /// Decks, cards, FSRS states and the due queue.
    static let vocabulary = ReadModelNeeds(rawValue: 1 << 0)
    /// What each card shows.
    static let content = ReadModelNeeds(rawValue: 1 << 1)
    /// Daily stats, streaks and achievements.
    static let activity = ReadModelNeeds(rawValue: 1 << 2)
    /// Spelling tests and progress.
    static let spelling = ReadModelNeeds(rawValue: 1 << 3)
    /// The story library and parental controls.
    static let stories = ReadModelNeeds(rawValue: 1 << 4)
    /// Study sessions.
    static let studySessions = ReadModelNeeds(rawValue: 1 << 5)
    /// Dictation statistics.
    static let dictation = ReadModelNeeds(rawValue: 1 << 6)
    /// Every read model.
    static let all: ReadModelNeeds = [.vocabulary, .content, .activity, .spelling, .stories, .studySessions, .dictation]

    /// The projectors of `models` these needs read, the profiles always among them.
    func projectors(of models: ReadModels) -> [any RunnableProjector] {
        var projectors: [any RunnableProjector] = [models.profiles]
        if contains(.vocabulary) { projectors.append(models.vocabulary) }
        if contains(.content) { projectors.append(models.content) }
        if contains(.activity) { projectors.append(models.activity) }
        if contains(.spelling) { projectors.append(models.spelling) }
        if contains(.stories) { projectors.append(models.stories) }
        if contains(.studySessions) { projectors.append(models.studySessions) }
        if contains(.dictation) { projectors.append(models.dictation) }
        return projectors
    }
}

/// The read models the query commands and the demo show, as of the end of the log's last complete batch,
/// opened read-only (``ReadModels/latest(dataDirectory:configuration:selecting:diagnostics:)``): restored
/// from the store's current snapshots and caught up from the log, with no lock taken and no file
/// written, so they work on a read-only store and while another process writes.
///
/// Only the read models a command asks for are loaded (``ReadModelNeeds``): reading another is a
/// programming error that stops the process with its name (every command's tests run it).
struct CurrentReadModels {
    /// The read models loaded besides the profiles.
    let loaded: ReadModelNeeds
    private let states: States
    let directory: ProfileDirectory
    let personal: PersonalDataStore
    let position: UInt64

    /// The states, each as restored (an empty one for a read model not loaded).
    private struct States {
        var vocabulary: VocabularyState
        var content: CardContentState
        var activity: ActivityState
        var spelling: SpellingProgress
        var stories: StoryLibrary
        var studySessions: StudySessionLog
        var dictation: DictationStatistics
    }

    /// `need`'s state, checked to be loaded.
    private func state<State>(_ need: ReadModelNeeds, _ name: String, _ path: KeyPath<States, State>) -> State {
        precondition(loaded.contains(need), "the command reads the \(name) read model without asking for it (ReadModelNeeds)")
        return states[keyPath: path]
    }

    var vocabulary: VocabularyState { state(.vocabulary, "vocabulary", \.vocabulary) }
    var content: CardContentState { state(.content, "card-content", \.content) }
    var dailyStats: DailyStatsState { state(.activity, "activity", \.activity).dailyStats }
    var streaks: StreaksState { state(.activity, "activity", \.activity).streaks }
    var achievements: AchievementsState { state(.activity, "activity", \.activity).achievements }
    var spelling: SpellingProgress { state(.spelling, "spelling", \.spelling) }
    var stories: StoryLibrary { state(.stories, "stories", \.stories) }
    var studySessions: StudySessionLog { state(.studySessions, "study-sessions", \.studySessions) }
    var dictation: DictationStatistics { state(.dictation, "dictation", \.dictation) }

    /// Loads the profiles and the read models `needs` names from the store in `dataDirectory`: as
    /// it stands (from its snapshots and the log after them), or as of `asOf` (folded from the
    /// log up to the cut).
    /// - Throws: ``QueryError`` when there is no store; ``StoreError`` or ``HistoryError`` when it
    ///   cannot be read.
    static func load(dataDirectory: String, asOf: AsOf = .latest, reading needs: ReadModelNeeds) async throws -> CurrentReadModels {
        try StoreDirectoryCheck.requireStore(at: dataDirectory)
        let layout = DataDirectoryLayout(path: dataDirectory)
        let personal = try PersonalDataStore.openReadOnly(directory: layout.personal)
        let (models, position) = asOf == .latest
            ? try await ReadModels.latest(dataDirectory: dataDirectory, configuration: ReadModelConfiguration(),
                                          selecting: needs.projectors(of:))
            : try await ReadModels.asOf(asOf, dataDirectory: dataDirectory, configuration: ReadModelConfiguration(),
                                        selecting: needs.projectors(of:))
        let states = States(vocabulary: await models.vocabulary.current().state, content: await models.content.current().state,
                            activity: await models.activity.current().state, spelling: await models.spelling.current().state,
                            stories: await models.stories.current().state, studySessions: await models.studySessions.current().state,
                            dictation: await models.dictation.current().state)
        return CurrentReadModels(loaded: needs, states: states, directory: await models.profiles.current().state,
                                 personal: personal, position: position)
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
