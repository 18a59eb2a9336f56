import EventLog
import Events
import Projections

extension Store {
    /// The number of events checked, then staged in the log, at a time.
    static let importChunk = 4096

    /// Appends the events of `source` as one atomic batch of the log, keeping the store's
    /// invariants, and folds it into every read model before returning (read-your-writes). The
    /// caller holds the gate. The events are checked and staged in the log
    /// (``LogWriter/stageRecords(_:)``) a chunk at a time, each chunk staged while the next is
    /// checked (``ImportStaging``), then committed at once; the read models fold them as they are
    /// checked, or back from the log a chunk at a time: nothing holds the whole batch.
    ///
    /// - Events whose id is already in the log are left out (a repeated import adds nothing).
    /// - Every other event gets the next version of its stream; a file-given version must be
    ///   exactly that, otherwise the whole import is refused.
    /// - Every other event must be admitted as the store's commands' events are
    ///   (``DecisionContext/admit(_:)``), on the state the events before it leave
    ///   (``ImportAdmission``); otherwise the whole import is refused naming the line.
    /// - The personal data of the events added is written to the side store before they are
    ///   staged (values, or erased markers), as commands do.
    /// - Returns: what was added and what was already there.
    /// - Throws: ``ImportError`` `duplicateEvent`, `streamVersion`, `refusedEvent` (naming the line),
    ///   what `source` throws, `store` for I/O failures: the staged events are then cut off
    ///   (``LogWriter/abandonStagedBatch()``), and the log is as it was.
    /// - Complexity: O(n) in the events, plus the fold; memory O(chunk) plus about 8 bytes an event
    ///   added (``ImportChecks``). The ids present are confirmed in one forward read of the log.
    func appendImport(_ source: inout some ImportEventSource, ledger state: CommandLedger,
                      progress: (@Sendable (_ bytesRead: UInt64) -> Void)? = nil) async throws(ImportError) -> ImportResult {
        let path = source.path
        let base = position
        var staged: StagedImport
        do throws(ImportError) {
            staged = try await stageAndCommit(&source, ledger: state, progress: progress)
        } catch {
            try? await writer.abandonStagedBatch()
            throw error
        }
        guard let range = staged.range else { return ImportResult(added: 0, alreadyPresent: staged.present, positions: nil) }
        position = range.upperBound
        var adopted: Set<String> = []
        if range.lowerBound == base + 1 {
            adopted = await adopt(staged.admitted, through: range.upperBound, base: base)
            adopted.formUnion(await adopt(await staged.folds.finished(), through: range.upperBound, base: base))
        }
        do { try await foldImported(range, skipping: adopted, kinds: staged.folds.kinds) } catch { throw ImportError(error, path: path) }
        return ImportResult(added: staged.added, alreadyPresent: staged.present, positions: range)
    }

    /// What staging an import left to do once it is committed.
    private struct StagedImport {
        /// The positions committed (nil: none).
        var range: ClosedRange<UInt64>?
        /// How many events were added and how many were present already.
        var added: Int, present: Int
        /// The admission's read models with the events added folded in.
        var admitted: AdmittedModels
        /// The other read models' copies, the events added folded in on a task of their own.
        var folds: ImportFolds
    }

    /// Checks and stages the events of `source` a chunk at a time, then commits them (see
    /// ``appendImport(_:ledger:progress:)``). The checks' state (the ids staged) is dropped when
    /// this returns, before the read models fold; the admission's read models are returned.
    /// - Throws: as ``appendImport(_:ledger:progress:)``; the caller abandons the staged batch.
    private func stageAndCommit(_ source: inout some ImportEventSource, ledger state: CommandLedger,
                                progress: (@Sendable (_ bytesRead: UInt64) -> Void)?) async throws(ImportError) -> StagedImport {
        // The source is read a chunk ahead of the checks, then handed back (with how far it read
        // and what it counted) however the import ends.
        let reader = ImportReadAhead(source, chunkSize: Self.importChunk)
        do {
            let staged = try await stageAndCommit(reading: reader, path: source.path, idsAreDistinct: source.idsAreDistinct,
                                                  ledger: state, progress: progress)
            source = await reader.finish()
            return staged
        } catch {
            source = await reader.finish()
            throw error
        }
    }

    /// ``stageAndCommit(_:ledger:progress:)`` on the chunks `reader` reads (of a source whose
    /// ids cannot repeat when `idsAreDistinct`).
    private func stageAndCommit<Source>(reading reader: ImportReadAhead<Source>, path: String?, idsAreDistinct: Bool,
                                        ledger state: CommandLedger,
                                        progress: (@Sendable (_ bytesRead: UInt64) -> Void)?) async throws(ImportError) -> StagedImport {
        var staging = ImportStaging(writer: writer)
        do {
            return try await stageAndCommit(reading: reader, staging: &staging, path: path, idsAreDistinct: idsAreDistinct,
                                            ledger: state, progress: progress)
        } catch {
            // The caller abandons the staged batch: no chunk may still be on its way into it.
            try? await staging.settle()
            throw error
        }
    }

    /// ``stageAndCommit(reading:path:idsAreDistinct:ledger:progress:)``, staging through `staging`.
    private func stageAndCommit<Source>(reading reader: ImportReadAhead<Source>, staging: inout ImportStaging, path: String?,
                                        idsAreDistinct: Bool, ledger state: CommandLedger,
                                        progress: (@Sendable (_ bytesRead: UInt64) -> Void)?) async throws(ImportError) -> StagedImport {
        var checks = ImportChecks(admission: ImportAdmission(await decisionContext(ledger: state), models: models),
                                  firstPosition: position + 1, path: path, idsAreDistinct: idsAreDistinct)
        var folds = await ImportFolds(models.all.filter { !ImportAdmission.foldedReadModels.contains($0.name) })
        let place = LogReadPlace()
        while true {
            let chunk = await reader.next()
            if let failure = chunk.failure { throw failure }
            let incoming = chunk.events
            if incoming.isEmpty { break }
            let logged: [UInt64?]
            do { logged = try loggedPositions(of: incoming.map(\.pending.id), in: state, place: place) } catch {
                throw ImportError(error, path: path)
            }
            let repeats = try await repeatsOfStaged(incoming, logged: logged, checks: checks, staging: &staging, path: path)
            let clockTime = options.clock()
            let accepted = try checks.check(incoming, logged: logged, repeats: repeats, clockTime: clockTime)
            if !accepted.isEmpty {
                try prepareStaging(accepted, of: incoming, clockTime: clockTime, path: path)
                do { try await staging.stage(checks.chunkAdded) } catch { throw ImportError(error, path: path) }
            }
            await folds.fold(checks.chunkAdded)
            checks.endChunk()
            progress?(chunk.bytesRead)
        }
        do { try await staging.settle() } catch { throw ImportError(error, path: path) }
        do {
            let range = try await writer.commitStagedBatch()
            let added = checks.added, present = checks.present
            // Moved, not copied: the staged ids then have one owner while the ledger takes them in.
            return StagedImport(range: range, added: added, present: present, admitted: (consume checks).admitted(), folds: folds)
        } catch {
            throw ImportError(StoreError(error), path: path)
        }
    }

    /// The indices of the events of `events` not in the log (`logged` nil) whose id an event
    /// staged by an earlier chunk has: the candidates ``ImportChecks/stagedCandidates(of:)`` gives
    /// are read back from the staged batch in position order (once `staging` has staged the
    /// chunks they lie in) and compared.
    /// - Throws: ``ImportError`` `store` when a staged record cannot be read back, or an earlier
    ///   chunk could not be staged.
    private func repeatsOfStaged(_ events: [ImportedEvent], logged: [UInt64?], checks: ImportChecks, staging: inout ImportStaging,
                                 path: String?) async throws(ImportError) -> Set<Int> {
        guard !checks.idsAreDistinct else { return [] }
        var wanted: [(position: UInt64, index: Int)] = []
        for index in events.indices where logged[index] == nil {
            for position in checks.stagedCandidates(of: events[index].pending.id) { wanted.append((position, index)) }
        }
        guard !wanted.isEmpty else { return [] }
        do { try await staging.settle(covering: wanted.lazy.map(\.position)) } catch { throw ImportError(error, path: path) }
        wanted.sort { ($0.position, $0.index) < ($1.position, $1.index) }
        let payloads: [[UInt8]?]
        do { payloads = try await writer.stagedPayloads(at: wanted.map(\.position)) } catch { throw ImportError(StoreError(error), path: path) }
        var repeats: Set<Int> = []
        for (candidate, payload) in zip(wanted, payloads) {
            guard let payload else { continue }
            let id: EventID
            do { id = try payload.withUnsafeBytes { raw throws(EventDecodingError) in try LogCodec.eventID(in: raw) } } catch {
                throw ImportError(.store, "the staged record at position \(candidate.position) cannot be read back: \(error)", path: path)
            }
            if id == events[candidate.index].pending.id { repeats.insert(candidate.index) }
        }
        return repeats
    }

    /// What must precede staging the events of `incoming` at the indices `accepted` (the events
    /// to be added): their personal data is written to the side store, and `clockTime`, their
    /// recording time where the file gives none, must be one the log allows.
    /// - Throws: ``ImportError`` `store` for a clock out of range or personal data not written.
    private func prepareStaging(_ accepted: [Int], of incoming: [ImportedEvent], clockTime: Timestamp,
                                path: String?) throws(ImportError) {
        try storePersonalData(of: accepted, in: incoming, path: path)
        guard clockTime.isAllowed || accepted.allSatisfy({ incoming[$0].recordedAt != nil }) else {
            throw ImportError(.store, "the store's clock reads \(clockTime.milliseconds) ms, outside \(Timestamp.allowedRangeText); "
                              + "set the system clock (or the store's clock) right", path: path)
        }
    }

    /// Hands the admission's read models and command ledger to their projectors as their states through `last`
    /// (``Projector/adopt(_:through:base:)``), each that still stands at `base`, where the
    /// admission's copies were taken: the import's events are then folded into them once.
    /// - Returns: the names of the read models that took their state (the others fold the log).
    private func adopt(_ admitted: AdmittedModels, through last: UInt64, base: UInt64) async -> Set<String> {
        var adopted: Set<String> = []
        if await models.vocabulary.adopt(admitted.vocabulary, through: last, base: base) { adopted.insert(models.vocabulary.name) }
        if await models.profiles.adopt(admitted.profiles, through: last, base: base) { adopted.insert(models.profiles.name) }
        if await models.stories.adopt(admitted.stories, through: last, base: base) { adopted.insert(models.stories.name) }
        if await models.spelling.adopt(admitted.spelling, through: last, base: base) { adopted.insert(models.spelling.name) }
        if let state = admitted.ledger, await ledger.adopt(state, through: last, base: base) { adopted.insert(ledger.name) }
        return adopted
    }

    /// Hands each read model its copy in `folds` (``ImportFolds``) as its state through `last`,
    /// each that still stands at `base`, where the copies were taken.
    /// - Returns: the names of the read models that took their copy (the others fold the log).
    private func adopt(_ folds: [any DetachedFold], through last: UInt64, base: UInt64) async -> Set<String> {
        var adopted: Set<String> = []
        for fold in folds {
            for projector in models.all where projector.name == fold.name {
                if await projector.adopt(fold, through: last, base: base) { adopted.insert(projector.name) }
            }
        }
        return adopted
    }

    /// Folds the committed import at `range` into every read model but those named in `adopted`
    /// (which hold it already), reading it back from the log a chunk at a time (not at all when
    /// every read model holds it), then publishes one change (the read models that read one of
    /// `kinds`, the kinds of its events) and saves snapshots when due.
    /// - Throws: ``StoreError`` `log` when the log cannot be read back, `readModel` when a read
    ///   model cannot fold it (the batch is recorded either way).
    private func foldImported(_ range: ClosedRange<UInt64>, skipping adopted: Set<String>, kinds: EventKindSet) async throws(StoreError) {
        let folding = projectors.filter { !adopted.contains($0.name) }
        let reader = writer.reader
        let place = LogReadPlace()
        var next = folding.isEmpty ? range.upperBound + 1 : range.lowerBound
        while next <= range.upperBound {
            let last = min(range.upperBound, next + UInt64(Self.importChunk) - 1)
            var recorded: [RecordedEvent] = []
            recorded.reserveCapacity(Int(last - next + 1))
            do {
                try reader.forEachRecord(from: next, through: last, resuming: place) { recordPosition, payload, _ in
                    recorded.append(try LogCodec.decode(payload, position: recordPosition))
                    return true
                }
            } catch {
                let reason = "the import was recorded at positions \(range.lowerBound)…\(range.upperBound) but cannot be "
                    + "read back to fold it: \(error); open the store again to fold it"
                // The read models not yet given these events stop where they are: a later batch
                // must not move them past events they never folded (opening again folds them).
                for projector in folding {
                    await projector.stop(ProjectionFailure(projection: projector.name, position: next, reason: reason))
                }
                throw StoreError(.log, reason, path: directory)
            }
            for projector in folding { await projector.apply(recorded) }
            next = last + 1
        }
        changeFeed.publish(StoreChange(position: range.upperBound, readModels: StoreChangeFeed.readModels(reading: kinds, among: models.all),
                                       events: Int(range.count)))
        for projector in projectors {
            if let failure = await projector.failure {
                throw StoreError(.readModel, "the import was recorded at positions \(range.lowerBound)…\(range.upperBound) "
                                 + "but a read model cannot fold it: \(failure)", path: directory)
            }
        }
        await saveSnapshotsIfDue()
    }

    /// Writes the personal data of the events of `incoming` that `accepted` names to the side
    /// store, one file write per profile.
    private func storePersonalData(of accepted: [Int], in incoming: [ImportedEvent], path: String?) throws(ImportError) {
        var texts: [ProfileID: [(reference: PersonalDataReference, text: String)]] = [:]
        var erased: [ProfileID: [PersonalDataReference]] = [:]
        var order: [ProfileID] = []
        for index in accepted where !incoming[index].personalData.isEmpty {
            let profile = incoming[index].pending.profile
            for (reference, value) in incoming[index].personalData {
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
}
