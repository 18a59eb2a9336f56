import Events

/// The spelling read model: progress per (profile, word) and per test, folded from the
/// spelling events by ``SpellingProjection``.
///
/// Memory grows with the number of words, tests and profiles, never with the number of attempts
/// or sessions: an ended session keeps only its score, and each profile has at most one session
/// open (see ``openSessionByProfile``).
public struct SpellingProgress: ProjectionState, BinaryCodable {
    /// Progress per (profile, normalized word).
    var words = SpellingWordTable()
    /// Every test ever created.
    var tests: [SpellingTestID: SpellingTestProgress] = [:]
    /// The word numbers (see ``SpellingWordTable``) of each test's words (derived, not encoded).
    var testWordNumbers: [SpellingTestID: [SpellingWordNumber]] = [:]
    /// Sessions started and not yet ended (nor abandoned), at most one per profile.
    var openSessions: [SpellingSessionID: OpenSpellingSession] = [:]
    /// The session each profile has open (derived from ``openSessions``: not encoded, rebuilt on
    /// decoding, not compared).
    ///
    /// One open session per profile, the same policy as the store's command ledger
    /// (`CommandLedger.openSessionByProfile`) and the achievements' perfect-session tallies
    /// (``AchievementsState/openSessionByProfile``): a profile practises one spelling session at a
    /// time. When a profile starts a session, the session it left open (an app killed mid-session)
    /// is abandoned: dropped, scoring nothing and unlocking nothing (its attempts, already counted
    /// toward word progress, stay counted); a later attempt or end naming it is ignored here, and
    /// the store refuses commands on it. Sessions of different profiles never affect each other.
    /// So open sessions are bounded by the profiles, not by the log's length.
    var openSessionByProfile: [ProfileID: SpellingSessionID] = [:]

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

extension SpellingProgress {
    /// Sets `test`'s progress, whose words are numbered `numbers`.
    mutating func setTest(_ test: SpellingTestProgress, wordNumbers numbers: [SpellingWordNumber]) {
        tests[test.id] = test
        testWordNumbers[test.id] = numbers
    }
}

extension SpellingProgress {
    /// Opens `session` as `id`: first abandons the session its profile left open (see
    /// ``openSessionByProfile``), and a session already open as `id` (a restart starts over).
    /// - Complexity: O(1) expected.
    mutating func open(_ session: OpenSpellingSession, as id: SpellingSessionID) {
        close(id)
        abandonOpenSession(of: session.profile)
        openSessions[id] = session
        openSessionByProfile[session.profile] = id
    }

    /// Drops the session `profile` has open, if any: it scores nothing (see ``openSessionByProfile``).
    /// - Complexity: O(1) expected.
    mutating func abandonOpenSession(of profile: ProfileID) {
        if let id = openSessionByProfile.removeValue(forKey: profile) { openSessions[id] = nil }
    }

    /// Removes and returns the open session `id`, nil when it is not open (never started, ended or abandoned).
    /// - Complexity: O(1) expected.
    @discardableResult
    mutating func close(_ id: SpellingSessionID) -> OpenSpellingSession? {
        guard let session = openSessions.removeValue(forKey: id) else { return nil }
        openSessionByProfile[session.profile] = nil
        return session
    }
}

extension SpellingProgress: Equatable {
    /// Equal when words, tests and open sessions are (word numbers and the open session of each
    /// profile, derived, ignored).
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
            if let other = openSessionByProfile.updateValue(id, forKey: encoded.profile) {
                throw reader.error(.invalidValue, "spelling sessions \(other) and \(id) are both open for profile \(encoded.profile); a profile has one open at a time")
            }
            openSessions[id] = OpenSpellingSession(encoded, numberedBy: &words)
        }
    }

    /// Writes the words, the tests and the open sessions, each in key order (deterministic bytes).
    package func encode(to writer: inout BinaryWriter) {
        words.encode(to: &writer)
        tests.encode(to: &writer)
        openSessions.mapValues(EncodedSpellingSession.init).encode(to: &writer)
    }
}
