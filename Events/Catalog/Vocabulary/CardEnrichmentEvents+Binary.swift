// Log (binary) encoding of the events in CardEnrichmentEvents.swift, which makes them registered event types (each
// has one row in `EventKind.withType`): fields in declaration order.

extension ExampleSentenceAttached: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("card", \ExampleSentenceAttached.card),
        JSONShape.Field("sentence", \ExampleSentenceAttached.sentence),
        JSONShape.Field("generator", \ExampleSentenceAttached.generator),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        card = try CardID(from: &reader)
        sentence = try String(from: &reader)
        generator = try String(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        card.encode(to: &writer)
        sentence.encode(to: &writer)
        generator.encode(to: &writer)
    }
}

extension TranslationAttached: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("card", \TranslationAttached.card),
        JSONShape.Field("translation", \TranslationAttached.translation),
        JSONShape.Field("language", \TranslationAttached.language),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        card = try CardID(from: &reader)
        translation = try String(from: &reader)
        language = try LanguageTag(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        card.encode(to: &writer)
        translation.encode(to: &writer)
        language.encode(to: &writer)
    }
}
