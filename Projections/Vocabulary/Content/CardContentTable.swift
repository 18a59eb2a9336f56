import Events

/// The vocabulary model's card content beside ``CardTable``'s records: each card's back side by
/// slot, and the translations and example sentences attached, by slot, only for cards that have
/// any (most have none). Storage only: which card an attachment belongs to is decided by the fold.
struct CardContentTable: Sendable, Equatable {
    /// The answer side of each card, by slot, as last edited.
    var backs: [String] = []
    /// The translations attached to a card, by slot, oldest first.
    var translations: [Int: [CardTranslation]] = [:]
    /// The example sentences attached to a card, by slot, oldest first.
    var sentences: [Int: [CardExampleSentence]] = [:]

    /// An empty table.
    init() {}
}

extension CardContentTable: BinaryCodable {
    /// Backs as one array in slot order, then each map in slot order: (slot, its list).
    /// - Throws: ``EventDecodingError`` for malformed bytes.
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        backs = try [String](from: &reader)
        translations = try [Int: [CardTranslation]](from: &reader)
        sentences = try [Int: [CardExampleSentence]](from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        backs.encode(to: &writer)
        translations.encode(to: &writer)
        sentences.encode(to: &writer)
    }
}

extension CardTranslation: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        language = try LanguageTag(from: &reader)
        text = try String(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        language.encode(to: &writer)
        text.encode(to: &writer)
    }
}

extension CardExampleSentence: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        sentence = try String(from: &reader)
        generator = try String(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        sentence.encode(to: &writer)
        generator.encode(to: &writer)
    }
}
