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
        includes(profile: event.profile, occurred: event.occurred.instant) { $0 == event.stream } typeName: { event.event.typeName }
    }

    /// True when the event of the record whose envelope is `envelope` passes every condition
    /// (decided on the envelope alone, so a record left out is never decoded).
    func includes(_ envelope: RecordEnvelope) -> Bool {
        includes(profile: envelope.profile, occurred: envelope.occurred.instant) { envelope.belongs(to: $0) } typeName: { envelope.typeNameText }
    }

    /// Whether the filter lets events of `event`'s profile and stream through, whatever their
    /// time and type: a revlog export asks it of a card's creation, which may fall outside the
    /// time or types asked for while the card's reviews fall inside.
    func includesProfileAndStream(of event: RecordedEvent) -> Bool {
        ExportFilter(profiles: profiles, stream: stream).includes(event)
    }

    /// The filter's one rule: true when an event of `profile` that happened at `occurred`, in a
    /// stream `isIn` says it belongs to, of the type named `typeName()` (built only when types
    /// are filtered), passes every condition.
    @inline(__always)
    private func includes(profile: ProfileID, occurred: Timestamp, isIn: (StreamID) -> Bool, typeName: () -> String) -> Bool {
        if let profiles, !profiles.contains(profile) { return false }
        if let wanted = self.stream, !isIn(wanted) { return false }
        if let since, occurred < since { return false }
        if let until, !(occurred < until) { return false }
        if let types, !types.contains(typeName()) { return false }
        return true
    }
}
