import Foundation
import EventLog
import Events
import Projections

extension Store {
    /// Handles `command`: decides it on the current state, stores its personal data, appends its
    /// events as one atomic batch and folds them into every read model before returning.
    ///
    /// A command whose id was handled before returns the first result and appends nothing. A
    /// refused command appends nothing.
    /// - Returns: the ids and positions of the command's events.
    /// - Throws: ``StoreError``: the rule broken (`invalidValue`, also for a command time or a
    ///   clock reading outside ``Timestamp/allowedRange``, `unknownProfile`, `unknownEntity`,
    ///   `reviewOutOfOrder`, `parentalLimit`, `parentRequired`, `profileDisabled`, `secretRejected`,
    ///   `unknownSetting` (a key not in the ``SettingCatalogue``),
    ///   ...), `conflict` when
    ///   `expectedVersion` is not the stream's version, `log`/`personalData` for I/O, `readModel`
    ///   when the read models did not reflect the command in time, `closed`.
    public func send(_ command: StoreCommand) async throws(StoreError) -> CommandResult {
        await enter()
        defer { gate.leave() }
        try requireOpen()
        guard command.time.instant.isAllowed else {
            throw StoreError(.invalidValue, "the command's time \(command.time.instant.milliseconds) ms is outside "
                             + "\(Timestamp.allowedRangeText); give a time in that range", field: "time", commandID: command.id)
        }
        let ledgerState = await ledger.current().state
        if let earlier = try earlierResult(of: command, in: ledgerState) {
            try eraseIfForgetting(command)
            return earlier
        }
        let decision: Decision
        do { decision = try command.decide(await decisionContext(ledger: ledgerState)) } catch {
            var refused = error
            refused.commandID = command.id
            throw refused
        }
        guard let primary = decision.events.first?.stream else {
            throw StoreError(.invalidValue, "the command produced no event", commandID: command.id)
        }
        if let expected = command.expectedVersion {
            let actual = ledgerState.version(of: primary)
            guard expected == actual else {
                throw StoreError(.conflict, "stream \(primary) is at version \(actual), not \(expected) as the command expected; reload and decide again",
                                 stream: primary, expectedVersion: expected, actualVersion: actual, commandID: command.id)
            }
        }
        try personal.store(decision.personalData, profile: command.profile)
        var numbering = StreamNumbering(ledgerState)
        let events = decision.events.enumerated().map { index, item in
            NumberedEvent(pending: PendingEvent(id: DerivedIdentity.eventID(command.id, index: index), stream: item.stream,
                                                profile: item.profile, occurred: command.time, event: item.event),
                          version: numbering.number(item.stream), recordedAt: nil)
        }
        let recorded = try await appendAndFold(events, commandID: command.id)
        try eraseIfForgetting(command)
        return CommandResult(eventIDs: recorded.map(\.id), positions: recorded.first!.position...recorded.last!.position,
                             isRetry: false)
    }

    /// Erases the personal data of the profile `command` forgets (after its `ProfileForgotten` is
    /// in the log, so the log records every erasure; a resent command erases what a failed
    /// erasure left).
    /// - Throws: ``StoreError`` `personalData` when the side store cannot be written.
    private func eraseIfForgetting(_ command: StoreCommand) throws(StoreError) {
        guard case .profiles(.forget) = command.action else { return }
        do { _ = try personal.forget(command.profile) } catch {
            var failed = error
            failed.commandID = command.id
            throw failed
        }
    }

    /// The state commands are decided on and imports admitted on: the read models now, with `ledger`.
    func decisionContext(ledger: CommandLedger) async -> DecisionContext {
        DecisionContext(vocabulary: await models.vocabulary.current().state, profiles: await models.profiles.current().state,
                        stories: await models.stories.current().state, spelling: await models.spelling.current().state,
                        ledger: ledger, settings: settingCatalogue)
    }

    /// The first result of `command` when its events are already in the log.
    /// - Throws: ``StoreError`` `log` when the log cannot be read to confirm an event.
    func earlierResult(of command: StoreCommand, in ledger: CommandLedger) throws(StoreError) -> CommandResult? {
        var ids: [EventID] = []
        var positions: [UInt64] = []
        while true {
            let id = DerivedIdentity.eventID(command.id, index: ids.count)
            guard let position = try loggedPosition(of: id, in: ledger) else { break }
            ids.append(id)
            positions.append(position)
        }
        guard let first = positions.first, let last = positions.last else { return nil }
        return CommandResult(eventIDs: ids, positions: first...last, isRetry: true)
    }
}
