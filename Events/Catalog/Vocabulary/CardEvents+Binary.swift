// Log (binary) encoding of the events in CardEvents.swift, which makes them registered event types (each
// has one row in `EventKind.withType`): fields in declaration order.

extension CardCreated: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("card", \CardCreated.card),
        JSONShape.Field("deck", \CardCreated.deck),
        JSONShape.Field("front", \CardCreated.front),
        JSONShape.Field("back", \CardCreated.back),
    ])

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
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("card", \CardEdited.card),
        JSONShape.Field("front", \CardEdited.front),
        JSONShape.Field("back", \CardEdited.back),
    ])

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
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("card", \CardMoved.card),
        JSONShape.Field("fromDeck", \CardMoved.fromDeck),
        JSONShape.Field("toDeck", \CardMoved.toDeck),
    ])

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
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("card", \CardSuspended.card),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        card = try CardID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        card.encode(to: &writer)
    }
}

extension CardUnsuspended: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("card", \CardUnsuspended.card),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        card = try CardID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        card.encode(to: &writer)
    }
}

extension CardDeleted: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("card", \CardDeleted.card),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        card = try CardID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        card.encode(to: &writer)
    }
}

extension CardBuried: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("card", \CardBuried.card),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        card = try CardID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        card.encode(to: &writer)
    }
}

extension CardReset: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("card", \CardReset.card),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        card = try CardID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        card.encode(to: &writer)
    }
}

extension CardDueSet: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("card", \CardDueSet.card),
        JSONShape.Field("due", \CardDueSet.due),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        card = try CardID(from: &reader)
        due = try Optional<Timestamp>(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        card.encode(to: &writer)
        due.encode(to: &writer)
    }
}
