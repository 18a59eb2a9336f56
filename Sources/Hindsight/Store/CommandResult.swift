import Events

/// What a command appended: its events' ids and positions. A retried command (same id)
/// returns the first result with ``isRetry`` set, and appended nothing this time.
public struct CommandResult: Sendable, Equatable {
    /// The ids of the command's events, in order.
    public let eventIDs: [EventID]
    /// Their log positions (contiguous: one atomic batch).
    public let positions: ClosedRange<UInt64>
    /// True when the command had already been handled and this call appended nothing.
    public let isRetry: Bool

    /// A result from its parts.
    public init(eventIDs: [EventID], positions: ClosedRange<UInt64>, isRetry: Bool) {
        self.eventIDs = eventIDs
        self.positions = positions
        self.isRetry = isRetry
    }
}

/// How a store was opened: whether it already existed, how many read models were restored
/// from snapshots and how many events were folded from the log on top.
public struct OpenReport: Sendable, Equatable {
    /// Whether the directory already held a log.
    public let existingStore: Bool
    /// The position of the log's last event.
    public let lastPosition: UInt64
    /// How many read models (of ``total``) were restored from their snapshots.
    public let restoredFromSnapshots: Int
    /// How many read models the store keeps.
    public let total: Int
    /// How many events were folded from the log after the oldest restored snapshot.
    public let replayedEvents: UInt64
}
