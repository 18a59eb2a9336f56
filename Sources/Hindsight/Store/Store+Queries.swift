import Foundation
import EventLog
import Events
import Projections

// Queries: the read models' current states as values (copy-on-write, so a copy is cheap and
// never changes under the caller). Each reflects every command whose `send` has returned.
extension Store {
    /// Decks, cards with their FSRS states, and the due queue.
    public func vocabulary() async -> VocabularyState { await models.vocabulary.current().state }
    /// What card `id` shows: its sides, translations and example sentences (nil when no such card
    /// was created); ``VocabularyState/card(_:)`` gives its place and schedule.
    public func cardContent(_ id: CardID) async -> CardContent? { await models.content.read { $0.content(of: id) } }
    /// Daily stats, streaks and achievements together (one consistent view of the three).
    public func activity() async -> ActivityState { await models.activity.current().state }
    /// Per profile and local day: reviews by rating, new cards, time, spelling, stories, dictation.
    public func dailyStats() async -> DailyStatsState { await models.activity.read { $0.dailyStats } }
    /// Current and longest streaks per profile.
    public func streaks() async -> StreaksState { await models.activity.read { $0.streaks } }
    /// Achievements unlocked and progress towards the others.
    public func achievements() async -> AchievementsState { await models.activity.read { $0.achievements } }
    /// Spelling progress per word and per test.
    public func spelling() async -> SpellingProgress { await models.spelling.current().state }
    /// The story library and parental controls.
    public func stories() async -> StoryLibrary { await models.stories.current().state }
    /// Profiles, settings, configured services and scheduler settings.
    public func profiles() async -> ProfileDirectory { await models.profiles.current().state }

    /// The state of the app's read model `projection` (one passed in ``StoreOptions/readModels``),
    /// reflecting every command whose `send` has returned.
    /// - Throws: ``StoreError`` `invalidValue` (field `readModels`) when the store was opened
    ///   without a read model of that type.
    public func readModel<P: Projection>(_ projection: P.Type) async throws(StoreError) -> P.State {
        guard let projector = models.projector(of: projection) else {
            throw StoreError(.invalidValue, "this store was opened without the read model '\(P.name)'; pass it in "
                             + "StoreOptions.readModels", field: "readModels")
        }
        return await projector.current().state
    }

    /// The position of the last event in the log (0 when empty).
    public func lastPosition() -> UInt64 { position }

    /// The number of events in `stream` (0 when none): the version to pass as a command's
    /// `expectedVersion`.
    public func streamVersion(_ stream: StreamID) async -> UInt64 { await ledger.current().state.version(of: stream) }

    /// What `reference` holds in the personal-data side store (``PersonalDataValue/erased`` once
    /// its profile was forgotten).
    public func personalData(_ reference: PersonalDataReference) -> PersonalDataValue { personal.storedValue(of: reference) }

    /// The current name of `profile`, from the side store.
    public func profileName(_ profile: ProfileID) async -> PersonalDataValue {
        guard let record = await models.profiles.current().state.profile(profile) else { return .unknown }
        return personal.storedValue(of: record.name)
    }

    /// Erases every personal-data value of `profile` (names, a child's name, story text), deleted
    /// or not, and records it in the log: a ``ProfileCommand/forget(reason:)`` command, so the log
    /// says when (`time`) and why (`reason`), with no personal data. The log, its positions and
    /// every statistic stay; the references read as erased.
    /// - Parameter commandID: the command's idempotency key (resending it erases again and
    ///   records nothing more).
    /// - Returns: how many values were erased.
    /// - Throws: ``StoreError`` `unknownProfile` for a profile never created, `personalData` when
    ///   the side store cannot be written (the event is then recorded: resend the same command),
    ///   `log`, `closed`.
    @discardableResult
    public func forgetProfile(_ profile: ProfileID, reason: ErasureReason, time: EventTime,
                              commandID: UUID) async throws(StoreError) -> Int {
        let count = personal.valueCount(of: profile)
        _ = try await send(StoreCommand(id: commandID, profile: profile, time: time, .profiles(.forget(reason: reason))))
        return count
    }

    /// Every event of the log as one JSON object per line (the whole envelope; personal data
    /// appears as its reference only).
    /// - Throws: ``StoreError`` `log` when the log cannot be read or an event cannot be encoded.
    public func exportJSONLines() async throws(StoreError) -> [String] {
        await enter()
        defer { gate.leave() }
        try requireOpen()
        do { try await writer.sync() } catch { throw StoreError(error) }
        guard position > 0 else { return [] }
        let codec = EventJSONCodec()
        var lines: [String] = []
        do {
            try writer.reader.forEachRecord(from: 1, through: position) { recordPosition, payload, _ in
                let event = try LogCodec.decode(payload, position: recordPosition)
                lines.append(String(decoding: try codec.encode(event), as: UTF8.self))
                return true
            }
        } catch {
            throw StoreError(.log, "cannot export the log: \(error)", path: writer.directory)
        }
        return lines
    }

    /// Every read model's state encoded as in its snapshot, by projection name: equal bytes mean
    /// equal read models (for tests and rebuild checks).
    package func encodedReadModels() async -> [String: [UInt8]] {
        var encoded: [String: [UInt8]] = [:]
        for projector in projectors {
            let snapshot = await projector.snapshot()
            encoded[snapshot.projection] = snapshot.state
        }
        return encoded
    }
}
