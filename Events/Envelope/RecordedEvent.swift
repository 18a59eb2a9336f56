/// An event as it stands in the log: the envelope (position, id, stream and stream version,
/// profile, when it happened and when it was recorded) around the fact, a ``DomainEvent``.
/// Projections fold these with a `switch` over ``event``.
public struct RecordedEvent: Sendable, Equatable {
    /// The global log position, from 1, without gaps. Not part of the encoded payload: the log
    /// assigns it and passes it to the decoder.
    public let position: UInt64
    /// The event's identity.
    public let id: EventID
    /// What the event is about.
    public let stream: StreamID
    /// The event's number within its stream, from 1.
    public let streamVersion: UInt64
    /// The profile whose history this is.
    public let profile: ProfileID
    /// When it happened, with the person's UTC offset then.
    public let occurred: EventTime
    /// When the store recorded it.
    public let recordedAt: Timestamp
    /// The fact itself (older schema versions already upcast).
    public let event: DomainEvent

    /// A recorded event from all its parts.
    public init(position: UInt64, id: EventID, stream: StreamID, streamVersion: UInt64, profile: ProfileID,
                occurred: EventTime, recordedAt: Timestamp, event: DomainEvent) {
        self.position = position
        self.id = id
        self.stream = stream
        self.streamVersion = streamVersion
        self.profile = profile
        self.occurred = occurred
        self.recordedAt = recordedAt
        self.event = event
    }

    /// `pending` as recorded at `position`, as version `streamVersion` of its stream, at `recordedAt`.
    public init(_ pending: PendingEvent, position: UInt64, streamVersion: UInt64, recordedAt: Timestamp) {
        self.init(position: position, id: pending.id, stream: pending.stream, streamVersion: streamVersion,
                  profile: pending.profile, occurred: pending.occurred, recordedAt: recordedAt, event: pending.event)
    }

    /// The stable type name of the event.
    public var typeName: String { event.typeName }
    /// The schema version of the event as held (see ``DomainEvent/schemaVersion``).
    public var schemaVersion: UInt32 { event.schemaVersion }
}
