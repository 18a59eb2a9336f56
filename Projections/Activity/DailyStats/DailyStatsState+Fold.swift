import Events

// The DailyStats sub-fold: what each event adds to (or an undo takes from) its profile's local
// day. ``ActivityProjection`` decides the day and the review facts once and calls these.
extension DailyStatsState {
    /// Counts a review the ledger accepted.
    @inline(__always) mutating func counted(_ review: ReviewFact, profile: ProfileID) {
        counts[at: counts.index(of: ProfileDay(profile: profile, day: review.day), default: ActivityCounts.init)]
            .count(review, sign: 1)
    }

    /// Adds `counts` to day `day` of `profile` (a batch's run, see ``ActivityRun``).
    mutating func add(_ counts: ActivityCounts, profile: ProfileID, day: Int64) {
        self.counts[at: self.counts.index(of: ProfileDay(profile: profile, day: day), default: ActivityCounts.init)] += counts
    }

    /// Takes an undone review back out of its day (and its card out of the day's new cards
    /// when it was the card's first scheduled review).
    mutating func tookBack(_ undo: ReviewUndo) {
        update(profile: undo.profile, day: undo.removed.day) { $0.count(undo.removed, sign: -1) }
    }

    /// Counts an event other than a review on local day `day` of `profile`.
    @inline(__always) mutating func counted(_ event: ActivityEvent, profile: ProfileID, day: Int64) {
        switch event {
        case .spelled(_, let correct, _, let durationMs):
            update(profile, day) { counts in
                if correct { counts.wordsSpelledRight += 1 } else { counts.wordsSpelledWrong += 1 }
                counts.spellingTimeMs += durationMs
            }
        case .spellingStarted:
            update(profile, day) { $0.spellingSessions += 1 }
        case .storyGenerated:
            update(profile, day) { $0.storiesGenerated += 1 }
        case .storyFinished:
            update(profile, day) { $0.storiesRead += 1 }
        case .dictation(let words, let durationMs):
            update(profile, day) { counts in
                counts.dictations += 1
                counts.wordsDictated += Int(words)
                counts.dictationTimeMs += durationMs
            }
        default:
            break
        }
    }

    /// Changes the counts of `day` in place.
    @inline(__always) private mutating func update(_ profile: ProfileID, _ day: Int64,
                                                   _ change: (inout ActivityCounts) -> Void) {
        change(&counts[at: counts.index(of: ProfileDay(profile: profile, day: day), default: ActivityCounts.init)])
    }

    /// Changes the counts of `day`, dropping the day when nothing is left on it.
    private mutating func update(profile: ProfileID, day: Int64, _ change: (inout ActivityCounts) -> Void) {
        let key = ProfileDay(profile: profile, day: day)
        var dayCounts = counts[key] ?? ActivityCounts()
        change(&dayCounts)
        counts.update(key, to: dayCounts.isEmpty ? nil : dayCounts)
    }
}
