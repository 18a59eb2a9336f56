import Foundation
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

    /// A reviewed card: its id, owner and deck at the end of the log (nil if it has none: its
    /// reviews then count in no table, as in no deck).
    struct ReviewedCard: Sendable, Equatable {
        let card: CardID
        let profile: ProfileID
        let deck: DeckID?
    }

    /// One counted review in 32 bytes: its card (an index into ``cards``) and what true retention
    /// and the answer buttons count of it (``CountedAnswer``).
    struct CountedReview: Sendable, Equatable {
        /// The review's event id (to leave it out if an undo takes it back).
        let id: EventID
        /// Its local day.
        let day: Int64
        /// Its card's index in ``cards``.
        let card: UInt32
        /// What the two rules count of it.
        let answer: CountedAnswer
    }

    /// The reviewed cards, by index.
    let cards: [ReviewedCard]
    /// The counted reviews (for true retention, the answer buttons or both), in log order,
    /// undone ones left out: memory O(counted reviews) at 32 bytes each.
    let reviews: [CountedReview]
    /// Every profile's answers counted by ``AnswerButtons`` (undone ones left out).
    public let answers: [ProfileID: AnswerButtons]
    /// The last log position read.
    public let position: UInt64

    /// The reviews true retention counts, in log order (built on each call: the history keeps
    /// them compact).
    /// - Complexity: O(counted reviews).
    public var entries: [Entry] {
        reviews.compactMap { review in
            let card = cards[Int(review.card)]
            guard let deck = card.deck, let counted = review.answer.retention else { return nil }
            return Entry(profile: card.profile, card: card.card, deck: deck,
                         review: RetentionReview(day: review.day, maturity: counted.maturity, passed: counted.passed))
        }
    }

    /// The counted reviews of the log in `dataDirectory` through `asOf`, scheduled as the read
    /// models built with `configuration` schedule them.
    /// - Throws: ``HistoryError`` for a missing or damaged log or a cut beyond its end.
    /// - Complexity: O(events); memory O(cards + counted reviews), 32 bytes a counted review.
    public static func read(dataDirectory: String, asOf: AsOf = .latest,
                            configuration: ReadModelConfiguration = ReadModelConfiguration()) async throws -> RetentionHistory {
        var replay = Replay(configuration: configuration)
        let position = try await LogHistory(dataDirectory: dataDirectory).forEachBatch(asOf: asOf) { batch in
            for event in batch { replay.apply(event) }
        }
        return replay.finish(position: position)
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
        return replay.finish(position: position)
    }

    /// True retention of `profile`'s reviews (only those of cards now in `deck`, when given) by `period`.
    /// - Complexity: O(n + p log p) for n counted reviews in p periods.
    public func table(profile: ProfileID, deck: DeckID? = nil, by period: RetentionPeriod) -> TrueRetentionTable {
        let wanted = cards.map { $0.profile == profile && $0.deck != nil && (deck == nil || $0.deck == deck) }
        return TrueRetentionTable(reviews.lazy.compactMap { review in
            guard wanted[Int(review.card)], let counted = review.answer.retention else { return nil }
            return RetentionReview(day: review.day, maturity: counted.maturity, passed: counted.passed)
        }, by: period)
    }

    /// `profile`'s answer buttons by card age (none counted when it has no answers).
    /// - Complexity: O(1).
    public func answerButtons(profile: ProfileID) -> AnswerButtons { answers[profile] ?? AnswerButtons() }

    /// The vocabulary fold, one event at a time, noting each counted review's state before it.
    private struct Replay {
        let projection: VocabularyProjection
        var state: VocabularyState
        var cardIndex: [CardID: UInt32] = [:]
        var cards: [(card: CardID, profile: ProfileID)] = []
        var reviews: [CountedReview] = []
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
                    let answer = CountedAnswer(mode: review.mode, rating: review.rating, before: schedule)
                    if answer.counts {
                        reviews.append(CountedReview(id: event.id, day: state.localDay(of: event.occurred, profile: event.profile),
                                                     card: index(of: review.card, profile: event.profile), answer: answer))
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

        /// The index of `card` (owned by `profile`) in ``cards``, given at its first counted review.
        private mutating func index(of card: CardID, profile: ProfileID) -> UInt32 {
            if let index = cardIndex[card] { return index }
            let index = UInt32(cards.count)
            cardIndex[card] = index
            cards.append((card, profile))
            return index
        }

        /// The history: undone reviews left out (in place: the table is never held twice), each
        /// card in its deck at the end, the answers counted.
        consuming func finish(position: UInt64) -> RetentionHistory {
            if !undone.isEmpty { reviews.removeAll { undone.contains($0.id) } }
            var answers: [ProfileID: AnswerButtons] = [:]
            for review in reviews {
                guard let (rating, age) = review.answer.button else { continue }
                answers[cards[Int(review.card)].profile, default: AnswerButtons()].count(rating, at: age)
            }
            let reviewed = cards.map { ReviewedCard(card: $0.card, profile: $0.profile, deck: state.standing(of: $0.card)?.deck) }
            return RetentionHistory(cards: reviewed, reviews: reviews, answers: answers, position: position)
        }
    }
}
