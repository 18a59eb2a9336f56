import Events

/// What the perfect-session rule (``AchievementCondition/perfectSpellingSession``) keeps of a
/// spelling session still open: how many words its test had when the session started, and which
/// of them are not yet spelled right. The achievements state also keeps one per known test, with
/// no word spelled: the tally every session on that test starts from.
///
/// The rule, the spelling read model's (see ``SpellingTestProgress``): a word is spelled right by
/// the session's first attempt at it when that attempt is right first time
/// (``SpellingScore/isRightFirstTry(correct:attempt:)``: correct and attempt 1, hints or not);
/// later attempts at the word, and attempts at words not in the test, change nothing here. On top
/// of it, no attempt may be wrong: ``count(correct:rightFirstTry:word:)`` answers false after a
/// wrong attempt at any word (in the test or not) and after a correct retry (attempt 2 or more)
/// that is the session's first attempt at a test word. So a session whose tally ends
/// ``isPerfect`` is exactly one that the spelling read model scores full marks
/// (``SpellingScore/isFull``) and in which no attempt was wrong.
///
/// Memory: the test's distinct normalized words, shared with the test's own tally (copy on
/// write) until a word is spelled right.
package struct SpellingTally: Sendable, Equatable {
    /// The test's normalized words not yet spelled right in the session.
    package private(set) var unspelled: Set<String>
    /// How many normalized words the test had when the session started.
    package let wordCount: Int

    /// The tally of a session on a test listing `words`, no word spelled yet: the words normalized
    /// as the spelling read model normalizes a test's (``SpellingWord/normalized(list:)``).
    init(testWords words: [String]) {
        let normalized = SpellingWord.normalized(list: words)
        unspelled = Set(normalized)
        wordCount = normalized.count
    }

    /// The session's score so far, while it can still be perfect: the test's words spelled right.
    var score: SpellingScore { SpellingScore(correct: wordCount - unspelled.count, total: wordCount) }

    /// Whether every word of the test, which has at least one, has been spelled right.
    var isPerfect: Bool { score.isFull }

    /// Counts an attempt, `correct` or not and right first time or not (see
    /// ``SpellingScore/isRightFirstTry(correct:attempt:)``), at the word `word` returns as the
    /// event names it (called only when the word matters: a correct attempt while words are left).
    /// - Returns: whether the session can still be perfect.
    /// - Complexity: O(1) for a wrong attempt or once every word is spelled right; else
    ///   O(length of the word) expected.
    @inline(__always)
    mutating func count(correct: Bool, rightFirstTry: Bool, word: () -> String) -> Bool {
        guard correct else { return false }
        guard !unspelled.isEmpty else { return true }
        let key = SpellingWord.normalized(word())
        if rightFirstTry {
            unspelled.remove(key)
            return true
        }
        return !unspelled.contains(key)
    }
}

extension SpellingTally: BinaryCodable {
    /// Reads what ``encode(to:)`` writes.
    /// - Throws: ``EventDecodingError`` for malformed bytes, a negative word count, more words
    ///   left than the test has, or a word left that is repeated or not normalized.
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        wordCount = try reader.readInt()
        guard wordCount >= 0 else { throw reader.error(.invalidValue, "a spelling tally counts \(wordCount) words") }
        let words = try [String](decoding: &reader)
        guard words.count <= wordCount else {
            throw reader.error(.invalidValue, "a spelling tally has \(words.count) words left of \(wordCount)")
        }
        unspelled = Set(minimumCapacity: words.count)
        for word in words {
            guard !word.isEmpty, SpellingWord.normalized(word) == word else {
                throw reader.error(.invalidValue, "a spelling tally's word '\(word)' is not a normalized word")
            }
            guard unspelled.insert(word).inserted else {
                throw reader.error(.invalidValue, "a spelling tally's word '\(word)' appears twice")
            }
        }
    }

    /// Writes the word count, then the words left in ascending order (deterministic bytes).
    /// - Complexity: O(n log n) in the words left.
    package func encode(to writer: inout BinaryWriter) {
        wordCount.encode(to: &writer)
        unspelled.sorted().encode(to: &writer)
    }
}
