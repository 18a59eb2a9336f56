import Events

/// How an activity counts into DailyStats: which event adds what to which counter of its local
/// day (see ``ActivityCounter`` for the counters). The one place this is decided: the
/// one-event fold, a batch's same-day run (``PracticeRun``) and an undo all call these.
///
/// - A review adds one to its rating's counter; cram reviews to ``ActivityCounter/cramReviews``,
///   scheduled ones to ``ActivityCounter/scheduledReviews`` (and, rated hard or better, to
///   ``ActivityCounter/scheduledPassed``); a card's first scheduled review to
///   ``ActivityCounter/newCards``; its duration to ``ActivityCounter/reviewTimeMs``. An undo
///   takes all of it back (`sign` -1).
/// - A word spelled counts each `WordSpelled` event: a word spelled wrong, then right, counts
///   once in each column; its duration goes to ``ActivityCounter/spellingTimeMs``, its hints to
///   ``ActivityCounter/spellingHints``.
/// - A spelling session started, a story generated, a story read to its end (a re-read counts
///   again) and a dictation (its words and duration) each count once.
enum DailyStatsRule {
    /// Adds (`sign` 1) or takes back (`sign` -1) the review `review`.
    @inline(__always) static func count(_ review: ReviewFact, sign: Int64, into counts: inout ActivityCounts) {
        let ratingCounter: ActivityCounter = switch review.rating {
        case .again: .again
        case .hard: .hard
        case .good: .good
        case .easy: .easy
        }
        counts[ratingCounter] += sign
        if review.mode == .cram {
            counts[.cramReviews] += sign
        } else {
            counts[.scheduledReviews] += sign
            if review.rating != .again { counts[.scheduledPassed] += sign }
        }
        if review.wasFirst { counts[.newCards] += sign }
        counts[.reviewTimeMs] += sign * review.durationMs
    }

    /// Adds what `event` (any event but a review or an undo, which go through
    /// ``count(_:sign:into:)``) counts on its day; events that count nothing add nothing.
    @inline(__always) static func count(_ event: ActivityEvent, into counts: inout ActivityCounts) {
        switch event {
        case .spelled(let word):
            counts[word.correct ? .wordsSpelledRight : .wordsSpelledWrong] += 1
            counts[.spellingTimeMs] += word.durationMs
            counts[.spellingHints] += Int64(word.hintsUsed)
        case .spellingStarted:
            counts[.spellingSessions] += 1
        case .storyGenerated:
            counts[.storiesGenerated] += 1
        case .storyFinished:
            counts[.storiesRead] += 1
        case .dictation(let words, let durationMs):
            counts[.dictations] += 1
            counts[.wordsDictated] += Int64(words)
            counts[.dictationTimeMs] += durationMs
        default:
            break
        }
    }
}
