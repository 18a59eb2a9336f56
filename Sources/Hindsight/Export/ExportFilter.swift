import Events

/// Which events an export includes. Every condition given must hold (AND); a condition left
/// nil lets every event through.
public struct ExportFilter: Sendable, Equatable {
    /// Only events of these profiles.
    public var profiles: Set<ProfileID>?
    /// Only events of this stream.
    public var stream: StreamID?
    /// Only events that happened at or after this instant (`occurred`).
    public var since: Timestamp?
    /// Only events that happened strictly before this instant (`occurred`).
    public var until: Timestamp?
    /// Only events of these type names (e.g. `vocabulary.review-graded`), known or not.
    public var types: Set<String>?

    /// A filter; by default it lets every event through.
    public init(profiles: Set<ProfileID>? = nil, stream: StreamID? = nil, since: Timestamp? = nil,
                until: Timestamp? = nil, types: Set<String>? = nil) {
        self.profiles = profiles
        self.stream = stream
        self.since = since
        self.until = until
        self.types = types
    }

    /// True when `event` passes every condition.
    public func includes(_ event: RecordedEvent) -> Bool {
        if let profiles, !profiles.contains(event.profile) { return false }
        if let stream, stream != event.stream { return false }
        if let since, event.occurred.instant < since { return false }
        if let until, !(event.occurred.instant < until) { return false }
        if let types, !types.contains(event.event.typeName) { return false }
        return true
    }
}
