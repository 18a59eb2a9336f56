import Events

/// What the activity projections remember about one recent review of a card, so that undoing
/// it subtracts exactly what it added.
package struct RememberedReview: Sendable, Equatable, BinaryCodable {
    /// The `ReviewGraded` event's id (what `ReviewUndone.review` names).
    package var id: EventID
    /// The local day it was counted on.
    package var day: Int64
    /// The grade given.
    package var rating: Rating
    /// Scheduled or cram.
    package var mode: ReviewMode
    /// How long it took, in milliseconds.
    package var durationMs: Int64
    /// Whether it was the card's first scheduled review (it made the card a "new card").
    package var wasFirst: Bool

    package init(id: EventID, day: Int64, rating: Rating, mode: ReviewMode, durationMs: Int64, wasFirst: Bool) {
        self.id = id
        self.day = day
        self.rating = rating
        self.mode = mode
        self.durationMs = durationMs
        self.wasFirst = wasFirst
    }

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        id = EventID(try reader.readUUID())
        day = try reader.readInt64()
        rating = try Rating(from: &reader)
        mode = try ReviewMode(from: &reader)
        durationMs = try reader.readInt64()
        wasFirst = try reader.readBool()
    }

    package func encode(to writer: inout BinaryWriter) {
        id.encode(to: &writer)
        day.encode(to: &writer)
        rating.encode(to: &writer)
        mode.encode(to: &writer)
        durationMs.encode(to: &writer)
        wasFirst.encode(to: &writer)
    }
}
