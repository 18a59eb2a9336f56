import Events
import FSRS

/// Rebuilds the read models under other FSRS parameters (and optionally another desired
/// retention) without writing to the log, and reports what changes.
///
/// **What is overridden.** The rebuild folds the log into fresh ``ReadModels`` whose default
/// scheduler is the store's configuration with `parameters` (and `desiredRetention`, when
/// given) put in, and with every `SchedulerParametersChanged` event of every profile left out
/// (and every `DesiredRetentionChanged` when a retention is given): the new parameters apply
/// to every profile's whole history, as if they had been in force from the start (earlier
/// reschedules, ``CardsRescheduled``, are left out too: the recomputation replaces them). Day cut-off
/// changes, learning steps, fuzz and the maximum interval stay as the log and the store say.
/// Of the read models, the two the report reads are folded from this filtered log: the
/// vocabulary (the cards' schedules) and the profiles (their day cut-offs); folding the others
/// too (the activity ledger above all) once cost a third of the rebuild's time and memory.
public struct ScheduleRebuild: Sendable {
    /// The store's read-model configuration (what the log is scheduled with today).
    public let configuration: ReadModelConfiguration
    /// The parameters to rebuild with.
    public let parameters: FSRSParameters
    /// The desired retention to rebuild with; nil keeps the configuration's and the log's.
    public let desiredRetention: Float?

    /// A rebuild of `configuration`'s read models with `parameters` and `desiredRetention`.
    /// - Throws: ``SchedulerConfigurationError`` for a retention outside (0, 1).
    public init(configuration: ReadModelConfiguration, parameters: FSRSParameters,
                desiredRetention: Float? = nil) throws(SchedulerConfigurationError) {
        self.configuration = configuration
        self.parameters = parameters
        self.desiredRetention = desiredRetention
        _ = try rebuiltConfiguration()
    }

    /// The read-model configuration the rebuild folds with.
    /// - Throws: ``SchedulerConfigurationError`` for an invalid retention.
    public func rebuiltConfiguration() throws(SchedulerConfigurationError) -> ReadModelConfiguration {
        let base = configuration.scheduler
        var rebuilt = configuration
        rebuilt.scheduler = try SchedulerConfiguration(
            parameters: parameters, desiredRetention: desiredRetention ?? base.desiredRetention,
            maximumInterval: base.maximumInterval, dayCutoffHour: base.dayCutoffHour,
            learningSteps: base.learningSteps, relearningSteps: base.relearningSteps, fuzz: base.fuzz)
        return rebuilt
    }

    /// Whether the rebuild keeps `event` (drops the settings changes and reschedules it overrides).
    @inline(__always)
    public func keeps(_ event: RecordedEvent) -> Bool {
        switch event.event {
        case .schedulerParametersChanged, .cardsRescheduled: false
        case .desiredRetentionChanged: desiredRetention == nil
        default: true
        }
    }

    /// The outcome of a run: the report, the rebuilt vocabulary and what an apply needs.
    package struct Outcome: Sendable {
        package let report: RebuildReport
        /// The vocabulary read model folded with the rebuilt configuration.
        package let rebuiltVocabulary: Projector<VocabularyProjection>
        /// The live profiles (created or owning a card, not deleted), in id order.
        package let profiles: [ProfileID]
        /// The last stream version of each profile's stream.
        package let profileStreamVersions: [ProfileID: UInt64]
    }

    /// Folds the log of the store in `dataDirectory` (through `asOf`) rebuilt, and compares its
    /// cards at `now` with the store's: as of the latest batch, the vocabulary restored from the
    /// store's snapshot and caught up (read where it lies, as `due` reads it); as of an earlier
    /// cut, a second fold of the log beside the rebuilt one.
    /// - Throws: ``HistoryError`` for a missing or damaged log; ``StoreError`` `invalidValue` for a configuration it cannot honour.
    /// - Complexity: O(events + cards).
    package func run(dataDirectory: String, asOf: AsOf = .latest, now: EventTime) async throws -> Outcome {
        let rebuiltConfiguration = try rebuiltConfiguration()
        let (before, folding, cut) = try await scheduledAsLogged(dataDirectory: dataDirectory, asOf: asOf)
        let rebuilt = try ReadModels(configuration: rebuiltConfiguration)
        let folded: [any RunnableProjector] = [rebuilt.vocabulary, rebuilt.profiles]
        var cards: [CardID] = []
        var profiles: Set<ProfileID> = []
        var deleted: Set<ProfileID> = []
        var versions: [ProfileID: UInt64] = [:]
        let position = try await LogHistory(dataDirectory: dataDirectory).forEachBatch(asOf: cut) { batch in
            for event in batch {
                switch event.event {
                case .cardCreated(let created):
                    cards.append(created.card)
                    profiles.insert(event.profile)
                case .profileCreated: profiles.insert(event.profile)
                case .profileDeleted: deleted.insert(event.profile)
                default: break
                }
                if event.stream == .profile(event.profile) { versions[event.profile] = event.streamVersion }
            }
            async let scheduledAsLogged: Void = folding ? before.apply(batch) : ()
            let kept = batch.filter(keeps)
            for projector in folded { await projector.apply(kept) }
            await scheduledAsLogged
        }
        let old = await before.read { state in cards.map { state.card($0) } }
        let new = await rebuilt.vocabulary.read { state in cards.map { state.card($0) } }
        // Day cut-off changes stand in the rebuild, so its profiles read model has each profile's.
        let directory = await rebuilt.profiles.current().state
        var beforeStates: [(CardState, cutoffHour: Int)] = [], afterStates: [(CardState, cutoffHour: Int)] = []
        var counts: [DueShift: Int] = [:]
        var owners: Set<ProfileID> = []
        for (a, b) in zip(old, new) {
            guard let a, let b, !a.isGone, !a.isSuspended, let sa = a.schedule, let sb = b.schedule else { continue }
            let cutoff = directory.calendar.cutoffHour(of: a.profile)
            beforeStates.append((sa, cutoff))
            afterStates.append((sb, cutoff))
            owners.insert(a.profile)
            counts[DueShift(from: sa.dueMs, to: sb.dueMs), default: 0] += 1
        }
        // "Due today" is the due queue's query, profile by profile (its cut-off, buried cards, its
        // daily review limit), so rebuild and `due` agree.
        let ordered = owners.sorted { $0.description < $1.description }
        var beforeStats = ScheduleStats(cutoffs: beforeStates, now: now)
        beforeStats.dueToday = await before.read { state in ordered.reduce(0) { $0 + state.dueToday(profile: $1, at: now) } }
        var afterStats = ScheduleStats(cutoffs: afterStates, now: now)
        afterStats.dueToday = await rebuilt.vocabulary.read { state in ordered.reduce(0) { $0 + state.dueToday(profile: $1, at: now) } }
        let report = RebuildReport(
            position: position, parameters: ParametersInForce(rebuiltConfiguration.scheduler),
            retentionOverridden: desiredRetention != nil, cardsCompared: beforeStates.count,
            cardsChangingDue: beforeStates.count - (counts[.same] ?? 0),
            distribution: DueShift.allCases.map { DueShiftCount(shift: $0, cards: counts[$0] ?? 0) },
            before: beforeStats, after: afterStats)
        let live = profiles.subtracting(deleted).sorted { $0.description < $1.description }
        return Outcome(report: report, rebuiltVocabulary: rebuilt.vocabulary, profiles: live, profileStreamVersions: versions)
    }

    /// The vocabulary as the store schedules it, whether the rebuild must fold it beside its own,
    /// and the cut both stand at. As of the latest batch: the store's read model opened read-only
    /// (``ReadModels/latest(dataDirectory:configuration:selecting:diagnostics:)``: restored from its
    /// snapshot, its per-card memory left packed, then caught up), the cut pinned to the position
    /// it reached so that a writer appending meanwhile cannot put the two apart. As of any other
    /// cut: a fresh one to fold.
    private func scheduledAsLogged(dataDirectory: String, asOf: AsOf) async throws
        -> (vocabulary: Projector<VocabularyProjection>, folding: Bool, cut: AsOf) {
        guard asOf == .latest else { return (try ReadModels(configuration: configuration).vocabulary, true, asOf) }
        let (models, position) = try await ReadModels.latest(dataDirectory: dataDirectory, configuration: configuration,
                                                             selecting: { [$0.vocabulary] })
        return (models.vocabulary, false, .position(position))
    }
}
