#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Events

/// The progress of every (profile, normalized word), as rows in first-practised order with a
/// key → row index, plus a memo from the exact spelling an event carries to its row.
///
/// Why the memo: an attempt names its word as the test gave it ("Straße", " Cat"), and the
/// row is keyed by the normalized word. Normalizing (trim, lowercase) and hashing a `String`
/// key (canonical equivalence, so non-ASCII words go through Unicode normalization) cost more
/// than the rest of the fold; the memo hashes and compares the spelling's UTF-8 bytes only.
/// Equal bytes normalize to the same key, so the memo never changes which row an attempt counts
/// toward. It holds one entry per distinct (profile, spelling) seen, derived state that is not
/// encoded (a restored table refills it as words come up again).
struct SpellingWordTable: Sendable {
    /// Each row's progress.
    private(set) var rows: [SpellingWordProgress] = []
    /// Each row's key.
    private(set) var keys: [SpellingWordKey] = []
    /// The row of each key.
    private var rowOf: [SpellingWordKey: Int32] = [:]
    /// The row of each exact spelling seen (derived; not encoded).
    private var spellings: [ExactSpelling: Int32] = [:]

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
    mutating func row(profile: ProfileID, spelling: String, at time: EventTime) -> Int {
        let exact = ExactSpelling(profile: IDKey(profile), spelling: spelling)
        if let row = spellings[exact] { return Int(row) }
        let key = SpellingWordKey(profile: profile, word: SpellingWord.normalized(spelling))
        let row: Int32
        if let existing = rowOf[key] {
            row = existing
        } else {
            row = Int32(rows.count)
            rows.append(SpellingWordProgress(word: key.word, lastPractised: time))
            keys.append(key)
            rowOf[key] = row
        }
        spellings[exact] = row
        return Int(row)
    }

    /// Counts one attempt on row `row` (from ``row(profile:spelling:at:)``).
    mutating func record(row: Int, correct: Bool, hints: UInt32, at time: EventTime, rule: SpellingMasteryRule) {
        rows[row].record(correct: correct, hints: hints, at: time, rule: rule)
    }
}

extension SpellingWordTable: Equatable {
    /// Equal when the same keys hold the same progress (in whatever row order, memo ignored).
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
        rowOf.reserveCapacity(count)
        for row in 0..<count {
            let key = try SpellingWordKey(from: &reader)
            let progress = try SpellingWordProgress(from: &reader)
            guard rowOf.updateValue(Int32(row), forKey: key) == nil else {
                throw reader.error(.invalidValue, "a dictionary key appears twice")
            }
            keys.append(key)
            rows.append(progress)
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

/// A spelling exactly as an event carried it, for a profile: hashed and compared by its UTF-8
/// bytes (not by canonical equivalence, which is what makes `String` keys slow).
private struct ExactSpelling: Hashable, Sendable {
    let profile: IDKey
    let spelling: String

    func hash(into hasher: inout Hasher) {
        hasher.combine(profile)
        var bytes = spelling
        bytes.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    static func == (lhs: ExactSpelling, rhs: ExactSpelling) -> Bool {
        guard lhs.profile == rhs.profile, lhs.spelling.utf8.count == rhs.spelling.utf8.count else { return false }
        var left = lhs.spelling, right = rhs.spelling
        return left.withUTF8 { l in right.withUTF8 { r in l.isEmpty || memcmp(l.baseAddress!, r.baseAddress!, l.count) == 0 } }
    }
}
