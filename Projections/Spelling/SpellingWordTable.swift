import Events

/// The progress of every (profile, normalized word), as rows in first-practised order with a
/// key → row index; a number per normalized word (shared by every profile); and an index from
/// the exact spelling an event carries to its row.
///
/// Why the index: an attempt names its word as the test gave it ("Straße", " Cat"), and the
/// row is keyed by the normalized word. Normalizing (trim, lowercase) and hashing a `String`
/// key (canonical equivalence, so non-ASCII words go through Unicode normalization) cost more
/// than the rest of the fold; ``ExactSpellingIndex`` hashes and compares the spelling's UTF-8
/// bytes only. Equal bytes normalize to the same key, so the index never changes which row an
/// attempt counts toward. Why word numbers: open sessions note first tries per word, and a
/// ``SpellingWordNumber`` key hashes without normalizing; words that a `String` key holds equal
/// (canonically equivalent) get one number. Both are derived state that is not encoded: a decoded table
/// numbers its rows' words, and its index refills as spellings come up again.
struct SpellingWordTable: Sendable {
    /// Each row's progress.
    private(set) var rows: [SpellingWordProgress] = []
    /// Each row's key.
    private(set) var keys: [SpellingWordKey] = []
    /// Each row's word number (derived).
    private var wordOfRow: [SpellingWordNumber] = []
    /// The row of each key.
    private var rowOf: [SpellingWordKey: Int32] = [:]
    /// The number of each normalized word met (derived; `String` keys: canonical equivalence).
    private var numberOfWord: [String: SpellingWordNumber] = [:]
    /// The row of each exact spelling seen (derived).
    private var spellings = ExactSpellingIndex()
    /// The entry in ``testWords`` of each exact word a test listed (derived; one namespace for
    /// every profile).
    private var testWordIndex = ExactSpellingIndex()
    /// Each exact test word's normalized form, and its number (nil when the form is empty).
    private var testWords: [(word: String, number: SpellingWordNumber?)] = []

    /// An empty table.
    init() {}

    /// How many (profile, word) rows there are.
    var count: Int { rows.count }

    /// The progress of `key`, nil if never practised.
    subscript(key: SpellingWordKey) -> SpellingWordProgress? {
        rowOf[key].map { rows[Int($0)] }
    }

    /// The row `profile`'s attempt at `spelling` counts toward, created (first practised at
    /// `time`) when the word is new to the profile.
    /// - Complexity: O(length of `spelling`) expected; normalizes only a spelling not seen before.
    @inline(__always)
    mutating func row(profile: ProfileID, spelling: String, at time: EventTime) -> Int {
        let owner = IDKey(profile)
        var text = spelling
        return text.withUTF8 { bytes in
            let hash = ExactSpellingIndex.hash(profile: owner, spelling: bytes)
            if let row = spellings.row(profile: owner, spelling: bytes, hash: hash) { return Int(row) }
            let row = newSpelling(profile: profile, spelling: spelling, at: time)
            spellings.insert(profile: owner, spelling: bytes, hash: hash, row: row)
            return Int(row)
        }
    }

    /// The row of a spelling the index does not hold yet: its normalized word's row, created if new.
    private mutating func newSpelling(profile: ProfileID, spelling: String, at time: EventTime) -> Int32 {
        let key = SpellingWordKey(profile: profile, word: SpellingWord.normalized(spelling))
        if let existing = rowOf[key] { return existing }
        let row = Int32(rows.count)
        rows.append(SpellingWordProgress(word: key.word, lastPractised: time))
        keys.append(key)
        wordOfRow.append(wordNumber(of: key.word))
        rowOf[key] = row
        return row
    }

    /// The number of the normalized `word`, given now if the word is new. Canonically equivalent
    /// words share a number, as they share a `String` dictionary key.
    /// - Complexity: O(length of `word`) expected.
    mutating func wordNumber(of word: String) -> SpellingWordNumber {
        if let number = numberOfWord[word] { return number }
        let number = SpellingWordNumber(Int32(numberOfWord.count))
        numberOfWord[word] = number
        return number
    }

    /// The words of a test normalized and numbered: ``SpellingWord/normalized(list:)`` (in
    /// order, empty ones dropped, each word once: the first of words equal as `String`s) and
    /// each kept word's number. Each distinct exact word is normalized once, then found by its bytes.
    /// - Complexity: O(total length of `words`) expected.
    mutating func normalizedTestWords(_ words: [String]) -> (words: [String], numbers: [SpellingWordNumber]) {
        var kept: [String] = [], numbers: [SpellingWordNumber] = []
        kept.reserveCapacity(words.count)
        numbers.reserveCapacity(words.count)
        var seen = Set<SpellingWordNumber>(minimumCapacity: words.count)
        for word in words {
            let entry = Int(testWord(word))
            guard let number = testWords[entry].number, seen.insert(number).inserted else { continue }
            kept.append(testWords[entry].word)
            numbers.append(number)
        }
        return (kept, numbers)
    }

    /// The entry in ``testWords`` of the exact test word `word`, made when new.
    private mutating func testWord(_ word: String) -> Int32 {
        let namespace = IDKey(high: 0, low: 0)
        var text = word
        return text.withUTF8 { bytes in
            let hash = ExactSpellingIndex.hash(profile: namespace, spelling: bytes)
            if let entry = testWordIndex.row(profile: namespace, spelling: bytes, hash: hash) { return entry }
            let normalized = SpellingWord.normalized(word)
            let entry = Int32(testWords.count)
            testWords.append((normalized, normalized.isEmpty ? nil : wordNumber(of: normalized)))
            testWordIndex.insert(profile: namespace, spelling: bytes, hash: hash, row: entry)
            return entry
        }
    }

    /// The word number of row `row`.
    @inline(__always)
    func wordNumber(ofRow row: Int) -> SpellingWordNumber { wordOfRow[row] }

    /// The normalized word of row `row` (without copying the row's progress).
    @inline(__always)
    func word(ofRow row: Int) -> String { rows[row].word }

    /// Counts one attempt on row `row` (from ``row(profile:spelling:at:)``).
    mutating func record(row: Int, correct: Bool, hints: UInt32, at time: EventTime, rule: SpellingMasteryRule) {
        rows[row].record(correct: correct, hints: hints, at: time, rule: rule)
    }
}

extension SpellingWordTable: Equatable {
    /// Equal when the same keys hold the same progress (in whatever row order; numbers and index ignored).
    static func == (lhs: SpellingWordTable, rhs: SpellingWordTable) -> Bool {
        lhs.count == rhs.count && lhs.keys.indices.allSatisfy { rhs[lhs.keys[$0]] == lhs.rows[$0] }
    }
}

extension SpellingWordTable: BinaryCodable {
    /// Reads what ``encode(to:)`` writes: the encoding of a `[SpellingWordKey: SpellingWordProgress]`
    /// dictionary (the model's encoding before this table), rows then in key order.
    /// - Throws: ``EventDecodingError`` for malformed bytes or a key that appears twice.
    init(from reader: inout BinaryReader) throws(EventDecodingError) {
        let count = try reader.readCount()
        rows.reserveCapacity(count)
        keys.reserveCapacity(count)
        wordOfRow.reserveCapacity(count)
        rowOf.reserveCapacity(count)
        for row in 0..<count {
            let key = try SpellingWordKey(from: &reader)
            let progress = try SpellingWordProgress(from: &reader)
            guard rowOf.updateValue(Int32(row), forKey: key) == nil else {
                throw reader.error(.invalidValue, "a dictionary key appears twice")
            }
            keys.append(key)
            rows.append(progress)
            wordOfRow.append(wordNumber(of: key.word))
        }
    }

    /// Writes the count, then each key and its progress in ascending key order (deterministic
    /// bytes, whatever order the rows were created in).
    /// - Complexity: O(n log n).
    func encode(to writer: inout BinaryWriter) {
        writer.writeVarint(UInt64(rows.count))
        for row in keys.indices.sorted(by: { keys[$0] < keys[$1] }) {
            keys[row].encode(to: &writer)
            rows[row].encode(to: &writer)
        }
    }
}
