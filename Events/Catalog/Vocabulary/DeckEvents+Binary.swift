// Log (binary) encoding of the events in DeckEvents.swift, which makes them registered event types (each
// has one row in `EventKind.withType`): fields in declaration order.

extension DeckCreated: RegisteredEvent {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        deck = try DeckID(from: &reader)
        name = try String(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        deck.encode(to: &writer)
        name.encode(to: &writer)
    }
}

extension DeckRenamed: RegisteredEvent {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        deck = try DeckID(from: &reader)
        name = try String(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        deck.encode(to: &writer)
        name.encode(to: &writer)
    }
}

extension DeckDeleted: RegisteredEvent {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        deck = try DeckID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        deck.encode(to: &writer)
    }
}
