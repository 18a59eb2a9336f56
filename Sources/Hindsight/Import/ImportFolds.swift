import Events
import Projections

/// The read models an import's admission does not fold (``ImportAdmission``): activity, study
/// sessions, card content, dictation and the app's own, each folded into a copy of its state
/// (``DetachedFold``) on a task of its own while the import checks the next chunk, so that they
/// use a second core and, once the import is committed, take their copies
/// (``RunnableProjector/adopt(_:through:base:)``) instead of reading the whole import back from
/// the log. The chunks are folded in order, one at a time; at most ``depth`` are handed over and
/// not yet folded: handing over one more waits for the oldest.
struct ImportFolds {
    /// How many chunks may be handed over and not yet folded: two lets a chunk's task wait for a
    /// free thread while the checks go on.
    static let depth = 2

    /// The copies. Only one task at a time touches them: each task folds only once the task of
    /// the chunk before it has ended, so each copy is folded in place (never shared, never copied).
    private final class Copies: @unchecked Sendable {
        // @unchecked: one task at a time uses `folds`, each after awaiting the one before.
        var folds: [any DetachedFold]
        init(_ folds: [any DetachedFold]) { self.folds = folds }
    }

    private let copies: Copies
    /// The tasks folding the chunks handed over and not yet waited for, oldest first.
    private var folding: [Task<Void, Never>] = []
    /// The kinds of the events handed over (for the change the import publishes).
    private(set) var kinds = EventKindSet()

    /// Copies of the states of `projectors` (those that have not failed), none folded yet.
    init(_ projectors: [any RunnableProjector]) async {
        var folds: [any DetachedFold] = []
        for projector in projectors {
            if let fold = await projector.detachedFold() { folds.append(fold) }
        }
        copies = Copies(folds)
    }

    /// Hands over `batch` (the next events of the import, as they will be recorded) to be folded
    /// into every copy once the batch before it is folded; waits for the oldest batch first when
    /// ``depth`` are not yet folded.
    mutating func fold(_ batch: [RecordedEvent]) async {
        guard !batch.isEmpty else { return }
        kinds = kinds.union(EventKindSet(kindsOf: batch))
        while folding.count >= Self.depth { await folding.removeFirst().value }
        let copies = copies, previous = folding.last
        folding.append(Task.detached {
            await previous?.value
            for index in copies.folds.indices { copies.folds[index].apply(batch) }
        })
    }

    /// The copies, every batch handed over folded in, taken out (so that the projectors that
    /// take them hold the only reference to their states).
    mutating func finished() async -> [any DetachedFold] {
        for task in folding { await task.value }
        folding = []
        defer { copies.folds = [] }
        return copies.folds
    }
}
