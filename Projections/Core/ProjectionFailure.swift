import Events

/// A projection stopped: its fold threw on an event. The projector keeps the state as it was
/// before that event and refuses further events; the other projections go on.
public struct ProjectionFailure: Error, Sendable, CustomStringConvertible {
    /// The projection that stopped.
    public let projection: String
    /// The log position of the event it could not fold.
    public let position: UInt64
    /// What the fold reported.
    public let reason: String

    /// A failure of `projection` at `position` for `reason`.
    public init(projection: String, position: UInt64, reason: String) {
        self.projection = projection
        self.position = position
        self.reason = reason
    }

    /// The projection, the log position and the reason, and what to do: one line for a log.
    public var description: String {
        "projection '\(projection)' stopped at log position \(position): \(reason). "
            + "Fix the cause and rebuild the projection from the log."
    }
}

/// Why waiting for a projection to reach a position ended without it getting there.
public enum ProjectionWaitError: Error, Sendable, CustomStringConvertible {
    /// The projection did not reach the position in time.
    case timedOut(projection: String, position: UInt64, reached: UInt64)
    /// The projection had stopped on a failure.
    case failed(ProjectionFailure)

    /// What happened, naming the projection and the position waited for: one line for a log.
    public var description: String {
        switch self {
        case let .timedOut(projection, position, reached):
            "projection '\(projection)' did not reach log position \(position) in time (it is at \(reached))"
        case let .failed(failure):
            failure.description
        }
    }
}
