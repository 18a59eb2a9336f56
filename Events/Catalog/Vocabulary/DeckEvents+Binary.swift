// Log (binary) encoding of the events in DeckEvents.swift, which makes them registered event types (each
// has one row in `EventKind.withType`): fields in declaration order.

extension DeckCreated: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("deck", \DeckCreated.deck),
        JSONShape.Field("name", \DeckCreated.name),
    ])

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
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("deck", \DeckRenamed.deck),
        JSONShape.Field("name", \DeckRenamed.name),
    ])

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
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("deck", \DeckDeleted.deck),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        deck = try DeckID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        deck.encode(to: &writer)
    }
}
