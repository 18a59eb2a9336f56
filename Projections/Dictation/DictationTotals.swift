import Events

/// What a profile dictated in one language (or in all): the dictations finished, their words and
/// their time, and the words per minute they make.
public struct DictationTotals: Sendable, Equatable {
    /// Dictations finished.
    public internal(set) var dictations = 0
    /// Words dictated, in every dictation.
    public internal(set) var words: Int64 = 0
    /// Words of the dictations that took some time (a duration above zero): what
    /// ``wordsPerMinute`` divides.
    public internal(set) var timedWords: Int64 = 0
    /// Time dictating, in milliseconds (each dictation's duration, at most a day).
    public internal(set) var durationMs: Int64 = 0

    /// Nothing dictated.
    public init() {}

    /// Counts one dictation of `words` words that took `durationMs`.
    mutating func count(words: UInt32, durationMs: Int64) {
        dictations += 1
        self.words += Int64(words)
        if durationMs > 0 {
            timedWords += Int64(words)
            self.durationMs += durationMs
        }
    }

    /// These totals and `other`'s together.
    func adding(_ other: DictationTotals) -> DictationTotals {
        var sum = self
        sum.dictations += other.dictations
        sum.words += other.words
        sum.timedWords += other.timedWords
        sum.durationMs += other.durationMs
        return sum
    }

    /// Words per minute: the words of the timed dictations over their minutes, nil before any
    /// dictation took time. The rate of all the time spent, not the mean of each dictation's
    /// rate, so a ten-second dictation weighs a sixth of a minute-long one, not as much; a
    /// dictation recorded with no duration has no rate to give and is left out.
    public var wordsPerMinute: Double? {
        durationMs > 0 ? Double(timedWords) * 60_000 / Double(durationMs) : nil
    }
}

extension DictationTotals: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        dictations = try reader.readInt()
        words = try Int64(from: &reader)
        timedWords = try Int64(from: &reader)
        durationMs = try Int64(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        dictations.encode(to: &writer)
        words.encode(to: &writer)
        timedWords.encode(to: &writer)
        durationMs.encode(to: &writer)
    }
}
