import Events

/// A read model's fold run away from its projector, on a copy of its state: an import folds its
/// events into one on another core while it checks the next chunk, and the projector takes the
/// copy when the import is committed (``RunnableProjector/adopt(_:through:base:)``) instead of reading
/// every event back from the log to fold it.
package protocol DetachedFold: Sendable {
    /// The name of the projection folded (that of the projector the copy was taken from).
    var name: String { get }
    /// Whether an event's fold threw: the copy is then not taken (the projector folds the log and
    /// records the failure as it always does).
    var failed: Bool { get }
    /// Folds the events of `batch` that lie after those folded so far, with the projection's own
    /// batch fold; nothing once a fold has failed.
    mutating func apply(_ batch: [RecordedEvent])
}

/// The ``DetachedFold`` of a projection `P`: its fold, a copy of a projector's state, and the
/// checkpoint the copy was taken at.
package struct ProjectionFold<P: Projection>: DetachedFold {
    /// The fold.
    let projection: P
    /// The copy, with the events folded so far.
    private(set) var state: P.State
    /// The projector's checkpoint when the copy was taken: it takes the copy only if it still stands there.
    let base: UInt64
    /// The position of the last event folded (or skipped as of a kind the projection does not read).
    private(set) var checkpoint: UInt64
    /// Whether an event's fold threw.
    package private(set) var failed = false

    /// A fold continuing from `state` at `checkpoint`.
    init(_ projection: P, state: P.State, checkpoint: UInt64) {
        self.projection = projection
        self.state = state
        base = checkpoint
        self.checkpoint = checkpoint
    }

    /// The projection's name.
    package var name: String { P.name }

    /// Folds `batch` after the checkpoint, as the projector would (``Projection/apply(_:after:to:)``).
    package mutating func apply(_ batch: [RecordedEvent]) {
        guard !failed else { return }
        let outcome = projection.apply(batch, after: checkpoint, to: &state)
        checkpoint = outcome.lastApplied
        failed = outcome.failure != nil
    }
}
