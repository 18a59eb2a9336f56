import Events

/// Folds the log into ``ActivityState``: daily stats, streaks and achievements in one pass.
///
/// Per event, the local day is computed once and, for a review, the ledger is looked up once;
/// the facts are then handed to each part's sub-fold. Undone reviews are taken back out of every
/// part (see ``ReviewLedger`` for the bounded memory that needs). Never throws: events about
/// unknown cards and events of no interest are ignored.
package struct ActivityProjection: Projection {
    package typealias State = ActivityState

    package static let name = "activity"
    /// 3: the review ledger remembers 8 reviews per card (was 4), as deep as undo goes.
    /// 4: the achievements keep each spelling test's words and each open session's tally, for
    /// the perfect-spelling rule.
    /// 5: each open session's tally remembers its profile, which has at most one open (a new
    /// start abandons the one left open).
    /// 6: the ledger remembers deleted cards (their ids are never reused); an undo counts only
    /// from the card's owner, and only for the latest scheduled review (the card-history rules
    /// the vocabulary read model and the audit share).
    /// 7: the ledger follows decks (created, deleted, each card's): a deleted deck's cards are gone.
    /// 8: durations count at most a day (a foreign log's longer ones overflowed the sums).
    /// 9: each profile's achievements keep its best day's DailyStats counts (progress toward
    /// one-day conditions).
    /// 10: a DailyStats counter of hints shown while spelling.
    /// 11: the default rules include 50 reviews in one local day.
    /// 12: a dictation finished is practice (it makes its day active for streaks and achievements).
    /// 13: a spelling test deleted is forgotten by the perfect-session tallies.
    /// 14: a card reset to new or given a due date by hand: its reviews can no longer be undone.
    /// 15: each profile's perfect spelling sessions per test, and an open session's test (the
    /// default rules include a test perfect three times); the mastery rule's run length and each
    /// profile's spelling words' runs and count mastered (the default rules include a word and
    /// ten words mastered).
    package static let version: UInt32 = 15

    /// The achievement rule table.
    package let rules: [AchievementRule]
    /// The cut-off hour of profiles that never changed theirs.
    package let defaultCutoffHour: Int
    /// When a spelling word counts as mastered: the spelling read model's rule, as configured.
    package let mastery: SpellingMasteryRule
    package let fingerprint: UInt64

    /// A fold over the achievement `rules`, with days starting at `defaultCutoffHour` unless a
    /// profile changes it, and spelling words mastered by `mastery` (pass the spelling read
    /// model's, so both agree).
    /// - Throws: ``AchievementRuleError`` when the table has an empty or repeated id or a target below 1.
    package init(rules: [AchievementRule] = AchievementRule.defaultTable, defaultCutoffHour: Int,
                 mastery: SpellingMasteryRule = SpellingMasteryRule()) throws(AchievementRuleError) {
        try AchievementRule.validate(rules)
        self.rules = rules
        self.defaultCutoffHour = defaultCutoffHour
        self.mastery = mastery
        var writer = BinaryWriter()
        rules.encode(to: &writer)
        fingerprint = StableHash.combine(UInt64(bitPattern: Int64(defaultCutoffHour)), StableHash.fnv1a64(writer.bytes),
                                         UInt64(mastery.runLength))
    }

    package func makeInitialState() -> State { State(rules: rules, defaultCutoffHour: defaultCutoffHour, mastery: mastery) }

    /// Reviews and their undos, practice (spelling, stories, dictation), spelling tests' words
    /// (what a perfect session must spell), cards and decks created, moved and deleted (the
    /// ledger), cards reset or given a due date by hand (the ledger forgets their reviews for
    /// undo) and day cut-off changes.
    package var kinds: EventKindSet {
        EventKindSet(.reviewGraded, .reviewUndone, .wordSpelled, .spellingTestCreated, .spellingTestEdited, .spellingTestDeleted,
                     .spellingPracticeStarted, .spellingPracticeEnded, .storyRead, .storyGenerated, .dictationFinished,
                     .cardCreated, .cardMoved, .cardDeleted, .cardReset, .cardDueSet, .deckCreated, .deckDeleted,
                     .dayCutoffChanged)
    }

    /// How many events ahead the batch fold looks up cards (see `ActivityProjection+Batch.swift`),
    /// 1 through ``maximumPrefetchDistance``: a tuning knob for benchmarks, with no effect on
    /// the state.
    package var prefetchDistance = 8 {
        didSet { prefetchDistance = min(max(prefetchDistance, 1), Self.maximumPrefetchDistance) }
    }

    /// - Complexity: O(1) per event for practice on the latest day (a rule-table walk when a
    ///   count reaches a target or a day becomes active); O(runs) for late events.
    package func apply(_ event: RecordedEvent, to state: inout State) {
        var run = ActivityRun(isBatch: false)
        withUnsafePointer(to: event) { fold($0, lookahead: .none, run: &run, to: &state) }
        run.flush(into: &state)
    }

    /// Folds the event at `event`, reading it in place (its payload's facts as ``ActivityEvent``:
    /// no copy of the `DomainEvent`); a review's or an undo's card is found through `lookahead`
    /// when it is still good (see ``ReviewLedger/bucket(of:lookahead:)``), so the result never
    /// depends on it. Practice on the day of the open `run` is absorbed by it (see
    /// ``ActivityRun``); the caller flushes the run into `state` when it is done.
    @inline(__always)
    func fold(_ event: UnsafePointer<RecordedEvent>, lookahead: CardLookahead, run: inout ActivityRun,
              to state: inout State) {
        let profile = event.pointee.profile
        let activity = ActivityEvent(event)
        switch activity {
        case .review(let card, let rating, let mode, let durationMs):
            let day = run.day(of: event.pointee.occurred, profile: profile, calendar: state.calendar)
            guard let bucket = state.ledger.bucket(of: card, lookahead: lookahead),
                  let fact = state.ledger.record(ReviewFact(day: day, rating: rating, mode: mode, durationMs: durationMs,
                                                            wasFirst: false),
                                                 id: event.pointee.id, profile: profile, bucket: bucket)
            else { return }
            if activity.makesDayActive && run.absorb(fact, profile: profile) { return }
            run.flush(profile, into: &state)
            let dayCounts = state.dailyStats.counted(fact, profile: profile)
            let reviewsLeft = state.achievements.reviewed(profile, dayCounts: dayCounts, unlocking: Self.unlock(at: event))
            activeDay(activity, profile: profile, day: day, dayCounts: dayCounts, reviewsLeft: reviewsLeft, at: event,
                      run: &run, state: &state)
        case .undo(let card, let review):
            run.flush(into: &state)
            guard let bucket = state.ledger.bucket(of: card, lookahead: lookahead),
                  let undo = state.ledger.undo(review, by: profile, bucket: bucket) else { return }
            state.dailyStats.tookBack(undo)
            state.streaks.tookBack(undo.profile, on: undo.removed.day)
            state.achievements.tookBack(undo)
        case .spelled(let word):
            let day = run.day(of: event.pointee.occurred, profile: profile, calendar: state.calendar)
            // The session's tally and the word's run only (no count a run holds).
            state.achievements.spelled(in: word.session, correct: word.correct, rightFirstTry: word.rightFirstTry) {
                ActivityEvent.word(spelledAt: event)
            }
            state.achievements.spelled({ ActivityEvent.word(spelledAt: event) }, correct: word.correct, profile: profile,
                                       unlocking: Self.unlock(at: event))
            count(activity, profile: profile, day: day, at: event, run: &run, state: &state)
        case .spellingTestListed:
            // The test's words only (nothing a run holds): the run stays open.
            state.achievements.noteSpellingTest(event.pointee.event)
        case .spellingStarted(let session, let test):
            count(activity, profile: profile, day: run.day(of: event.pointee.occurred, profile: profile, calendar: state.calendar),
                  at: event, run: &run, state: &state)
            state.achievements.started(session, test: test, profile: profile)
        case .spellingEnded(let session):
            // Reads only the tally and the unlocks, never what a run holds.
            state.achievements.ended(session, profile: profile, unlocking: Self.unlock(at: event))
        case .storyFinished(let story):
            run.flush(profile, into: &state)
            let day = run.day(of: event.pointee.occurred, profile: profile, calendar: state.calendar)
            let dayCounts = state.dailyStats.counted(activity, profile: profile, day: day)
            state.achievements.finished(story, profile: profile, dayCounts: dayCounts, unlocking: Self.unlock(at: event))
            activeDay(activity, profile: profile, day: day, dayCounts: dayCounts, reviewsLeft: 0, at: event, run: &run, state: &state)
        case .storyGenerated, .dictation:
            count(activity, profile: profile, day: run.day(of: event.pointee.occurred, profile: profile, calendar: state.calendar),
                  at: event, run: &run, state: &state)
        case .cardCreated(let card, let deck):
            state.ledger.cardCreated(card, profile: profile, deck: deck)
        case .cardMoved(let card, let deck):
            state.ledger.cardMoved(card, to: deck)
        case .cardDeleted(let card):
            state.ledger.cardDeleted(card)
        case .cardChanged(let card, let change):
            state.ledger.changed(card, by: change, profile: profile)
        case .deckCreated(let deck):
            state.ledger.deckCreated(deck)
        case .deckDeleted(let deck):
            state.ledger.deckDeleted(deck)
        case .cutoffChanged:
            run.flush(into: &state)
            run.forgetDay()
            state.observeCutoff(event.pointee)
        case .ignored:
            break
        }
    }

    /// Counts `activity` (any but a review, whose ledger and review targets need the full fold)
    /// on `day` of `profile` into DailyStats, and, when the streak rule calls it practice
    /// (``ActivityEvent/makesDayActive``), into the streak and the achievements' active days.
    /// Practice on the day of `profile`'s open run is absorbed by it; practice otherwise goes
    /// through the full fold and opens a run. What is not practice only adds to the day's
    /// counts, which a run's flush commutes with, so an open run stays open.
    @inline(__always) func count(_ activity: ActivityEvent, profile: ProfileID, day: Int64, at event: UnsafePointer<RecordedEvent>,
                                 run: inout ActivityRun, state: inout State) {
        guard activity.makesDayActive else {
            let dayCounts = state.dailyStats.counted(activity, profile: profile, day: day)
            state.achievements.counted(profile, dayCounts: dayCounts)
            return
        }
        if run.absorb(activity, profile: profile, day: day) { return }
        run.flush(profile, into: &state)
        let dayCounts = state.dailyStats.counted(activity, profile: profile, day: day)
        state.achievements.counted(profile, dayCounts: dayCounts)
        activeDay(activity, profile: profile, day: day, dayCounts: dayCounts, reviewsLeft: 0, at: event, run: &run, state: &state)
    }

    /// The streak rule's effect of `activity` (already counted: `day` of `profile` now counts
    /// `dayCounts`): when it is practice, the day is active in the streak and the achievements
    /// (which unlock the day rules it completes), and a batch opens a run on the day that may
    /// absorb up to `reviewsLeft` reviews.
    @inline(__always) func activeDay(_ activity: ActivityEvent, profile: ProfileID, day: Int64, dayCounts: ActivityCounts,
                                     reviewsLeft: Int, at event: UnsafePointer<RecordedEvent>,
                                     run: inout ActivityRun, state: inout State) {
        guard activity.makesDayActive else { return }
        state.streaks.practised(profile, on: day)
        state.achievements.practised(profile, on: day, unlocking: Self.unlock(at: event))
        run.open(profile, on: day, reviewsLeft: reviewsLeft, in: &state)
    }

    /// The unlock `event` gives an achievement it earns.
    @inline(__always) static func unlock(at event: UnsafePointer<RecordedEvent>) -> Unlock {
        Unlock(position: event.pointee.position, time: event.pointee.occurred)
    }
}
