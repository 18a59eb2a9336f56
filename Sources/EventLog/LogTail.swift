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

    /// A tail at `lastPosition` (0: empty log).
    package init(lastPosition: UInt64) {
        state = Mutex(State(lastPosition: lastPosition))
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
