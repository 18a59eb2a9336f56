// Log (binary) encoding of the events in StudySessionEvents.swift, which makes them registered event types (each
// has one row in `EventKind.withType`): fields in declaration order.

extension StudySessionStarted: RegisteredEvent {
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
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        session = try StudySessionID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        session.encode(to: &writer)
    }
}
