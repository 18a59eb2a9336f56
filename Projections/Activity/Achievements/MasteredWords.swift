import Events

/// What the word-mastery rules (``AchievementCondition/wordsMastered(_:)``) keep of one profile's
/// spelling: each word's current run of correct answers in a row, and how many words are mastered
/// now, as the spelling read model judges them (``SpellingMasteryRule``, the one home of the rule:
/// ``SpellingWordProgress`` steps its runs with the same calls).
///
/// A word is the profile's normalized word text (``SpellingWord/normalized(_:)``), the key of the
/// spelling read model's word progress: every `WordSpelled` attempt counts, in any session or in
/// none, so the same word in two tests is one word, and a test archived, edited or deleted changes
/// nothing (its words were spelled). ``count`` is the number of the profile's words
/// ``SpellingProgress`` shows mastered (`hindsight spelling`'s "N mastered") after the same events.
///
/// Memory: one entry per word with a run going; a word whose latest attempt was wrong (run 0) is
/// not kept.
package struct MasteredWords: Sendable, Equatable {
    /// Each word's current run (normalized word → correct answers in a row, at least 1).
    package private(set) var runs: [String: Int] = [:]
    /// How many words are mastered now: their run reaches the rule's length.
    package private(set) var count = 0

    package init() {}

    /// The words with runs `runs` (each at least 1), mastered under `rule`.
    init(runs: [String: Int], rule: SpellingMasteryRule) {
        self.runs = runs
        count = runs.values.reduce(0) { $0 + (rule.isMastered(run: $1) ? 1 : 0) }
    }

    /// Counts an attempt at `word` (normalized), `correct` or not, under `rule`.
    /// - Returns: the count of words mastered when the attempt made `word` mastered (it was not
    ///   before), else nil: the count changes one word at a time, and only a rise can meet a rule.
    /// - Complexity: O(length of the word) expected: one hash of the word for a word kept (its run
    ///   stepped and, when it falls to 0, removed in place), two for a word's first right answer.
    @inline(__always)
    mutating func record(_ word: String, correct: Bool, rule: SpellingMasteryRule) -> Int? {
        let before: Int, after: Int
        if let index = runs.index(forKey: word) {
            before = runs.values[index]
            after = rule.run(after: before, correct: correct)
            if after == 0 { runs.remove(at: index) } else { runs.values[index] = after }
        } else {
            before = 0
            after = rule.run(after: 0, correct: correct)
            if after != 0 { runs[word] = after }
        }
        switch (rule.isMastered(run: before), rule.isMastered(run: after)) {
        case (false, true):
            count += 1
            return count
        case (true, false):
            count -= 1
            return nil
        default:
            return nil
        }
    }
}

extension MasteredWords: BinaryCodable {
    /// Reads what ``encode(to:)`` writes. Whether the count agrees with the runs depends on the
    /// mastery rule, which ``AchievementsState`` checks (``agrees(with:)``).
    /// - Throws: ``EventDecodingError`` for malformed bytes, a repeated word, a run below 1 (never
    ///   written: a word with no run is not kept) or a count outside 0 … the words kept.
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        count = try reader.readInt()
        runs = try [String: Int](decoding: &reader)
        if let word = runs.keys.sorted().first(where: { runs[$0]! < 1 }) {
            throw reader.error(.invalidValue, "the spelling word '\(word)' has a run of \(runs[word]!); a kept run is at least 1")
        }
        guard (0...runs.count).contains(count) else {
            throw reader.error(.invalidValue, "\(count) words mastered of \(runs.count) words with a run")
        }
    }

    /// Writes the count, then the runs in word order (deterministic bytes).
    package func encode(to writer: inout BinaryWriter) {
        count.encode(to: &writer)
        runs.encode(to: &writer)
    }

    /// Whether ``count`` is the number of words whose run `rule` calls mastered.
    func agrees(with rule: SpellingMasteryRule) -> Bool { self == MasteredWords(runs: runs, rule: rule) }
}
