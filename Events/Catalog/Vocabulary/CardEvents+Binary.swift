// Log (binary) encoding of the events in CardEvents.swift, which makes them registered event types (each
// has one row in `EventKind.withType`): fields in declaration order.

extension CardCreated: RegisteredEvent {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        card = try CardID(from: &reader)
        deck = try DeckID(from: &reader)
        front = try String(from: &reader)
        back = try String(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        card.encode(to: &writer)
        deck.encode(to: &writer)
        front.encode(to: &writer)
        back.encode(to: &writer)
    }
}

extension CardEdited: RegisteredEvent {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        card = try CardID(from: &reader)
        front = try String(from: &reader)
        back = try String(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        card.encode(to: &writer)
        front.encode(to: &writer)
        back.encode(to: &writer)
    }
}

extension CardMoved: RegisteredEvent {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        card = try CardID(from: &reader)
        fromDeck = try DeckID(from: &reader)
        toDeck = try DeckID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        card.encode(to: &writer)
        fromDeck.encode(to: &writer)
        toDeck.encode(to: &writer)
    }
}

extension CardSuspended: RegisteredEvent {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        card = try CardID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        card.encode(to: &writer)
    }
}

extension CardUnsuspended: RegisteredEvent {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        card = try CardID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        card.encode(to: &writer)
    }
}

extension CardDeleted: RegisteredEvent {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        card = try CardID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        card.encode(to: &writer)
    }
}

extension CardBuried: RegisteredEvent {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        card = try CardID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        card.encode(to: &writer)
    }
}

extension CardReset: RegisteredEvent {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        card = try CardID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        card.encode(to: &writer)
    }
}

extension CardDueSet: RegisteredEvent {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        card = try CardID(from: &reader)
        due = try Optional<Timestamp>(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        card.encode(to: &writer)
        due.encode(to: &writer)
    }
}
