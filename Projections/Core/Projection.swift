import Events

/// A read model's fold: a pure, deterministic function `(inout State, RecordedEvent)` with a
/// stable name and a version. The built-in read models are projections, and an app adds its own
/// by passing them to the store (``StoreOptions/readModels`` in `Hindsight`): they are then
/// folded live, snapshotted, restored and rebuilt exactly as the built-in ones are.
///
/// Rules, and why:
/// - No clock, randomness, I/O or global state inside ``apply(_:to:)``: the same log must give
///   the same state, byte for byte, on any machine and in any time zone (``RecordedEvent``
///   carries the person's UTC offset, so local days come from the event, never the device).
/// - Unknown events (`DomainEvent.unknown`) and events of no interest are ignored.
/// - Bump ``version`` whenever the fold's logic or the state's encoding changes: snapshots of
///   another version are discarded and the state is rebuilt from the log.
/// - ``fingerprint`` covers whatever configuration shapes the fold (FSRS parameters, the day
///   cut-off): a snapshot taken under another configuration is discarded too.
public protocol Projection: Sendable {
    /// The state folded from the log (the read model), encoded deterministically in snapshots.
    associatedtype State: ProjectionState

    /// A stable name, unique among projections: it names the snapshot file and errors.
    static var name: String { get }
    /// The version of the fold's logic and of the state's encoding.
    static var version: UInt32 { get }
    /// A stable hash of the configuration this instance folds with (defaults to 0: none).
    var fingerprint: UInt64 { get }

    /// The kinds of event ``apply(_:to:)`` reads. The batch fold skips events of other kinds
    /// (their positions still count as applied), so an event of a kind outside the set must leave
    /// the state unchanged. Defaults to ``EventKindSet/all``.
    var kinds: EventKindSet { get }

    /// The state before any event.
    func makeInitialState() -> State
    /// Folds one event into `state`.
    /// - Throws: only when the log breaks an invariant the fold relies on; the projector then
    ///   stops with a ``ProjectionFailure`` naming this projection and the event's position.
    func apply(_ event: RecordedEvent, to state: inout State) throws
    /// Folds the events of `batch` after position `checkpoint`, in order, stopping at the first
    /// that throws (the state is then as it was before that event).
    ///
    /// A requirement with a default implementation (in the extension
    /// below) so that each concrete projection's witness is a copy of the loop specialized for
    /// it: the projector makes one dynamic call per batch instead of one per event.
    /// - Complexity: O(n) folds for the n events after `checkpoint`.
    func apply(_ batch: [RecordedEvent], after checkpoint: UInt64, to state: inout State) -> BatchOutcome
}

extension Projection {
    /// Every event: a fold that narrows nothing is handed everything.
    public var kinds: EventKindSet { .all }

    /// No configuration shapes the fold.
    public var fingerprint: UInt64 { 0 }

    /// The default batch fold: ``apply(_:to:)`` for each event after `checkpoint`.
    @inline(__always)
    public func apply(_ batch: [RecordedEvent], after checkpoint: UInt64, to state: inout State) -> BatchOutcome {
        // Profiles show one copy of each event per projection here (a 185-byte memcpy, the
        // payload's retains, a destroy after the fold): the optimizer cannot prove that the fold,
        // an opaque call with `inout` state, leaves the batch's memory alone, so it does not pass
        // the element's address. Reading through the array, an unsafe buffer or a `Span` makes no
        // difference (measured with `replay.overhead`); only the position is read without a copy.
        let kinds = kinds
        var last = checkpoint
        for index in batch.indices {
            let position = batch[index].position
            guard position > checkpoint else { continue }
            // Skipped without a copy: the kind is read through the array's borrow.
            guard kinds.contains(batch[index].event) else {
                last = position
                continue
            }
            do {
                try apply(batch[index], to: &state)
            } catch {
                return BatchOutcome(lastApplied: last, failure: (position, error))
            }
            last = position
        }
        return BatchOutcome(lastApplied: last, failure: nil)
    }
}

extension Projection {
    /// A batch fold that never fails, reading each event in place: `fold` is handed the batch's
    /// buffer and the index of each event after `checkpoint`, in order. For batch folds that pick
    /// their events with a `switch` on each event's case (matching a case copies nothing) and
    /// read the few they fold where they lie, instead of the copy the default fold makes of each
    /// event it hands to ``apply(_:to:)``.
    @inline(__always)
    package func applyInPlace(_ batch: [RecordedEvent], after checkpoint: UInt64, to state: inout State,
                              _ fold: (UnsafeBufferPointer<RecordedEvent>, Int, inout State) -> Void) -> BatchOutcome {
        var last = checkpoint
        batch.withUnsafeBufferPointer { events in
            for index in events.indices {
                let position = events[index].position
                guard position > checkpoint else { continue }
                last = position
                fold(events, index, &state)
            }
        }
        return BatchOutcome(lastApplied: last, failure: nil)
    }
}

/// What folding a batch did: the position of the last event applied (the checkpoint when none
/// was), and, when an event's fold threw, its position and the error.
public struct BatchOutcome {
    /// The last position folded, or the checkpoint the batch started after.
    public var lastApplied: UInt64
    /// The event that failed (not applied) and why, if one did.
    public var failure: (position: UInt64, error: any Error)?

    /// The outcome of a batch that folded up to `lastApplied` and then failed, if it did.
    public init(lastApplied: UInt64, failure: (position: UInt64, error: any Error)?) {
        self.lastApplied = lastApplied
        self.failure = failure
    }
}

/// A projection's state: a value that encodes itself deterministically (same state, same
/// bytes: dictionaries are written in key order) so snapshots can be compared byte for byte.
public protocol ProjectionState: Sendable, SnapshotCodable {}
