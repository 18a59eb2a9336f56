import Events

/// A spelling test (a word list) and how its practice sessions went.
///
/// A session's score is the share of the test's words (as they were when the session started)
/// that were right on the first attempt in that session: a word's first `WordSpelled` in the
/// session must have attempt 1 and be correct (``SpellingScore/isRightFirstTry(correct:attempt:)``;
/// hints do not matter). Only sessions that ended
/// (`SpellingPracticeEnded`) with at least one word spelled are scored; ``sessions`` counts them.
public struct SpellingTestProgress: Sendable, Equatable {
    /// The test.
    public let id: SpellingTestID
    /// The profile that created it.
    public let profile: ProfileID
    /// Its current title.
    public internal(set) var title: String
    /// Its current words, normalized, in order, each once.
    public internal(set) var words: [String]
    /// When it was created.
    public let created: EventTime
    /// Scored sessions.
    public internal(set) var sessions: Int = 0
    /// The best score (the earliest of equal bests), nil before the first scored session.
    public internal(set) var bestScore: SpellingScore?
    /// The latest score.
    public internal(set) var lastScore: SpellingScore?
    /// When the latest scored session ended.
    public internal(set) var lastPractised: EventTime?
    /// Whether it was archived (out of the list to practise; its history and progress stay).
    public internal(set) var isArchived = false

    init(id: SpellingTestID, profile: ProfileID, title: String, words: [String], created: EventTime) {
        self.id = id
        self.profile = profile
        self.title = title
        self.words = words
        self.created = created
    }

    mutating func recordSession(_ score: SpellingScore, at time: EventTime) {
        sessions += 1
        lastScore = score
        lastPractised = time
        if bestScore.map({ score.isBetter(than: $0) }) ?? true { bestScore = score }
    }
}

/// A session's score: `correct` of `total` words right on the first attempt.
public struct SpellingScore: Sendable, Equatable, Hashable {
    /// Words right on the first attempt.
    public let correct: Int
    /// Words in the test when the session started.
    public let total: Int

    /// The score `correct` out of `total`.
    public init(correct: Int, total: Int) {
        self.correct = correct
        self.total = total
    }

    /// The share right, 0...1 (0 for an empty test).
    public var fraction: Double { total == 0 ? 0 : Double(correct) / Double(total) }

    /// Whether this share is strictly higher than `other`'s (exact, by cross-multiplication).
    public func isBetter(than other: SpellingScore) -> Bool { correct * other.total > other.correct * total }
}

// What "a word right" and "every word right" mean, in one place: the spelling read model scores
// sessions by these, and the perfect-session achievement (``AchievementCondition/perfectSpellingSession``)
// asks for a full score by them, so the two read models never disagree about a session.
extension SpellingScore {
    /// Whether a session's first attempt at a word makes the word right in the session's score:
    /// the attempt is correct and is the word's first try (attempt 1). Hints do not matter.
    @inline(__always)
    static func isRightFirstTry(correct: Bool, attempt: AttemptNumber) -> Bool { correct && attempt.value == 1 }

    /// Whether every word of the test was right, the test having at least one word.
    var isFull: Bool { total > 0 && correct == total }
}

extension SpellingScore: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        correct = try reader.readInt()
        total = try reader.readInt()
    }

    package func encode(to writer: inout BinaryWriter) {
        correct.encode(to: &writer)
        total.encode(to: &writer)
    }
}

extension SpellingTestProgress: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        id = SpellingTestID(try reader.readUUID())
        profile = ProfileID(try reader.readUUID())
        title = try String(from: &reader)
        words = try [String](decoding: &reader)
        created = try EventTime(from: &reader)
        sessions = try reader.readInt()
        bestScore = try SpellingScore?(from: &reader)
        lastScore = try SpellingScore?(from: &reader)
        lastPractised = try EventTime?(from: &reader)
        isArchived = try reader.readBool()
    }

    package func encode(to writer: inout BinaryWriter) {
        id.encode(to: &writer)
        profile.encode(to: &writer)
        title.encode(to: &writer)
        words.encode(to: &writer)
        created.encode(to: &writer)
        sessions.encode(to: &writer)
        bestScore.encode(to: &writer)
        lastScore.encode(to: &writer)
        lastPractised.encode(to: &writer)
        isArchived.encode(to: &writer)
    }
}
