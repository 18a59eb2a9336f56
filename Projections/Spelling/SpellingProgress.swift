import Events

/// The spelling read model: progress per (profile, word) and per test, folded from the
/// spelling events by ``SpellingProjection``.
///
/// Memory grows with the number of words, tests and profiles, never with the number of attempts
/// or sessions: an ended session keeps only its score, and each profile has at most one session
/// open (see ``openSessions``).
public struct SpellingProgress: ProjectionState, BinaryCodable {
    /// Progress per (profile, normalized word).
    var words = SpellingWordTable()
    /// Every test created and not deleted.
    var tests: [SpellingTestID: SpellingTestProgress] = [:]
    /// The word numbers (see ``SpellingWordTable``) of each test's words (derived, not encoded).
    var testWordNumbers: [SpellingTestID: [SpellingWordNumber]] = [:]
    /// Sessions started and not yet ended (nor abandoned), at most one per profile: the session
    /// lifecycle (``OpenSessions``), shared with the store's command ledger and the
    /// achievements' perfect-session tallies. An abandoned session scores nothing; its attempts,
    /// already counted toward word progress, stay counted.
    var openSessions = OpenSessions<SpellingSessionID, ProfileID, OpenSpellingSession>()

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

    /// The test `id` (archived or not), nil if it was never created or was deleted.
    public func test(_ id: SpellingTestID) -> SpellingTestProgress? { tests[id] }

    /// The tests `profile` created and did not archive (the list to practise), oldest first
    /// (ties by id).
    /// - Complexity: O(t log t) in all tests.
    public func tests(profile: ProfileID) -> [SpellingTestProgress] { tests(profile: profile, archived: false) }

    /// The tests `profile` archived, oldest first (ties by id).
    /// - Complexity: O(t log t) in all tests.
    public func archivedTests(profile: ProfileID) -> [SpellingTestProgress] { tests(profile: profile, archived: true) }

    private func tests(profile: ProfileID, archived: Bool) -> [SpellingTestProgress] {
        tests.values.filter { $0.profile == profile && $0.isArchived == archived }.sorted {
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

extension SpellingProgress {
    /// Sets `test`'s progress, whose words are numbered `numbers`.
    mutating func setTest(_ test: SpellingTestProgress, wordNumbers numbers: [SpellingWordNumber]) {
        tests[test.id] = test
        testWordNumbers[test.id] = numbers
    }
}

extension SpellingProgress: Equatable {
    /// Equal when words, tests and open sessions are (word numbers, derived, ignored).
    public static func == (lhs: SpellingProgress, rhs: SpellingProgress) -> Bool {
        lhs.words == rhs.words && lhs.tests == rhs.tests && lhs.openSessions == rhs.openSessions
    }
}

extension SpellingProgress {
    /// Reads what ``encode(to:)`` writes, numbers the words of its tests and sessions and
    /// indexes the open sessions by profile.
    /// - Throws: ``EventDecodingError`` for malformed bytes, a key that appears twice, or two open
    ///   sessions of one profile.
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        words = try SpellingWordTable(from: &reader)
        for test in try [SpellingTestID: SpellingTestProgress](decoding: &reader).values {
            setTest(test, wordNumbers: test.words.map { words.wordNumber(of: $0) })
        }
        // In key order, so the session named by the error does not depend on hashing.
        let sessions = try [SpellingSessionID: EncodedSpellingSession](decoding: &reader)
        for id in sessions.keys.sorted() {
            let encoded = sessions[id]!
            if let other = openSessions.restore(id, owner: encoded.profile, value: OpenSpellingSession(encoded, numberedBy: &words)) {
                throw reader.error(.invalidValue, "spelling sessions \(other) and \(id) are both open for profile \(encoded.profile); a profile has one open at a time")
            }
        }
    }

    /// Writes the words, the tests and the open sessions, each in key order (deterministic bytes).
    package func encode(to writer: inout BinaryWriter) {
        words.encode(to: &writer)
        tests.encode(to: &writer)
        openSessions.entries.mapValues { EncodedSpellingSession($0.value) }.encode(to: &writer)
    }
}
