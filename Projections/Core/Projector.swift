import Events

/// The serial owner of one projection's state and checkpoint (the last log position applied).
///
/// Batches are folded whole inside one actor call, with no `await` between reading and
/// writing the state, so a query never sees half a batch. Events at or below the checkpoint
/// are skipped, which makes applying the same batch twice harmless. When the fold throws, the
/// projector records a ``ProjectionFailure`` and ignores every later event; other projectors
/// are unaffected.
package actor Projector<P: Projection>: RunnableProjector {
    /// The fold this projector runs.
    package nonisolated let projection: P
    /// The projection's stable name.
    package nonisolated var name: String { P.name }

    private var state: P.State
    /// The position of the last event folded (0: none).
    package private(set) var checkpoint: UInt64
    /// Set when the fold threw; the projector then stays at ``checkpoint``.
    package private(set) var failure: ProjectionFailure?
    private var waiters = PositionWaiters()

    /// A projector starting from `projection`'s initial state at position 0.
    package init(_ projection: P) {
        self.projection = projection
        state = projection.makeInitialState()
        checkpoint = 0
    }

    /// The kinds of event the projection reads.
    package nonisolated var kinds: EventKindSet { projection.kinds }

    /// Folds the events of `batch` that lie after the checkpoint, in order.
    /// - Complexity: O(n) folds for n new events.
    package func apply(_ batch: [RecordedEvent]) {
        apply(batch, through: 0)
    }

    /// Folds the events of `batch` that lie after the checkpoint, in order, then moves the
    /// checkpoint on to `last` when it is further (the events up to it, left out of `batch`,
    /// were of kinds the projection does not read), unless the fold failed.
    /// - Complexity: O(n) folds for n new events.
    package func apply(_ batch: [RecordedEvent], through last: UInt64) {
        guard failure == nil else { return }
        let outcome = projection.apply(batch, after: checkpoint, to: &state)
        checkpoint = outcome.failure == nil ? max(outcome.lastApplied, last) : outcome.lastApplied
        if let (position, error) = outcome.failure {
            let failed = ProjectionFailure(projection: P.name, position: position, reason: "\(error)")
            failure = failed
            waiters.fail(failed)
            return
        }
        waiters.resume(upTo: checkpoint)
    }

    /// Takes `state` as the state through position `last`, when the projector stands at `base`
    /// (the position the state was folded on from) and has not failed: an import whose checks
    /// already folded its events into a copy of this state (with this projection's own fold)
    /// hands the copy over instead of folding every event a second time.
    /// - Returns: whether it was taken; false leaves the projector as it was (fold the events).
    package func adopt(_ state: P.State, through last: UInt64, base: UInt64) -> Bool {
        guard failure == nil, checkpoint == base, last >= base else { return false }
        self.state = state
        checkpoint = last
        waiters.resume(upTo: checkpoint)
        return true
    }

    /// A copy of the state at the checkpoint to fold events into elsewhere (``ProjectionFold``);
    /// nil when the projector has failed.
    package func detachedFold() -> (any DetachedFold)? {
        failure == nil ? ProjectionFold(projection, state: state, checkpoint: checkpoint) : nil
    }

    /// Takes `fold`'s state as the state through `last` (see ``adopt(_:through:base:)``) when
    /// it is a fold of this projection, detached at `base`, that did not fail.
    /// - Returns: whether it was taken; false leaves the projector as it was (fold the events).
    package func adopt(_ fold: any DetachedFold, through last: UInt64, base: UInt64) -> Bool {
        guard let fold = fold as? ProjectionFold<P>, !fold.failed, fold.base == base else { return false }
        return adopt(fold.state, through: last, base: base)
    }

    /// Stops the projector at its checkpoint with `failure`, unless it failed already: later
    /// batches are ignored (a batch after events it was never given would otherwise move its
    /// checkpoint past them), and waiters are told.
    package func stop(_ failure: ProjectionFailure) {
        guard self.failure == nil else { return }
        self.failure = failure
        waiters.fail(failure)
    }

    /// Answers `query` on the current state (a consistent view: never half a batch).
    package func read<T: Sendable>(_ query: (P.State) throws -> T) rethrows -> T {
        try query(state)
    }

    /// The current state and the position it reflects.
    package func current() -> (state: P.State, checkpoint: UInt64) { (state, checkpoint) }

    /// Returns once the checkpoint reaches `position`.
    /// - Throws: ``ProjectionWaitError/timedOut(projection:position:reached:)`` after `timeout`,
    ///   or ``ProjectionWaitError/failed(_:)`` if the projection stopped on a failure.
    package func waitUntil(position: UInt64, timeout: Duration) async throws(ProjectionWaitError) {
        if checkpoint >= position { return }
        if let failure { throw .failed(failure) }
        let id = waiters.nextID()
        let result: Result<Void, ProjectionWaitError> = await withCheckedContinuation { continuation in
            waiters.add(id: id, position: position, continuation)
            Task { [weak self] in
                try? await Task.sleep(for: timeout)
                await self?.expire(id)
            }
        }
        try result.get()
    }

    private func expire(_ id: Int) {
        waiters.expire(id, projection: P.name, reached: checkpoint)
    }

    /// The state encoded as a snapshot at the current checkpoint.
    package func snapshot() -> Snapshot {
        var writer = SnapshotWriter()
        state.encode(to: &writer)
        return Snapshot(projection: P.name, version: P.version, fingerprint: projection.fingerprint,
                        position: checkpoint, state: writer.bytes)
    }

    /// Calls `body` on the projector with the descriptor of its snapshot at the checkpoint and a
    /// function that encodes the state into a writer (valid only during the call), so that the
    /// state can be written where it goes as it is encoded (``SnapshotWriter/init(draining:)``).
    /// The bytes are those of ``snapshot()``'s state.
    /// - Throws: what `body` throws.
    package func encodeSnapshot<R: Sendable>(
        _ body: @Sendable (SnapshotDescriptor, _ encode: (inout SnapshotWriter) -> Void) throws(SnapshotError) -> R
    ) throws(SnapshotError) -> R {
        let descriptor = SnapshotDescriptor(projection: P.name, version: P.version, fingerprint: projection.fingerprint,
                                            position: checkpoint)
        return try body(descriptor) { writer in state.encode(to: &writer) }
    }

    /// Replaces the state by the one in `snapshot` when it was taken by this projection, at this
    /// version, under this fingerprint and decodes cleanly; otherwise leaves the projector as it is.
    /// - Returns: nil when the snapshot was taken, else why it was discarded (for the log line).
    package func restore(from snapshot: Snapshot) -> String? {
        guard snapshot.projection == P.name else {
            return "snapshot is of projection '\(snapshot.projection)', not '\(P.name)'"
        }
        guard snapshot.version == P.version else {
            return "snapshot of '\(P.name)' has version \(snapshot.version), this build folds version \(P.version)"
        }
        guard snapshot.fingerprint == projection.fingerprint else {
            return "snapshot of '\(P.name)' was computed with other parameters (fingerprint "
                + "\(hex(snapshot.fingerprint)), now \(hex(projection.fingerprint)))"
        }
        do {
            let decoded = try snapshot.withStateReader { binary throws(EventDecodingError) -> P.State in
                var reader = SnapshotReader(binary)
                let value = try P.State(from: &reader)
                try reader.binary.expectEnd()
                return value
            }
            state = decoded
            checkpoint = snapshot.position
            failure = nil
            return nil
        } catch {
            return "snapshot of '\(P.name)' does not decode: \(error)"
        }
    }

    /// Starts over from the initial state at position 0 (to rebuild from the log).
    package func reset() {
        state = projection.makeInitialState()
        checkpoint = 0
        failure = nil
    }
}

private func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
}
