// Log (binary) encoding of the events in StudySessionEvents.swift, which makes them registered event types (each
// has one row in `EventKind.withType`): fields in declaration order.

extension StudySessionStarted: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("session", \StudySessionStarted.session),
        JSONShape.Field("deck", \StudySessionStarted.deck),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        session = try StudySessionID(from: &reader)
        deck = try Optional<DeckID>(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        session.encode(to: &writer)
        deck.encode(to: &writer)
    }
}

extension StudySessionEnded: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("session", \StudySessionEnded.session),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        session = try StudySessionID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        session.encode(to: &writer)
    }
}
