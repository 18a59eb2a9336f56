// Log (binary) encoding of the events in StudySessionEvents.swift: fields in declaration order.

extension StudySessionStarted: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        session = try StudySessionID(from: &reader)
        deck = try Optional<DeckID>(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        session.encode(to: &writer)
        deck.encode(to: &writer)
    }
}

extension StudySessionEnded: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        session = try StudySessionID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        session.encode(to: &writer)
    }
}
