// Released schema versions that are no longer written. Frozen: never edit a released shape;
// each has a pure upcaster to the next version.

/// `vocabulary.review-graded` version 1, before review modes existed: every review was a
/// scheduled one. Read from old logs and upcast to ``ReviewGraded`` (version 2).
public struct ReviewGradedV1: EventPayload {
    /// The same type name as the current version.
    public static var typeName: String { ReviewGraded.typeName }
    /// The version of this shape.
    public static var schemaVersion: UInt32 { 1 }

    /// The card reviewed.
    public let card: CardID
    /// The grade given, 1-4.
    public let rating: Rating
    /// How long the learner took to answer.
    public let duration: ElapsedTime

    /// The version-1 event with these values.
    public init(card: CardID, rating: Rating, duration: ElapsedTime) {
        self.card = card
        self.rating = rating
        self.duration = duration
    }

    /// Version 2 of the same fact. Documented default: `mode = .scheduled`, because version 1
    /// was written before cram reviews existed, when every review counted for the schedule.
    public func upcastToCurrent() -> ReviewGraded {
        ReviewGraded(card: card, rating: rating, mode: .scheduled, duration: duration)
    }
}

extension ReviewGradedV1: EarlierEventVersion {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        card = try CardID(from: &reader)
        rating = try Rating(from: &reader)
        duration = try ElapsedTime(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        card.encode(to: &writer)
        rating.encode(to: &writer)
        duration.encode(to: &writer)
    }
}

extension ReviewGraded {
    /// Version 1, upcast on reading.
    package static var earlierVersions: [any EarlierEventVersion<ReviewGraded>.Type] { [ReviewGradedV1.self] }
}
