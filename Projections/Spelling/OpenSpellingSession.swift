import Events

/// A practice session between its start and its end: whose it is, the test's words when it
/// started and, per word spelled in it, whether its first attempt was right.
///
/// Words are keyed by their ``SpellingWordNumber``, not by `String`: a
/// `String` key hashes through Unicode normalization, an attempt at a time. Numbers are as equal
/// as the `String` keys they replace (canonically equivalent words share one), so the score is
/// the same; the session's encoding is still the one of words and `[String: Bool]` first tries.
struct OpenSpellingSession: Sendable {
    /// The first attempt at one word in the session: the word as first noted, and whether it was right.
    struct FirstTry: Sendable, Equatable {
        let word: String
        let correct: Bool
    }

    /// The profile that started it (the start event's), which has no other session open: see
    /// ``OpenSessions`` for the session lifecycle.
    var profile: ProfileID
    /// The test practised.
    var test: SpellingTestID
    /// Its normalized words when the session started.
    var words: [String]
    /// The number of each of ``words`` (derived: not encoded, not compared).
    var wordNumbers: [SpellingWordNumber]
    /// The first try at each word spelled, by word number.
    var firstTry: [SpellingWordNumber: FirstTry]

    /// A session of `profile` on `test`, whose words are `words`, numbered `wordNumbers`.
    init(profile: ProfileID, test: SpellingTestID, words: [String], wordNumbers: [SpellingWordNumber]) {
        self.profile = profile
        self.test = test
        self.words = words
        self.wordNumbers = wordNumbers
        firstTry = Dictionary(minimumCapacity: words.count)
    }

    /// Notes whether the first attempt in the session at the word of `table`'s row `row` was
    /// right; later attempts at that word (in any spelling, by any profile) change nothing.
    /// - Complexity: O(1) expected.
    @inline(__always)
    mutating func recordFirstTry(ofRow row: Int, in table: SpellingWordTable, correct: Bool) {
        let number = table.wordNumber(ofRow: row)
        if firstTry.index(forKey: number) == nil { firstTry[number] = FirstTry(word: table.word(ofRow: row), correct: correct) }
    }

    /// The score of the session so far; nil when no word of it was spelled.
    /// - Complexity: O(words in the test).
    var score: SpellingScore? {
        guard !firstTry.isEmpty else { return nil }
        var right = 0
        for number in wordNumbers where firstTry[number]?.correct == true { right += 1 }
        return SpellingScore(correct: right, total: words.count)
    }

    /// The first tries by word, as the session's encoding holds them.
    var firstTryByWord: [String: Bool] {
        Dictionary(uniqueKeysWithValues: firstTry.values.map { ($0.word, $0.correct) })
    }
}

extension OpenSpellingSession: Equatable {
    /// Equal when of the same profile and test, with the same words and the same first tries
    /// (word numbers, which depend on the order words were met, ignored).
    static func == (lhs: OpenSpellingSession, rhs: OpenSpellingSession) -> Bool {
        lhs.profile == rhs.profile && lhs.test == rhs.test && lhs.words == rhs.words && lhs.firstTryByWord == rhs.firstTryByWord
    }
}

/// An open session as snapshots hold it: profile, test, words, first tries by word.
struct EncodedSpellingSession: BinaryCodable {
    let profile: ProfileID
    let test: SpellingTestID
    let words: [String]
    let firstTry: [String: Bool]

    /// The encoding of `session`.
    init(_ session: OpenSpellingSession) {
        profile = session.profile
        test = session.test
        words = session.words
        firstTry = session.firstTryByWord
    }

    /// Reads what ``encode(to:)`` writes.
    /// - Throws: ``EventDecodingError`` for malformed bytes or a first-try word that appears twice.
    init(from reader: inout BinaryReader) throws(EventDecodingError) {
        profile = ProfileID(try reader.readUUID())
        test = SpellingTestID(try reader.readUUID())
        words = try [String](decoding: &reader)
        firstTry = try [String: Bool](decoding: &reader)
    }

    /// Writes the profile, the test, its words, then the first tries in word order (deterministic bytes).
    func encode(to writer: inout BinaryWriter) {
        profile.encode(to: &writer)
        test.encode(to: &writer)
        words.encode(to: &writer)
        firstTry.encode(to: &writer)
    }
}

extension OpenSpellingSession {
    /// The session `encoded` holds, its words numbered by `table`.
    init(_ encoded: EncodedSpellingSession, numberedBy table: inout SpellingWordTable) {
        self.init(profile: encoded.profile, test: encoded.test, words: encoded.words, wordNumbers: encoded.words.map { table.wordNumber(of: $0) })
        for (word, correct) in encoded.firstTry {
            firstTry[table.wordNumber(of: word)] = FirstTry(word: word, correct: correct)
        }
    }
}
