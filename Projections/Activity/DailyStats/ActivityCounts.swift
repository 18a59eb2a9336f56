import Events

/// What a profile did over one local day (or, summed, over a range of days).
///
/// - Reviews are counted by rating, scheduled and cram alike; ``cramReviews`` says how many of
///   them were cram. ``retention`` looks at scheduled reviews only: cram practice is extra
///   rehearsal outside the schedule, so its grades say nothing about recall at the due date.
/// - ``newCards``: cards whose first scheduled review fell on the day.
/// - ``studyTimeMs``: review durations (scheduled and cram) + time spent on each word spelled
///   + dictation durations. Story reading is not timed (the events carry no duration).
/// - Spelling counts each `WordSpelled` event: a word spelled wrong, then right, counts once in
///   each column. ``spellingSessions`` counts sessions started on the day.
/// - ``storiesRead`` counts stories read to their end (a re-read counts again).
/// - An undone review is taken back out of every column it went into.
public struct ActivityCounts: Sendable, Equatable, Hashable, BinaryCodable {
    /// Reviews graded 1 (again), 2 (hard), 3 (good), 4 (easy): index `rating - 1`.
    public var reviewsByRating: [Int] { [again, hard, good, easy] }
    /// Reviews graded again.
    public var again = 0
    /// Reviews graded hard.
    public var hard = 0
    /// Reviews graded good.
    public var good = 0
    /// Reviews graded easy.
    public var easy = 0
    /// Of the reviews, how many were cram.
    public var cramReviews = 0
    /// Scheduled reviews (the denominator of ``retention``).
    public var scheduledReviews = 0
    /// Scheduled reviews passed (rating ≥ 2, hard or better).
    public var scheduledPassed = 0
    /// Cards reviewed on a schedule for the first time.
    public var newCards = 0
    /// Milliseconds spent on reviews.
    public var reviewTimeMs: Int64 = 0
    /// Milliseconds spent spelling words.
    public var spellingTimeMs: Int64 = 0
    /// Milliseconds spent dictating.
    public var dictationTimeMs: Int64 = 0
    /// Words spelled right (attempts).
    public var wordsSpelledRight = 0
    /// Words spelled wrong (attempts).
    public var wordsSpelledWrong = 0
    /// Spelling practice sessions started.
    public var spellingSessions = 0
    /// Stories generated.
    public var storiesGenerated = 0
    /// Stories read to the end.
    public var storiesRead = 0
    /// Words dictated.
    public var wordsDictated = 0
    /// Dictations finished.
    public var dictations = 0

    /// No activity.
    public init() {}

    /// All reviews, every rating and mode.
    public var reviews: Int { again + hard + good + easy }
    /// Time studied: reviews + spelling + dictation, in milliseconds.
    public var studyTimeMs: Int64 { reviewTimeMs + spellingTimeMs + dictationTimeMs }
    /// The share of scheduled reviews passed (rating ≥ 2), nil without scheduled reviews.
    public var retention: Double? {
        scheduledReviews == 0 ? nil : Double(scheduledPassed) / Double(scheduledReviews)
    }
    /// Whether nothing at all was counted.
    public var isEmpty: Bool { self == ActivityCounts() }

    /// Adds (`sign` 1) or takes back (`sign` -1) one review.
    @inline(__always) mutating func count(_ review: ReviewFact, sign: Int) {
        switch review.rating {
        case .again: again += sign
        case .hard: hard += sign
        case .good: good += sign
        case .easy: easy += sign
        }
        if review.mode == .cram {
            cramReviews += sign
        } else {
            scheduledReviews += sign
            if review.rating != .again { scheduledPassed += sign }
        }
        if review.wasFirst { newCards += sign }
        reviewTimeMs += Int64(sign) * review.durationMs
    }

    /// The column-by-column sum of two counts.
    public static func + (lhs: ActivityCounts, rhs: ActivityCounts) -> ActivityCounts {
        var sum = lhs
        sum += rhs
        return sum
    }

    /// Adds `rhs` column by column.
    public static func += (lhs: inout ActivityCounts, rhs: ActivityCounts) {
        lhs.again += rhs.again
        lhs.hard += rhs.hard
        lhs.good += rhs.good
        lhs.easy += rhs.easy
        lhs.cramReviews += rhs.cramReviews
        lhs.scheduledReviews += rhs.scheduledReviews
        lhs.scheduledPassed += rhs.scheduledPassed
        lhs.newCards += rhs.newCards
        lhs.reviewTimeMs += rhs.reviewTimeMs
        lhs.spellingTimeMs += rhs.spellingTimeMs
        lhs.dictationTimeMs += rhs.dictationTimeMs
        lhs.wordsSpelledRight += rhs.wordsSpelledRight
        lhs.wordsSpelledWrong += rhs.wordsSpelledWrong
        lhs.spellingSessions += rhs.spellingSessions
        lhs.storiesGenerated += rhs.storiesGenerated
        lhs.storiesRead += rhs.storiesRead
        lhs.wordsDictated += rhs.wordsDictated
        lhs.dictations += rhs.dictations
    }
}

extension ActivityCounts {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        again = try reader.readInt()
        hard = try reader.readInt()
        good = try reader.readInt()
        easy = try reader.readInt()
        cramReviews = try reader.readInt()
        scheduledReviews = try reader.readInt()
        scheduledPassed = try reader.readInt()
        newCards = try reader.readInt()
        reviewTimeMs = try reader.readInt64()
        spellingTimeMs = try reader.readInt64()
        dictationTimeMs = try reader.readInt64()
        wordsSpelledRight = try reader.readInt()
        wordsSpelledWrong = try reader.readInt()
        spellingSessions = try reader.readInt()
        storiesGenerated = try reader.readInt()
        storiesRead = try reader.readInt()
        wordsDictated = try reader.readInt()
        dictations = try reader.readInt()
    }

    package func encode(to writer: inout BinaryWriter) {
        again.encode(to: &writer)
        hard.encode(to: &writer)
        good.encode(to: &writer)
        easy.encode(to: &writer)
        cramReviews.encode(to: &writer)
        scheduledReviews.encode(to: &writer)
        scheduledPassed.encode(to: &writer)
        newCards.encode(to: &writer)
        reviewTimeMs.encode(to: &writer)
        spellingTimeMs.encode(to: &writer)
        dictationTimeMs.encode(to: &writer)
        wordsSpelledRight.encode(to: &writer)
        wordsSpelledWrong.encode(to: &writer)
        spellingSessions.encode(to: &writer)
        storiesGenerated.encode(to: &writer)
        storiesRead.encode(to: &writer)
        wordsDictated.encode(to: &writer)
        dictations.encode(to: &writer)
    }
}
