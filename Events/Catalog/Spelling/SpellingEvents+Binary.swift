// Log (binary) encoding of the events in SpellingEvents.swift, which makes them registered event types (each
// has one row in `EventKind.withType`): fields in declaration order.

extension SpellingTestCreated: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("test", \SpellingTestCreated.test),
        JSONShape.Field("title", \SpellingTestCreated.title),
        JSONShape.Field("words", \SpellingTestCreated.words),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        test = try SpellingTestID(from: &reader)
        title = try String(from: &reader)
        words = try WordList(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        test.encode(to: &writer)
        title.encode(to: &writer)
        words.encode(to: &writer)
    }
}

extension SpellingTestEdited: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("test", \SpellingTestEdited.test),
        JSONShape.Field("title", \SpellingTestEdited.title),
        JSONShape.Field("words", \SpellingTestEdited.words),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        test = try SpellingTestID(from: &reader)
        title = try String(from: &reader)
        words = try WordList(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        test.encode(to: &writer)
        title.encode(to: &writer)
        words.encode(to: &writer)
    }
}

extension SpellingPracticeStarted: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("session", \SpellingPracticeStarted.session),
        JSONShape.Field("test", \SpellingPracticeStarted.test),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        session = try SpellingSessionID(from: &reader)
        test = try SpellingTestID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        session.encode(to: &writer)
        test.encode(to: &writer)
    }
}

extension WordSpelled: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("session", \WordSpelled.session),
        JSONShape.Field("word", \WordSpelled.word),
        JSONShape.Field("typed", \WordSpelled.typed),
        JSONShape.Field("correct", \WordSpelled.correct),
        JSONShape.Field("attempt", \WordSpelled.attempt),
        JSONShape.Field("hintsUsed", \WordSpelled.hintsUsed),
        JSONShape.Field("duration", \WordSpelled.duration),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        session = try SpellingSessionID(from: &reader)
        word = try String(from: &reader)
        typed = try String(from: &reader)
        correct = try Bool(from: &reader)
        attempt = try AttemptNumber(from: &reader)
        hintsUsed = try UInt32(from: &reader)
        duration = try ElapsedTime(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        session.encode(to: &writer)
        word.encode(to: &writer)
        typed.encode(to: &writer)
        correct.encode(to: &writer)
        attempt.encode(to: &writer)
        hintsUsed.encode(to: &writer)
        duration.encode(to: &writer)
    }
}

extension SpellingPracticeEnded: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("session", \SpellingPracticeEnded.session),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        session = try SpellingSessionID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        session.encode(to: &writer)
    }
}

extension SpellingTestArchived: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("test", \SpellingTestArchived.test),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        test = try SpellingTestID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        test.encode(to: &writer)
    }
}

extension SpellingTestDeleted: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("test", \SpellingTestDeleted.test),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        test = try SpellingTestID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        test.encode(to: &writer)
    }
}
