/// The callers waiting for a projector to reach a log position (read-your-writes), each with a
/// continuation resumed when the position is reached, the projection fails, or time runs out.
struct PositionWaiters {
    private struct Waiter {
        let id: Int
        let position: UInt64
        let continuation: CheckedContinuation<Result<Void, ProjectionWaitError>, Never>
    }
    private var waiting: [Waiter] = []
    private var lastID = 0

    /// A fresh waiter id.
    mutating func nextID() -> Int {
        lastID += 1
        return lastID
    }

    mutating func add(id: Int, position: UInt64,
                      _ continuation: CheckedContinuation<Result<Void, ProjectionWaitError>, Never>) {
        waiting.append(Waiter(id: id, position: position, continuation: continuation))
    }

    /// Resumes every waiter whose position is at or below `checkpoint`.
    mutating func resume(upTo checkpoint: UInt64) {
        guard !waiting.isEmpty else { return }
        waiting.removeAll { waiter in
            guard waiter.position <= checkpoint else { return false }
            waiter.continuation.resume(returning: .success(()))
            return true
        }
    }

    /// Fails every waiter with `failure`.
    mutating func fail(_ failure: ProjectionFailure) {
        for waiter in waiting { waiter.continuation.resume(returning: .failure(.failed(failure))) }
        waiting.removeAll()
    }

    /// Times out waiter `id`, if it still waits.
    mutating func expire(_ id: Int, projection: String, reached: UInt64) {
        guard let index = waiting.firstIndex(where: { $0.id == id }) else { return }
        let waiter = waiting.remove(at: index)
        waiter.continuation.resume(returning: .failure(
            .timedOut(projection: projection, position: waiter.position, reached: reached)))
    }
}
