import Foundation
import Events
import FSRS
import Projections

/// Records a rebuild's parameters (and retention) as settings commands, for each live profile,
/// through the store's command path, so that they become the schedule from that position on.
///
/// Each profile gets a ``ProfileCommand/changeSchedulerParameters(_:)`` (and, when the rebuild has
/// a retention, a ``ProfileCommand/changeDesiredRetention(_:child:)``, which for a child's profile
/// a parent's sends, naming the child: ``parent(for:in:)``) sent with the profile stream's
/// version the rebuild saw as `expectedVersion`: if the profile changed since, the command is
/// refused as a conflict (run the rebuild again). The store validates, numbers the stream
/// versions, keeps the command ids for idempotency and folds the events into the read models.
///
/// What applying means: the read models keep "as scheduled at the time", so the events change
/// every review from their position on; cards keep their current due dates until their next
/// review. The rebuild report shows what a full recomputation from the start would give.
/// With `reschedule`, each profile's change is one ``ProfileCommand/reschedule(parameters:desiredRetention:cards:)``
/// instead: its reviewed cards take the rebuild's recomputed schedules at once, as the report says.
public enum ParameterChangeRecorder {
    /// Opens the store in `dataDirectory` (it must not be open elsewhere), records the change as
    /// ``record(_:outcome:store:at:newID:)`` does, and closes it.
    /// - Returns: the positions written, from the first command's event to the last one's; nil
    ///   when there is no profile to record the change for.
    /// - Throws: ``StoreError``: `locked` when a running store holds the log, `conflict` when a
    ///   profile changed since the rebuild, `log` when the append fails.
    package static func record(_ rebuild: ScheduleRebuild, outcome: ScheduleRebuild.Outcome, dataDirectory: String,
                               reschedule: Bool = false, at time: EventTime,
                               newID: () -> EventID) async throws -> ClosedRange<UInt64>? {
        try await withStore(dataDirectory, at: time) { store in
            try await record(rebuild, outcome: outcome, store: store, reschedule: reschedule, at: time, newID: newID)
        }
    }

    /// Opens the store in `dataDirectory` (it must not be open elsewhere) and records `parameters`
    /// for `profile` as one ``ProfileCommand/changeSchedulerParameters(_:)`` at `time` (19
    /// weights for FSRS-5 parameters, 21 for FSRS-6), as the optimizer's `--apply` does.
    /// - Returns: the positions written.
    /// - Throws: ``StoreError``: `locked` when a running store holds the log, a refusal when the
    ///   profile is unknown or deleted, `log` when the append fails.
    package static func record(_ parameters: FSRSParameters, profile: ProfileID, dataDirectory: String,
                               at time: EventTime, newID: () -> EventID) async throws -> ClosedRange<UInt64> {
        let weights = parameters.weights.prefix(parameters.inputCount == 19 ? 19 : 21).map(Double.init)
        return try await withStore(dataDirectory, at: time) { store in
            try await store.send(StoreCommand(id: newID().uuid, profile: profile, time: time,
                                              .profiles(.changeSchedulerParameters(weights)))).positions
        }
    }

    private static func withStore<T>(_ dataDirectory: String, at time: EventTime,
                                     _ body: (Store) async throws -> T) async throws -> T {
        let instant = time.instant
        let store = try await Store.open(directory: dataDirectory, options: StoreOptions(clock: { instant }))
        do {
            let result = try await body(store)
            try await store.close()
            return result
        } catch {
            try? await store.close()
            throw error
        }
    }

    /// Sends, for each of `outcome`'s profiles that the store knows and that is not deleted, the
    /// parameter change (and the retention change) as commands at `time`, with command ids from
    /// `newID`, each expecting the profile stream's version the rebuild saw. With `reschedule`,
    /// one reschedule command per profile instead, carrying the rebuild's recomputed schedule of
    /// each of the profile's reviewed cards.
    /// - Returns: the positions written (nil when there is no profile).
    /// - Throws: ``StoreError`` as ``Store/send(_:)``: `conflict` when a profile changed since
    ///   the rebuild (with `reschedule`: when anything was appended since), the profiles before it
    ///   keep their change.
    package static func record(_ rebuild: ScheduleRebuild, outcome: ScheduleRebuild.Outcome, store: Store,
                               reschedule: Bool = false,
                               at time: EventTime, newID: () -> EventID) async throws(StoreError) -> ClosedRange<UInt64>? {
        let weights = rebuild.parameters.weights.prefix(rebuild.parameters.inputCount == 19 ? 19 : 21).map(Double.init)
        let directory = await store.profiles()
        if reschedule, await store.lastPosition() != outcome.report.position {
            throw StoreError(.conflict, "the log grew from position \(outcome.report.position) to \(await store.lastPosition()) "
                             + "since the rebuild; run the rebuild again to reschedule from the whole log", field: "reschedule")
        }
        let current = reschedule ? await store.vocabulary() : nil
        let rebuilt = reschedule ? await outcome.rebuiltVocabulary.current().state : nil
        var first: UInt64?
        var last: UInt64?
        for profile in outcome.profiles {
            guard let record = directory.profile(profile), !record.isDeleted else { continue }
            var version = outcome.profileStreamVersions[profile] ?? 0
            let retention = rebuild.desiredRetention.map(Double.init)
            // A child's retention is parent-controlled: a parent's profile sends it, naming the child.
            let parent = record.isChild && retention != nil ? try Self.parent(for: profile, in: directory) : nil
            var retentionChange: [(sender: ProfileID, action: ProfileCommand)] = []
            if let retention {
                retentionChange = [parent.map { ($0, .changeDesiredRetention(retention, child: profile)) } ?? (profile, .changeDesiredRetention(retention))]
            }
            var actions = [(sender: profile, action: ProfileCommand.changeSchedulerParameters(weights))] + retentionChange
            if let current, let rebuilt {
                let cards = try recomputed(current.scheduledCards(of: profile), in: rebuilt)
                // A child's reschedule follows its parent's retention change and names it as the one in force.
                actions = parent == nil ? [(profile, .reschedule(parameters: weights, desiredRetention: retention, cards: cards))]
                    : retentionChange + [(profile, .reschedule(parameters: weights, desiredRetention: nil, cards: cards))]
            }
            for (sender, action) in actions {
                let result = try await store.send(StoreCommand(id: newID().uuid, profile: sender, time: time,
                                                               expectedVersion: version, .profiles(action)))
                version += UInt64(result.eventIDs.count)
                first = first ?? result.positions.lowerBound
                last = result.positions.upperBound
            }
        }
        guard let first, let last else { return nil }
        return first...last
    }
}

extension ParameterChangeRecorder {
    /// The parent's profile that records a rebuild's retention for child's profile `child`: the
    /// store's first grown-up's profile (in creation order) that is live, as a household's
    /// owner runs `rebuild --apply`; the event names it as `setBy`.
    /// - Throws: ``StoreError`` `parentRequired` when the store has no live grown-up's profile.
    static func parent(for child: ProfileID, in directory: ProfileDirectory) throws(StoreError) -> ProfileID {
        guard let parent = directory.profiles().first(where: { !$0.isChild && !$0.isDisabled }) else {
            throw StoreError(.parentRequired, "profile \(child) is a child's profile and its desired retention is parent-controlled, "
                             + "but the store has no live grown-up's profile to change it; create or enable one, or rebuild without "
                             + "--desired-retention", stream: .profile(child), field: "profile")
        }
        return parent.id
    }

    /// The schedules `rebuilt` (the rebuild's vocabulary) gives `cards`, as a reschedule records them.
    /// - Throws: ``StoreError`` `invalidValue` when a recomputed memory state breaks the event's rules.
    static func recomputed(_ cards: [CardSummary], in rebuilt: VocabularyState) throws(StoreError) -> [RescheduledCard] {
        var result: [RescheduledCard] = []
        result.reserveCapacity(cards.count)
        for card in cards {
            guard let state = rebuilt.card(card.id)?.schedule else { continue }
            result.append(try Input.checked { () throws(EventValidationError) in
                try RescheduledCard(card: card.id, stability: Double(state.memory.stability),
                                    difficulty: Double(state.memory.difficulty),
                                    intervalDays: UInt32(clamping: state.intervalDays), dueMs: state.dueMs)
            })
        }
        return result
    }
}
