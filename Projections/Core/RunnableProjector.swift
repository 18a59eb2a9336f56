import Events

/// What the runner needs of a projector, whatever its projection: a type-erased view of
/// ``Projector``.
package protocol RunnableProjector: Actor {
    /// The projection's stable name.
    nonisolated var name: String { get }
    /// The position of the last event folded.
    var checkpoint: UInt64 { get }
    /// Set when the projection stopped on a failure.
    var failure: ProjectionFailure? { get }
    /// The kinds of event the projection reads (others leave its state as it is).
    nonisolated var kinds: EventKindSet { get }
    /// Folds the events of `batch` after the checkpoint.
    func apply(_ batch: [RecordedEvent])
    /// Folds the events of `batch` after the checkpoint, then moves the checkpoint on to
    /// `last` (the events between were of kinds it does not read) unless the fold failed.
    func apply(_ batch: [RecordedEvent], through last: UInt64)
    /// Stops the projection at its checkpoint with `failure` (unless it failed already): it folds
    /// nothing more until the store is opened again, rather than skip events it could not be given.
    func stop(_ failure: ProjectionFailure)
    /// The state as a snapshot at the checkpoint.
    func snapshot() -> Snapshot
    /// Calls `body` on the projector with its snapshot's descriptor and a function encoding its
    /// state into a writer (valid only during the call; the bytes of ``snapshot()``'s state).
    /// - Throws: what `body` throws.
    func encodeSnapshot<R: Sendable>(
        _ body: @Sendable (SnapshotDescriptor, _ encode: (inout SnapshotWriter) -> Void) throws(SnapshotError) -> R
    ) throws(SnapshotError) -> R
    /// Takes `snapshot` if it matches; returns why it was discarded otherwise.
    func restore(from snapshot: Snapshot) -> String?
    /// Back to the initial state at position 0.
    func reset()
    /// A copy of the state at the checkpoint, to fold events into elsewhere; nil when the
    /// projection has stopped on a failure.
    func detachedFold() -> (any DetachedFold)?
    /// Takes `fold`'s state as the state through `last` when `fold` was detached from this
    /// projector at `base`, where it still stands, and folded without failure.
    /// - Returns: whether it was taken; false leaves the projector as it was (fold the events).
    func adopt(_ fold: any DetachedFold, through last: UInt64, base: UInt64) -> Bool
}
