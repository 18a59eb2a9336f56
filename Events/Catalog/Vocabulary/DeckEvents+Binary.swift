// Log (binary) encoding of the events in DeckEvents.swift: fields in declaration order.

extension DeckCreated: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        deck = try DeckID(from: &reader)
        name = try String(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        deck.encode(to: &writer)
        name.encode(to: &writer)
    }
}

extension DeckRenamed: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        deck = try DeckID(from: &reader)
        name = try String(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        deck.encode(to: &writer)
        name.encode(to: &writer)
    }
}

extension DeckDeleted: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        deck = try DeckID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        deck.encode(to: &writer)
    }
}
