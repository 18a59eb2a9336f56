import EventLog
import Events
import Projections

extension Store {
    /// Appends `batch` as one atomic batch of the log, keeping the store's invariants, and folds it
    /// into every read model before returning (read-your-writes). The caller holds the gate.
    ///
    /// - Events whose id is already in the log are left out (a repeated import adds nothing).
    /// - Every other event gets the next version of its stream; a file-given version must be
    ///   exactly that, otherwise the whole import is refused.
    /// - Every other event must be admitted as the store's commands' events are
    ///   (``DecisionContext/admit(_:)``), on the state the events before it leave
    ///   (``ImportAdmission``); otherwise the whole import is refused naming the line.
    /// - The personal data of the events added is written to the side store first (values, or
    ///   erased markers), as commands do.
    /// - Returns: what was added and what was already there.
    /// - Throws: ``ImportError`` `duplicateEvent`, `streamVersion`, `refusedEvent` (naming the line) before
    ///   anything is written; `store` for I/O failures.
    /// - Complexity: O(n) in the batch's events, plus the fold.
    func appendImport(_ batch: ImportBatch, ledger state: CommandLedger) async throws(ImportError) -> ImportResult {
        var seen: [EventID: Int] = [:]
        var numbering = StreamNumbering(state)
        var added: [(event: ImportedEvent, version: UInt64)] = []
        var present = 0
        var admission = ImportAdmission(await decisionContext(ledger: state), models: models)
        for event in batch.events {
            let id = event.pending.id
            if let first = seen[id] {
                throw ImportError(.duplicateEvent, "event id \(id) appears again (first on line \(first)); each event may appear once",
                                  path: batch.path, line: event.line)
            }
            seen[id] = event.line
            if try loggedPosition(of: id, in: state, path: batch.path) != nil {
                present += 1
                continue
            }
            let stream = event.pending.stream
            let version = numbering.number(stream)
            if let given = event.streamVersion, given != version {
                throw ImportError(.streamVersion,
                                  "event \(id) is version \(given) of stream \(stream), but the stream's next version here is \(version); import into a store that holds the events before it (or a fresh one)",
                                  path: batch.path, line: event.line)
            }
            let recorded = RecordedEvent(event.pending, position: position + UInt64(added.count) + 1, streamVersion: version,
                                         recordedAt: event.recordedAt ?? event.pending.occurred.instant)
            try admission.admit(recorded, line: event.line, path: batch.path)
            added.append((event, version))
        }
        guard !added.isEmpty else { return ImportResult(added: 0, alreadyPresent: present, positions: nil) }
        try storePersonalData(of: added.map(\.event), path: batch.path)
        let recorded: [RecordedEvent]
        do {
            recorded = try await appendAndFold(added.map { NumberedEvent(pending: $0.event.pending, version: $0.version,
                                                                         recordedAt: $0.event.recordedAt) })
        } catch {
            throw ImportError(error, path: batch.path)
        }
        return ImportResult(added: recorded.count, alreadyPresent: present, positions: recorded.first!.position...recorded.last!.position)
    }

    /// Writes the personal data of `events` to the side store, one file write per profile.
    private func storePersonalData(of events: [ImportedEvent], path: String?) throws(ImportError) {
        var texts: [ProfileID: [(reference: PersonalDataReference, text: String)]] = [:]
        var erased: [ProfileID: [PersonalDataReference]] = [:]
        var order: [ProfileID] = []
        for event in events {
            let profile = event.pending.profile
            for (reference, value) in event.personalData {
                if texts[profile] == nil && erased[profile] == nil { order.append(profile) }
                switch value {
                case .text(let text): texts[profile, default: []].append((reference, text))
                case .erased: erased[profile, default: []].append(reference)
                case .unknown: break
                }
            }
        }
        do {
            for profile in order {
                try personal.store(texts[profile] ?? [], profile: profile)
                try personal.markErased(erased[profile] ?? [], profile: profile)
            }
        } catch {
            throw ImportError(error, path: path)
        }
    }

    /// ``loggedPosition(of:in:)`` for an import of the file at `path`.
    /// - Throws: ``ImportError`` `store` when the log cannot be read.
    func loggedPosition(of id: EventID, in ledger: CommandLedger, path: String?) throws(ImportError) -> UInt64? {
        do { return try loggedPosition(of: id, in: ledger) } catch { throw ImportError(error, path: path) }
    }
}
