// The event catalog. Adding a field or changing a type here changes the encodings: add a
// new schema version (and an upcaster) instead; see Events/FORMAT.md.

// Vocabulary cards: created, edited, moved, suspended, unsuspended, deleted. Stream: `card`.

/// A card was added to a deck.
public struct CardCreated: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "vocabulary.card-created" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The new card.
    public let card: CardID
    /// The deck it belongs to.
    public let deck: DeckID
    /// The prompt side.
    public let front: String
    /// The answer side.
    public let back: String

    /// The event with these (already validated) values.
    public init(card: CardID, deck: DeckID, front: String, back: String) {
        self.card = card
        self.deck = deck
        self.front = front
        self.back = back
    }
}

/// A card's two sides were replaced.
public struct CardEdited: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "vocabulary.card-edited" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The card edited.
    public let card: CardID
    /// The new prompt side.
    public let front: String
    /// The new answer side.
    public let back: String

    /// The event with these (already validated) values.
    public init(card: CardID, front: String, back: String) {
        self.card = card
        self.front = front
        self.back = back
    }
}

/// A card was moved to another deck.
public struct CardMoved: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "vocabulary.card-moved" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The card moved.
    public let card: CardID
    /// The deck it left.
    public let fromDeck: DeckID
    /// The deck it joined.
    public let toDeck: DeckID

    /// The event with these (already validated) values.
    public init(card: CardID, fromDeck: DeckID, toDeck: DeckID) {
        self.card = card
        self.fromDeck = fromDeck
        self.toDeck = toDeck
    }
}

/// A card was taken out of scheduling until unsuspended.
public struct CardSuspended: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "vocabulary.card-suspended" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The card suspended.
    public let card: CardID

    /// The event with these (already validated) values.
    public init(card: CardID) {
        self.card = card
    }
}

/// A suspended card was put back into scheduling.
public struct CardUnsuspended: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "vocabulary.card-unsuspended" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The card unsuspended.
    public let card: CardID

    /// The event with these (already validated) values.
    public init(card: CardID) {
        self.card = card
    }
}

/// A card was deleted; its reviews stay in the log.
public struct CardDeleted: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "vocabulary.card-deleted" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The card deleted.
    public let card: CardID

    /// The event with these (already validated) values.
    public init(card: CardID) {
        self.card = card
    }
}

/// A card was set aside for the rest of the learner's local day: it leaves the due queue (and
/// the new cards offered) until the next local day begins, with its schedule unchanged.
public struct CardBuried: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "vocabulary.card-buried" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The card buried.
    public let card: CardID

    /// The event with these (already validated) values.
    public init(card: CardID) {
        self.card = card
    }
}

/// A card was reset to new: it starts a new FSRS history (no memory state, offered again among
/// the new cards, its reviews and lapses counted afresh). Its earlier reviews stay in the log
/// and still count as answers given (daily statistics, streaks, achievements), but no longer in
/// its schedule, and none of them can be undone any more.
public struct CardReset: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "vocabulary.card-reset" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The card reset.
    public let card: CardID

    /// The event with these (already validated) values.
    public init(card: CardID) {
        self.card = card
    }
}

/// A card's due date was set by hand (Anki's "set due date"): from `due` on the card is due, its
/// FSRS memory state unchanged; none of its earlier reviews can be undone any more. `due` is nil
/// when the source the event was imported from recorded the change but not the date (an Anki
/// revlog's rescheduling row): the change is then only recorded, and the schedule keeps its due.
public struct CardDueSet: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "vocabulary.card-due-set" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The card rescheduled.
    public let card: CardID
    /// The instant from which the card is due (the start of a local day); nil when not recorded.
    public let due: Timestamp?

    /// The event with these (already validated) values.
    public init(card: CardID, due: Timestamp?) {
        self.card = card
        self.due = due
    }
}
