import Events

/// What a card shows: its two sides as last edited, and the translations and example sentences
/// attached to it, in the order they were attached (see ``CardContentState/content(of:)``).
public struct CardContent: Sendable, Equatable {
    /// The card.
    public let id: CardID
    /// The prompt side, as last edited.
    public let front: String
    /// The answer side, as last edited.
    public let back: String
    /// The translations attached, oldest first (several may share a language: an app shows the
    /// latest of a language, or all).
    public let translations: [CardTranslation]
    /// The example sentences attached, oldest first.
    public let exampleSentences: [CardExampleSentence]
}

/// One translation attached to a card (`vocabulary.translation-attached`).
public struct CardTranslation: Sendable, Equatable {
    /// The language of the translation.
    public let language: LanguageTag
    /// The translated text.
    public let text: String
}

/// One example sentence attached to a card (`vocabulary.example-sentence-attached`).
public struct CardExampleSentence: Sendable, Equatable {
    /// The sentence.
    public let sentence: String
    /// What produced it, e.g. the model name.
    public let generator: String
}
