import EventLog
import Synchronization

/// What an injected fault does to the call it hits.
public enum InjectedFault: Sendable, Equatable, CustomStringConvertible {
    /// The call fails with this `errno` and has no effect.
    case error(Int32)
    /// A write stores the first half of its bytes (at least one), then fails with this `errno`
    /// (what a short write followed by a failing retry leaves on disk). On any other call: `error`.
    case shortWrite(Int32)
    /// A read returns only the first half of the bytes asked for (a legal short read; no error).
    /// On any other call: no effect.
    case shortRead

    /// `EIO`, `short write (ENOSPC)`, `short read`.
    public var description: String {
        switch self {
        case .error(let code): "errno \(code)"
        case .shortWrite(let code): "short write, then errno \(code)"
        case .shortRead: "short read"
        }
    }
}

/// Which calls a ``FaultPlan`` faults.
public struct FaultTrigger: Sendable, Equatable, CustomStringConvertible {
    /// The 1-based number of the call to fault: among all counted calls, or among calls of
    /// ``kind`` only.
    public var call: Int
    /// The kind counted, or nil for every counted call.
    public var kind: FileSystemCall?
    /// When true, every later call (of ``kind``, or of any kind) fails too, with the fault's
    /// `errno` (EIO for a short read): a disk that stays full, or a power cut after which
    /// nothing more reaches the disk.
    public var sticky: Bool

    /// A trigger at the `call`-th call (of `kind`, when given).
    public init(call: Int, kind: FileSystemCall? = nil, sticky: Bool = false) {
        self.call = call
        self.kind = kind
        self.sticky = sticky
    }

    /// `call 12`, `write 3 (and every later one)`.
    public var description: String {
        (kind.map { "\($0.rawValue) \(call)" } ?? "call \(call)") + (sticky ? " (and every later one)" : "")
    }
}

/// Counts every failable call through a `FileSystem` by kind, and injects one fault (optionally
/// sticky) at a chosen call. Thread-safe: calls may come from several tasks and threads at once
/// (group commit, recovery's parallel checks); counting and deciding happen under one lock, so
/// exactly one call is the n-th.
///
/// Use it through ``FaultPlan/wrapping(_:)``: run a workload once with a plan without a trigger
/// to count its calls, then once per call number with a trigger there.
public final class FaultPlan: Sendable {
    private struct State {
        var counts: [FileSystemCall: Int] = [:]
        var total = 0
        var fired: (call: Int, kind: FileSystemCall)?
        var afterFiring: [FileSystemCall: Int] = [:]
    }

    /// Where the fault is injected (nil: count only).
    public let trigger: FaultTrigger?
    /// What it does.
    public let fault: InjectedFault
    private let state = Mutex(State())

    /// A plan that injects `fault` at `trigger` (or only counts, when `trigger` is nil).
    public init(trigger: FaultTrigger? = nil, fault: InjectedFault = .error(InjectedErrno.eio)) {
        self.trigger = trigger
        self.fault = fault
    }

    /// Failable calls counted so far, of every kind.
    public var totalCalls: Int { state.withLock { $0.total } }

    /// Calls counted so far, by kind.
    public var calls: [FileSystemCall: Int] { state.withLock { $0.counts } }

    /// True once the fault was injected (the trigger's call happened).
    public var fired: Bool { state.withLock { $0.fired != nil } }

    /// Calls made after the fault fired, by kind (for example: a sync after a failed sync is a
    /// retry, which a writer must never make).
    public var callsAfterFiring: [FileSystemCall: Int] { state.withLock { $0.afterFiring } }

    /// The kind of the call the fault hit first (nil until it fired).
    public var firedKind: FileSystemCall? { state.withLock { $0.fired?.kind } }

    /// Counts a call of `kind` and says what to do with it: nil to run it normally.
    func decide(_ kind: FileSystemCall) -> InjectedFault? {
        state.withLock { state -> InjectedFault? in
            state.total += 1
            state.counts[kind, default: 0] += 1
            guard let trigger else { return nil }
            if state.fired != nil {
                state.afterFiring[kind, default: 0] += 1
                guard trigger.sticky, trigger.kind == nil || trigger.kind == kind else { return nil }
                switch fault {
                case .error(let code), .shortWrite(let code): return .error(code)
                case .shortRead: return kind == .read ? .shortRead : nil
                }
            }
            let number = trigger.kind.map { $0 == kind ? state.counts[kind, default: 0] : 0 } ?? state.total
            guard number == trigger.call else { return nil }
            state.fired = (state.total, kind)
            return fault
        }
    }
}
