/// An event as a command produces it, before the store has appended it: no log position, no
/// stream version and no recording time yet (the store assigns them on append).
public struct PendingEvent: Sendable, Equatable {
    /// The event's identity; appending the same id twice is a no-op, so retries are safe.
    public let id: EventID
    /// What the event is about.
    public let stream: StreamID
    /// The profile whose history this is.
    public let profile: ProfileID
    /// When it happened, with the person's UTC offset then.
    public let occurred: EventTime
    /// The fact itself.
    public let event: DomainEvent

    /// A pending event. Callers pass the id and the time in (nothing here reads a clock or `UUID()`).
    public init(id: EventID, stream: StreamID, profile: ProfileID, occurred: EventTime, event: DomainEvent) {
        self.id = id
        self.stream = stream
        self.profile = profile
        self.occurred = occurred
        self.event = event
    }
}
