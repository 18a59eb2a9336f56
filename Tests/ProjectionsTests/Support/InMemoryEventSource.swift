import Events
@testable import Projections

/// An event source over an array that tests append to, with waiting for new events, standing in
/// for the log (the store's tests run the real log).
actor InMemoryEventSource: EventSource {
    private var log: [RecordedEvent] = []
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(_ events: [RecordedEvent] = []) { log = events }

    func append(_ events: [RecordedEvent]) {
        log.append(contentsOf: events)
        wakeWaiters()
    }

    /// Resumes every waiter (each checks again whether it has what it waits for).
    private func wakeWaiters() {
        let resumed = waiters
        waiters.removeAll()
        for waiter in resumed { waiter.resume() }
    }

    func events(after position: UInt64, limit: Int) async throws -> [RecordedEvent] {
        Array(log.lazy.filter { $0.position > position }.prefix(limit))
    }

    func waitForEvents(after position: UInt64) async throws {
        while (log.last?.position ?? 0) <= position {
            try Task.checkCancellation()
            // A cancelled wait is woken (and then throws), as the log's wait is.
            await withTaskCancellationHandler {
                await withCheckedContinuation { waiters.append($0) }
            } onCancel: {
                Task { await self.wakeWaiters() }
            }
        }
    }
}
