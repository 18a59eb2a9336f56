import Events

/// What one profile has done with one word across every session and test.
///
/// Every `WordSpelled` attempt counts, first try or not. The run is the number of correct
/// answers in a row up to the latest attempt: a wrong answer resets it to zero. The word is
/// mastered while its run is at least ``SpellingMasteryRule/runLength`` (3 by default), so a
/// wrong answer after mastery takes mastery away again; ``firstMastered`` keeps when it was
/// first reached.
public struct SpellingWordProgress: Sendable, Equatable {
    /// The word's normalized key (see ``SpellingWord/normalized(_:)``).
    public let word: String
    /// How many attempts were made.
    public internal(set) var attempts: Int = 0
    /// How many of them were right.
    public internal(set) var correct: Int = 0
    /// Correct answers in a row, up to the latest attempt.
    public internal(set) var currentRun: Int = 0
    /// The longest run ever.
    public internal(set) var bestRun: Int = 0
    /// Hints shown, over every attempt.
    public internal(set) var hintsUsed: Int = 0
    /// Whether the current run reaches the mastery rule.
    public internal(set) var isMastered: Bool = false
    /// When the word was first mastered, if ever.
    public internal(set) var firstMastered: EventTime?
    /// When it was last practised.
    public internal(set) var lastPractised: EventTime

    /// The share of attempts that were right, 0...1.
    public var accuracy: Double { attempts == 0 ? 0 : Double(correct) / Double(attempts) }

    init(word: String, lastPractised: EventTime) {
        self.word = word
        self.lastPractised = lastPractised
    }

    /// Counts one attempt.
    mutating func record(correct isCorrect: Bool, hints: UInt32, at time: EventTime, rule: SpellingMasteryRule) {
        attempts += 1
        hintsUsed += Int(hints)
        lastPractised = time
        if isCorrect { correct += 1 }
        currentRun = rule.run(after: currentRun, correct: isCorrect)
        if currentRun > bestRun { bestRun = currentRun }
        isMastered = rule.isMastered(run: currentRun)
        if isMastered, firstMastered == nil { firstMastered = time }
    }

    /// Whether `self` is less accurate than `other` (exact: cross-multiplied counts), the order
    /// of ``SpellingProgress/wordsToPractise(profile:limit:)``; ties: more attempts first, then
    /// the word.
    func needsPractiseBefore(_ other: SpellingWordProgress) -> Bool {
        let lhs = correct * other.attempts, rhs = other.correct * attempts
        if lhs != rhs { return lhs < rhs }
        if attempts != other.attempts { return attempts > other.attempts }
        return word < other.word
    }
}

/// When a word counts as mastered: `runLength` correct answers in a row (3 by default).
///
/// The one home of the rule: the spelling read model (``SpellingWordProgress``) and the
/// achievements' mastered words (``MasteredWords``) both step a word's run and judge it here, so
/// `hindsight spelling`'s mastered words and the word-mastery achievements always agree.
public struct SpellingMasteryRule: Sendable, Equatable, Hashable {
    /// Correct answers in a row needed.
    public let runLength: Int

    /// A rule of `runLength` correct answers in a row (at least 1).
    public init(runLength: Int = 3) { self.runLength = max(1, runLength) }

    /// A word's run of correct answers in a row after an attempt, `correct` or not, when it was
    /// `run` before: one longer after a right answer, 0 after a wrong one (every attempt counts,
    /// first try or not, in any session or none).
    @inline(__always) public func run(after run: Int, correct: Bool) -> Int { correct ? run + 1 : 0 }

    /// Whether a word whose current run is `run` is mastered: the run reaches ``runLength``.
    @inline(__always) public func isMastered(run: Int) -> Bool { run >= runLength }
}

extension SpellingWordProgress: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        word = try String(from: &reader)
        attempts = try reader.readInt()
        correct = try reader.readInt()
        currentRun = try reader.readInt()
        bestRun = try reader.readInt()
        hintsUsed = try reader.readInt()
        isMastered = try reader.readBool()
        firstMastered = try EventTime?(from: &reader)
        lastPractised = try EventTime(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        word.encode(to: &writer)
        attempts.encode(to: &writer)
        correct.encode(to: &writer)
        currentRun.encode(to: &writer)
        bestRun.encode(to: &writer)
        hintsUsed.encode(to: &writer)
        isMastered.encode(to: &writer)
        firstMastered.encode(to: &writer)
        lastPractised.encode(to: &writer)
    }
}
