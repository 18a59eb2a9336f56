// The event catalog. Adding a field or changing a type here changes the encodings: add a
// new schema version (and an upcaster) instead; see Events/FORMAT.md.

// Vocabulary study sessions. Stream: `study-session`.

/// A study session began.
public struct StudySessionStarted: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "vocabulary.study-session-started" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The new session.
    public let session: StudySessionID
    /// The deck studied, or nil for all decks.
    public let deck: DeckID?

    /// The event with these (already validated) values.
    public init(session: StudySessionID, deck: DeckID?) {
        self.session = session
        self.deck = deck
    }
}

/// A study session ended.
public struct StudySessionEnded: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "vocabulary.study-session-ended" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The session that ended.
    public let session: StudySessionID

    /// The event with these (already validated) values.
    public init(session: StudySessionID) {
        self.session = session
    }
}
