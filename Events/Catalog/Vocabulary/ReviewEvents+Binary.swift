// Log (binary) encoding of the events in ReviewEvents.swift, which makes them registered event types (each
// has one row in `EventKind.withType`): fields in declaration order.

extension ReviewGraded: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("card", \ReviewGraded.card),
        JSONShape.Field("rating", \ReviewGraded.rating),
        JSONShape.Field("mode", \ReviewGraded.mode),
        JSONShape.Field("duration", \ReviewGraded.duration),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        card = try CardID(from: &reader)
        rating = try Rating(from: &reader)
        mode = try ReviewMode(from: &reader)
        duration = try ElapsedTime(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        // Reviews are most of an import: their fields are appended at once (card, rating, mode, duration).
        writer.write(atMost: 16 + 1 + 1 + 10) { span in
            card.write(to: &span)
            rating.write(to: &span)
            mode.write(to: &span)
            duration.write(to: &span)
        }
    }
}

extension ReviewUndone: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("card", \ReviewUndone.card),
        JSONShape.Field("review", \ReviewUndone.review),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        card = try CardID(from: &reader)
        review = try EventID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        card.encode(to: &writer)
        review.encode(to: &writer)
    }
}
