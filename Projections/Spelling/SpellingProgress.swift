import Events

/// The spelling read model: progress per (profile, word) and per test, folded from the
/// spelling events by ``SpellingProjection``.
///
/// Memory grows with the number of words, tests and unfinished sessions, never with the number
/// of attempts: an ended session keeps only its score.
public struct SpellingProgress: ProjectionState, Equatable {
    /// Progress per (profile, normalized word).
    var words = SpellingWordTable()
    /// Every test ever created.
    var tests: [SpellingTestID: SpellingTestProgress] = [:]
    /// Sessions started and not yet ended.
    var openSessions: [SpellingSessionID: OpenSpellingSession] = [:]

    init() {}

    /// The progress of `profile` on `word` (normalized here), nil if never practised.
    /// - Complexity: O(1) on average, plus the word's length.
    public func word(profile: ProfileID, word: String) -> SpellingWordProgress? {
        words[SpellingWordKey(profile: profile, word: SpellingWord.normalized(word))]
    }

    /// Every word `profile` practised, sorted by word.
    /// - Complexity: O(w + n log n): w all words, n the profile's.
    public func words(profile: ProfileID) -> [SpellingWordProgress] {
        progress(of: profile).sorted { $0.word < $1.word }
    }

    private func progress(of profile: ProfileID) -> [SpellingWordProgress] {
        words.keys.indices.compactMap { words.keys[$0].profile == profile ? words.rows[$0] : nil }
    }

    /// The test `id`, nil if it was never created.
    public func test(_ id: SpellingTestID) -> SpellingTestProgress? { tests[id] }

    /// The tests `profile` created, oldest first (ties by id).
    /// - Complexity: O(t log t) in all tests.
    public func tests(profile: ProfileID) -> [SpellingTestProgress] {
        tests.values.filter { $0.profile == profile }.sorted {
            $0.created.instant != $1.created.instant ? $0.created.instant < $1.created.instant : $0.id < $1.id
        }
    }

    /// Up to `limit` words `profile` should practise: words not currently mastered, least
    /// accurate first; ties: more attempts first, then by word.
    /// - Complexity: O(n log n) in the profile's words.
    public func wordsToPractise(profile: ProfileID, limit: Int) -> [SpellingWordProgress] {
        guard limit > 0 else { return [] }
        let candidates = progress(of: profile).filter { !$0.isMastered }
        return Array(candidates.sorted { $0.needsPractiseBefore($1) }.prefix(limit))
    }

    /// How many sessions are open (started, not ended).
    public var openSessionCount: Int { openSessions.count }
}

/// The key of a word's progress: whose, and which normalized word. Ordered by profile, then word.
struct SpellingWordKey: Hashable, Comparable, Sendable, BinaryCodable {
    let profile: ProfileID
    let word: String

    init(profile: ProfileID, word: String) {
        self.profile = profile
        self.word = word
    }

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.profile != rhs.profile ? lhs.profile < rhs.profile : lhs.word < rhs.word }

    init(from reader: inout BinaryReader) throws(EventDecodingError) {
        profile = ProfileID(try reader.readUUID())
        word = try String(from: &reader)
    }

    func encode(to writer: inout BinaryWriter) {
        profile.encode(to: &writer)
        word.encode(to: &writer)
    }
}

/// A practice session between its start and its end: the test's words when it started and,
/// per word, whether the first attempt was right.
struct OpenSpellingSession: Sendable, Equatable {
    var test: SpellingTestID
    var words: [String]
    var firstTry: [String: Bool] = [:]

    /// Notes whether `word`'s first attempt in the session was right (later attempts change nothing).
    mutating func recordFirstTry(of word: String, correct: Bool) {
        if firstTry.index(forKey: word) == nil { firstTry[word] = correct }
    }

    /// The score of the session so far; nil when no word of it was spelled.
    var score: SpellingScore? {
        guard !firstTry.isEmpty else { return nil }
        var right = 0
        for word in words where firstTry[word] == true { right += 1 }
        return SpellingScore(correct: right, total: words.count)
    }
}

extension OpenSpellingSession: BinaryCodable {
    init(from reader: inout BinaryReader) throws(EventDecodingError) {
        test = SpellingTestID(try reader.readUUID())
        words = try [String](decoding: &reader)
        firstTry = try [String: Bool](decoding: &reader)
    }

    func encode(to writer: inout BinaryWriter) {
        test.encode(to: &writer)
        words.encode(to: &writer)
        firstTry.encode(to: &writer)
    }
}

extension SpellingProgress {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        words = try SpellingWordTable(from: &reader)
        tests = try [SpellingTestID: SpellingTestProgress](decoding: &reader)
        openSessions = try [SpellingSessionID: OpenSpellingSession](decoding: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        words.encode(to: &writer)
        tests.encode(to: &writer)
        openSessions.encode(to: &writer)
    }
}
