// The event catalog. Adding a field or changing a type here changes the encodings: add a
// new schema version (and an upcaster) instead; see Events/FORMAT.md.

// Voice dictation. Stream: `profile`.

/// A dictation was finished and its text kept by the app (the text itself is not logged).
public struct DictationFinished: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "dictation.dictation-finished" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// How many words were dictated.
    public let wordCount: UInt32
    /// How long the dictation took.
    public let duration: ElapsedTime
    /// The language dictated in.
    public let language: LanguageTag

    /// The event with these (already validated) values.
    public init(wordCount: UInt32, duration: ElapsedTime, language: LanguageTag) {
        self.wordCount = wordCount
        self.duration = duration
        self.language = language
    }
}
