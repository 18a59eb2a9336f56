// The event catalog. Adding a field or changing a type here changes the encodings: add a
// new schema version (and an upcaster) instead; see Events/FORMAT.md.

// Vocabulary decks: created, renamed, deleted. Stream: `deck`.

/// A deck was created.
public struct DeckCreated: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "vocabulary.deck-created" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The new deck.
    public let deck: DeckID
    /// The deck's name, as shown in the app (content, not personal data).
    public let name: String

    /// The event with these (already validated) values.
    public init(deck: DeckID, name: String) {
        self.deck = deck
        self.name = name
    }
}

/// A deck was given a new name.
public struct DeckRenamed: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "vocabulary.deck-renamed" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The deck renamed.
    public let deck: DeckID
    /// Its new name.
    public let name: String

    /// The event with these (already validated) values.
    public init(deck: DeckID, name: String) {
        self.deck = deck
        self.name = name
    }
}

/// A deck was deleted (its cards with it).
public struct DeckDeleted: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "vocabulary.deck-deleted" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The deck deleted.
    public let deck: DeckID

    /// The event with these (already validated) values.
    public init(deck: DeckID) {
        self.deck = deck
    }
}
