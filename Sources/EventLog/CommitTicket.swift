import Synchronization

/// A group-commit append's claim on the next sync: the writer completes it once the
/// append's records are durable (or failed), and the appender waits on it outside the
/// actor, so that resuming dozens of appenders costs the actor nothing.
final class CommitTicket: Sendable {
    private enum State {
        case waiting(CheckedContinuation<Result<Void, LogError>, Never>?)
        case done(Result<Void, LogError>)
    }

    private let state = Mutex(State.waiting(nil))

    /// Records the outcome and wakes the appender, if it is waiting.
    func complete(_ result: Result<Void, LogError>) {
        let waiter = state.withLock { state -> CheckedContinuation<Result<Void, LogError>, Never>? in
            guard case .waiting(let continuation) = state else { return nil }
            state = .done(result)
            return continuation
        }
        waiter?.resume(returning: result)
    }

    /// Waits for the outcome.
    /// - Throws: the ``LogError`` the sync failed with.
    func wait() async throws(LogError) {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Void, LogError>, Never>) in
            let ready = state.withLock { state -> Result<Void, LogError>? in
                if case .done(let result) = state { return result }
                state = .waiting(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
        try result.get()
    }
}
