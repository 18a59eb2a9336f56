/// A first-come, first-served lock for an actor's async work: while one command is between its
/// `await`s, the next waits, so every command is decided on a state that includes every earlier
/// one (an actor alone would interleave at each suspension).
struct CommandGate {
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Whether the caller got the gate at once; when false, it must hand a continuation to
    /// ``enqueue(_:)`` and await it (it resumes owning the gate).
    mutating func tryEnter() -> Bool {
        if busy { return false }
        busy = true
        return true
    }

    /// Queues `continuation`; it resumes (owning the gate) when the holder leaves.
    mutating func enqueue(_ continuation: CheckedContinuation<Void, Never>) { waiting.append(continuation) }

    /// Hands the gate to the next waiter, or frees it.
    mutating func leave() {
        if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
    }
}
