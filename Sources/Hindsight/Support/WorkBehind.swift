import Dispatch

/// Work on one item done on a thread of its own while its owner fills the next: the export's
/// writes behind its formatting (``ExportWriteBehind``), the revlog import's sorts behind its scan
/// (``RevlogSortBehind``).
///
/// Two items take turns: the one the owner fills and the one being worked on. Handing over a
/// full item (``handOver(_:fresh:emptying:work:)``) waits for the work before it to end, starts
/// this one's and gives back the item just worked on, emptied; so memory stays two items whatever
/// the stream's size, a slow worker slows the owner down instead of queuing items, and the items
/// are worked on in the order handed over. A failed work is reported at the next hand-over or at
/// ``finish()``; no work is started after it.
///
/// Owned by one owner and called from one thread at a time; the worker touches only the item
/// handed to it, until it signals that it is done.
final class WorkBehind<Item: ~Copyable, Failure: Error> {
    private let queue: DispatchQueue
    /// 1 while no work is in flight, 0 while one is.
    private let idle = DispatchSemaphore(value: 1)
    /// The item being worked on or last worked on, nil before the first hand-over.
    private var inFlight: Slot?

    /// A worker on a queue of its own, named `label`.
    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    deinit {
        // Waits for a work in flight (a semaphore must be back at its first value when freed).
        idle.wait()
        idle.signal()
    }

    /// Starts `work` on `item` after the works handed over before, and leaves `item` the item
    /// worked on before, emptied by `emptying` (or, at the first hand-over, `fresh()`).
    ///
    /// `work` runs on the worker's thread, and is handed over with the item: what it captures
    /// (a file only these works write, say) must be touched by nothing else until ``finish()``.
    /// - Throws: the `Failure` of an earlier work that failed (then nothing is started).
    func handOver(_ item: inout Item, fresh: () -> Item, emptying: (inout Item) -> Void,
                  work: @escaping (inout Item) -> Failure?) throws(Failure) {
        idle.wait()
        if let failure = inFlight?.failure {
            idle.signal()
            throw failure
        }
        let slot = inFlight ?? Slot(fresh())
        emptying(&slot.item)
        swap(&slot.item, &item)
        slot.work = work
        inFlight = slot
        let idle = idle
        queue.async {
            slot.failure = slot.work?(&slot.item)
            slot.work = nil
            idle.signal()
        }
    }

    /// Waits until every item handed over is worked on.
    /// - Throws: the `Failure` of the work that failed, if one did.
    func finish() throws(Failure) {
        idle.wait()
        defer { idle.signal() }
        if let failure = inFlight?.failure { throw failure }
    }

    /// An item handed to the worker, the work to do on it, and how that work ended. Sendable by
    /// hand-over: between ``handOver(_:fresh:emptying:work:)`` starting its work and the signal
    /// that it is done, only the worker touches it; the semaphore orders the two threads' accesses.
    private final class Slot: @unchecked Sendable {
        var item: Item
        var work: ((inout Item) -> Failure?)?
        var failure: Failure?

        init(_ item: consuming Item) { self.item = item }
    }
}
