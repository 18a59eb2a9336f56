import Events
import FSRS
import Projections

/// The reviews true retention counts (``TrueRetentionRule``), recomputed from a store's log,
/// and the tables built from them.
///
/// **Where the interval at each review comes from.** The rule needs each card's phase and
/// interval *before* each review, as scheduled at the time (the parameters then in force, and
/// any reschedule). The vocabulary fold computes exactly those states, so this replays the
/// vocabulary fold over the log, one event at a time, and reads the card's state just before
/// each review: one pass, no second copy of the scheduling rules, nothing added to the read
/// models' snapshots or to their hot batch folds. Keeping a per-review record in a read model
/// instead would cost every app's every review (memory and snapshot bytes) for a statistic
/// read now and then.
///
/// Undone reviews are dropped when the fold takes them back (the card's undoable reviews fall),
/// and reviews no reader counts (``CardHistoryRule``) are never taken. A card is counted in
/// the deck it is in at the end of the log, as Anki's deck statistics count it.
public struct RetentionHistory: Sendable, Equatable {
    /// One counted review, with whose and which card it was.
    public struct Entry: Sendable, Hashable {
        /// The card's owner, who recorded the review.
        public let profile: ProfileID
        /// The card.
        public let card: CardID
        /// Its deck at the end of the log.
        public let deck: DeckID
        /// The review as the rule counts it.
        public let review: RetentionReview
    }

    /// The counted reviews, in log order.
    public let entries: [Entry]
    /// Every profile's answers counted by ``AnswerButtons`` (undone ones left out).
    public let answers: [ProfileID: AnswerButtons]
    /// The last log position read.
    public let position: UInt64

    /// The counted reviews of the log in `dataDirectory` through `asOf`, scheduled as the read
    /// models built with `configuration` schedule them.
    /// - Throws: ``HistoryError`` for a missing or damaged log or a cut beyond its end.
    /// - Complexity: O(events); memory O(cards + counted reviews).
    public static func read(dataDirectory: String, asOf: AsOf = .latest,
                            configuration: ReadModelConfiguration = ReadModelConfiguration()) async throws -> RetentionHistory {
        var replay = Replay(configuration: configuration)
        let position = try await LogHistory(dataDirectory: dataDirectory).forEachBatch(asOf: asOf) { batch in
            for event in batch { replay.apply(event) }
        }
        return RetentionHistory(entries: replay.entries(), answers: replay.answers(), position: position)
    }

    /// The counted reviews of `events` (a whole log in position order), as ``read(dataDirectory:asOf:configuration:)``.
    /// - Complexity: O(events).
    public static func recompute(_ events: some Sequence<RecordedEvent>,
                                 configuration: ReadModelConfiguration = ReadModelConfiguration()) -> RetentionHistory {
        var replay = Replay(configuration: configuration)
        var position: UInt64 = 0
        for event in events {
            replay.apply(event)
            position = event.position
        }
        return RetentionHistory(entries: replay.entries(), answers: replay.answers(), position: position)
    }

    /// True retention of `profile`'s reviews (only those of cards now in `deck`, when given) by `period`.
    /// - Complexity: O(n + p log p) for n counted reviews in p periods.
    public func table(profile: ProfileID, deck: DeckID? = nil, by period: RetentionPeriod) -> TrueRetentionTable {
        TrueRetentionTable(entries.lazy.filter { $0.profile == profile && (deck == nil || $0.deck == deck) }.map(\.review),
                           by: period)
    }

    /// `profile`'s answer buttons by card age (none counted when it has no answers).
    /// - Complexity: O(1).
    public func answerButtons(profile: ProfileID) -> AnswerButtons { answers[profile] ?? AnswerButtons() }

    /// The vocabulary fold, one event at a time, noting each counted review's state before it.
    private struct Replay {
        let projection: VocabularyProjection
        var state: VocabularyState
        var pending: [(id: EventID, profile: ProfileID, card: CardID, review: RetentionReview)] = []
        var pendingAnswers: [(id: EventID, profile: ProfileID, rating: Rating, age: AnswerAge)] = []
        var undone: Set<EventID> = []

        init(configuration: ReadModelConfiguration) {
            projection = VocabularyProjection(configuration: configuration.scheduler,
                                              dailyNewCardLimit: configuration.dailyNewCardLimit)
            state = projection.makeInitialState()
        }

        mutating func apply(_ event: RecordedEvent) {
            switch event.event {
            case .reviewGraded(let review):
                if let (card, schedule) = state.scheduledStanding(of: review.card),
                   CardHistoryRule.counts(isGone: card.isGone, recordedByOwner: card.profile == event.profile) {
                    if let age = AnswerButtons.age(mode: review.mode, before: schedule) {
                        pendingAnswers.append((event.id, event.profile, review.rating, age))
                    }
                    if let maturity = TrueRetentionRule.maturity(mode: review.mode, before: schedule) {
                        pending.append((event.id, event.profile, review.card,
                                        RetentionReview(day: state.localDay(of: event.occurred, profile: event.profile),
                                                        maturity: maturity, passed: TrueRetentionRule.passes(review.rating))))
                    }
                }
            case .reviewUndone(let undo):
                let before = state.card(undo.card)?.undoableReviews ?? 0
                projection.apply(event, to: &state)
                if (state.card(undo.card)?.undoableReviews ?? 0) < before { undone.insert(undo.review) }
                return
            default: break
            }
            projection.apply(event, to: &state)
        }

        func answers() -> [ProfileID: AnswerButtons] {
            var answers: [ProfileID: AnswerButtons] = [:]
            for answer in pendingAnswers where !undone.contains(answer.id) {
                answers[answer.profile, default: AnswerButtons()].count(answer.rating, at: answer.age)
            }
            return answers
        }

        func entries() -> [Entry] {
            // Sized once: one entry a counted review (a growing array would hold up to twice that).
            var entries: [Entry] = []
            entries.reserveCapacity(pending.count)
            for entry in pending where !undone.contains(entry.id) {
                guard let deck = state.standing(of: entry.card)?.deck else { continue }
                entries.append(Entry(profile: entry.profile, card: entry.card, deck: deck, review: entry.review))
            }
            return entries
        }
    }
}
