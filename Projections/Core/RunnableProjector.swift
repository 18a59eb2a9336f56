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
    /// Folds the events of `batch` after the checkpoint.
    func apply(_ batch: [RecordedEvent])
    /// The state as a snapshot at the checkpoint.
    func snapshot() -> Snapshot
    /// Takes `snapshot` if it matches; returns why it was discarded otherwise.
    func restore(from snapshot: Snapshot) -> String?
    /// Back to the initial state at position 0.
    func reset()
}
