// The event catalog. Adding a field or changing a type here changes the encodings: add a
// new schema version (and an upcaster) instead; see Events/FORMAT.md.

// Generated material attached to cards: example sentences and translations. Stream: `card`.

/// An example sentence was generated for a card and attached to it.
public struct ExampleSentenceAttached: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "vocabulary.example-sentence-attached" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The card.
    public let card: CardID
    /// The example sentence.
    public let sentence: String
    /// What produced it, e.g. the model name.
    public let generator: String

    /// The event with these (already validated) values.
    public init(card: CardID, sentence: String, generator: String) {
        self.card = card
        self.sentence = sentence
        self.generator = generator
    }
}

/// A translation was attached to a card.
public struct TranslationAttached: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "vocabulary.translation-attached" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The card.
    public let card: CardID
    /// The translated text.
    public let translation: String
    /// The language of the translation.
    public let language: LanguageTag

    /// The event with these (already validated) values.
    public init(card: CardID, translation: String, language: LanguageTag) {
        self.card = card
        self.translation = translation
        self.language = language
    }
}
