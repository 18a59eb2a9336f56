// The event catalog. Adding a field or changing a type here changes the encodings: add a
// new schema version (and an upcaster) instead; see Events/FORMAT.md.

// Spelling practice: tests (word lists), sessions and each word spelled. Streams: `spelling-test`, `spelling-session`.

/// A spelling test (a list of words) was created.
public struct SpellingTestCreated: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "spelling.test-created" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The new test.
    public let test: SpellingTestID
    /// Its title, e.g. "Week 3".
    public let title: String
    /// The words to practise.
    public let words: WordList

    /// The event with these (already validated) values.
    public init(test: SpellingTestID, title: String, words: WordList) {
        self.test = test
        self.title = title
        self.words = words
    }
}

/// A spelling test's title and word list were replaced.
public struct SpellingTestEdited: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "spelling.test-edited" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The test edited.
    public let test: SpellingTestID
    /// The new title.
    public let title: String
    /// The new word list.
    public let words: WordList

    /// The event with these (already validated) values.
    public init(test: SpellingTestID, title: String, words: WordList) {
        self.test = test
        self.title = title
        self.words = words
    }
}

/// A spelling test was archived: it leaves the list of tests to practise, and its history and
/// progress stay.
public struct SpellingTestArchived: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "spelling.test-archived" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The test archived.
    public let test: SpellingTestID

    /// The event with these (already validated) values.
    public init(test: SpellingTestID) {
        self.test = test
    }
}

/// A spelling test was deleted: it disappears from the read models (its words' progress stays:
/// the words were spelled); the log keeps its history.
public struct SpellingTestDeleted: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "spelling.test-deleted" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The test deleted.
    public let test: SpellingTestID

    /// The event with these (already validated) values.
    public init(test: SpellingTestID) {
        self.test = test
    }
}

/// A practice session on a test began.
public struct SpellingPracticeStarted: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "spelling.practice-started" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The new session.
    public let session: SpellingSessionID
    /// The test practised.
    public let test: SpellingTestID

    /// The event with these (already validated) values.
    public init(session: SpellingSessionID, test: SpellingTestID) {
        self.session = session
        self.test = test
    }
}

/// One attempt at spelling one word.
public struct WordSpelled: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "spelling.word-spelled" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The session.
    public let session: SpellingSessionID
    /// The word asked.
    public let word: String
    /// What the child typed.
    public let typed: String
    /// Whether it was right.
    public let correct: Bool
    /// Which try at this word, from 1.
    public let attempt: AttemptNumber
    /// How many hints were shown.
    public let hintsUsed: UInt32
    /// How long the attempt took.
    public let duration: ElapsedTime

    /// The event with these (already validated) values.
    public init(session: SpellingSessionID, word: String, typed: String, correct: Bool, attempt: AttemptNumber, hintsUsed: UInt32, duration: ElapsedTime) {
        self.session = session
        self.word = word
        self.typed = typed
        self.correct = correct
        self.attempt = attempt
        self.hintsUsed = hintsUsed
        self.duration = duration
    }
}

/// A practice session ended.
public struct SpellingPracticeEnded: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "spelling.practice-ended" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The session that ended.
    public let session: SpellingSessionID

    /// The event with these (already validated) values.
    public init(session: SpellingSessionID) {
        self.session = session
    }
}
