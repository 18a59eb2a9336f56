// The event catalog. Adding a field or changing a type here changes the encodings: add a
// new schema version (and an upcaster) instead; see Events/FORMAT.md.

// Reviews: a card graded, a review undone. Stream: `card`. Facts only: no stability, difficulty or due date.

/// A card was reviewed and graded. Version 2 added `mode`; version 1 records are upcast with `mode = .scheduled` (see ``ReviewGradedV1``).
public struct ReviewGraded: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "vocabulary.review-graded" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 2 }

    /// The card reviewed.
    public let card: CardID
    /// The grade given, 1-4.
    public let rating: Rating
    /// Whether the review counts for the schedule or was cram practice.
    public let mode: ReviewMode
    /// How long the learner took to answer.
    public let duration: ElapsedTime

    /// The event with these (already validated) values.
    public init(card: CardID, rating: Rating, mode: ReviewMode, duration: ElapsedTime) {
        self.card = card
        self.rating = rating
        self.mode = mode
        self.duration = duration
    }
}

/// An earlier review was undone; it no longer counts for the card's history.
public struct ReviewUndone: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "vocabulary.review-undone" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The card whose review was undone.
    public let card: CardID
    /// The event id of the `ReviewGraded` undone.
    public let review: EventID

    /// The event with these (already validated) values.
    public init(card: CardID, review: EventID) {
        self.card = card
        self.review = review
    }
}
