// The event catalog. Adding a field or changing a type here changes the encodings: add a
// new schema version (and an upcaster) instead; see Events/FORMAT.md.

// A reschedule of a profile's cards after a change of its scheduler settings. Stream: `profile`.

/// A profile's cards were rescheduled under new parameters, as Anki's "reschedule cards on
/// change" does: each listed card's memory state and due date were recomputed from its whole
/// history under `parameters` and `retention`. Who asked is the envelope's profile, when its
/// time. The recomputed schedules are recorded, not recomputed by readers, so that the read
/// models stay a pure, cheap fold of the log (a fold keeps no card's history).
public struct CardsRescheduled: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "vocabulary.cards-rescheduled" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The weights the schedules were recomputed with (19 or 21).
    public let parameters: SchedulerParameters
    /// The desired retention the schedules were recomputed with.
    public let retention: DesiredRetention
    /// Each rescheduled card's new schedule, in the order the recomputation listed them.
    public let cards: [RescheduledCard]

    /// The event with these (already validated) values.
    public init(parameters: SchedulerParameters, retention: DesiredRetention, cards: [RescheduledCard]) {
        self.parameters = parameters
        self.retention = retention
        self.cards = cards
    }
}
