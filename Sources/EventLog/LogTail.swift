import Synchronization

/// What the writer has made visible: the last position readers may read (written to the
/// OS, and durable in the durable modes), shared with the readers and subscriptions of
/// this process, who can wait for it to move.
package final class LogTail: Sendable {
    private struct State {
        var lastPosition: UInt64
        var finished = false
        var nextWaiter = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    }

    private let state: Mutex<State>
    /// The sparse index of the writer's active segment, as far as it has published: the segment
    /// has no index file until it is sealed, and without these entries a reader seeking into it
    /// would scan it from its start.
    private let activeIndex: Mutex<SparseIndex?> = Mutex(nil)

    /// A tail at `lastPosition` (0: empty log).
    package init(lastPosition: UInt64) {
        state = Mutex(State(lastPosition: lastPosition))
    }

    /// Publishes the entries of `index`, the active segment's sparse index (only entries of
    /// records already written may be in it). Keeps the entries it holds for the same segment
    /// and copies only the new ones, into an array of its own (never sharing the writer's, which
    /// would make the writer's next entry copy the whole array).
    /// - Complexity: O(new entries), O(1) when there are none.
    package func publishIndex(_ index: SparseIndex) {
        activeIndex.withLock { held in
            var copy = held.flatMap { $0.basePosition == index.basePosition ? $0 : nil } ?? SparseIndex(basePosition: index.basePosition)
            held = nil  // the copy is then the array's only owner, and grows in place
            copy.catchUp(with: index)
            held = copy
        }
    }

    /// The published entry of the active segment based at `base` at or before `position`, or
    /// nil when that segment is not the active one or has no such entry. Like any index entry it
    /// is only a hint: a reader checks the frame it points at before using it.
    package func activeEntry(atOrBefore position: UInt64, inSegmentAt base: UInt64) -> SparseIndex.Entry? {
        activeIndex.withLock { held in
            guard let held, held.basePosition == base else { return nil }
            return held.entry(atOrBefore: position)
        }
    }

    /// The last readable position (0 when the log is empty).
    package var lastPosition: UInt64 { state.withLock { $0.lastPosition } }

    /// True once the writer closed: no position will follow ``lastPosition``.
    package var isFinished: Bool { state.withLock { $0.finished } }

    /// Moves the tail to `position` and wakes every waiter.
    package func publish(_ position: UInt64) {
        let woken = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard position > state.lastPosition else { return [] }
            state.lastPosition = position
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in woken { waiter.resume() }
    }

    /// Marks the tail final (the writer closed) and wakes every waiter.
    package func finish() {
        let woken = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.finished = true
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in woken { waiter.resume() }
    }

    /// Returns once the tail is beyond `position`, finished, or the task is cancelled.
    package func wait(beyond position: UInt64) async {
        let id = state.withLock { state -> Int in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state -> Bool in
                    if state.lastPosition > position || state.finished || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume()
        }
    }
}
