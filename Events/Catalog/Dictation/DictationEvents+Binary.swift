// Log (binary) encoding of the events in DictationEvents.swift, which makes them registered event types (each
// has one row in `EventKind.withType`): fields in declaration order.

extension DictationFinished: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("wordCount", \DictationFinished.wordCount),
        JSONShape.Field("duration", \DictationFinished.duration),
        JSONShape.Field("language", \DictationFinished.language),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        wordCount = try UInt32(from: &reader)
        duration = try ElapsedTime(from: &reader)
        language = try LanguageTag(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        wordCount.encode(to: &writer)
        duration.encode(to: &writer)
        language.encode(to: &writer)
    }
}
