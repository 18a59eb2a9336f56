/// A card's FSRS history as read from a revlog: the rows that count, as review records.
public struct RevlogHistory: Sendable, Hashable {
    /// The card.
    public var cardID: Int64
    /// The rows that make the card's FSRS history, in time order.
    public var rows: [RevlogRow]
    /// The same rows as review records (scheduled, at the UTC offset given).
    public var reviews: [ReviewRecord]

    /// The FSRS history of every card in `rows` (the vectors README, "Which rows make a
    /// card's FSRS history"):
    /// 1. each card's rows are put in time order (ties keep file order);
    /// 2. rows that are not answers are passed over (rating 0, state 4 filtered, state 6
    ///    rescheduled), except that a manual row (state 5: a reset to new) ends the history
    ///    before it: the card is new again;
    /// 3. the history starts at the answer that starts the last learning run
    ///    (``RevlogRow/State/startsHistory(after:)``), so a reset card starts over; a card with
    ///    no learning answer since its last reset has no FSRS history and is left out.
    ///
    /// Cards come in the order of their first row in the file. Every review gets
    /// `utcOffsetMinutes` (a revlog carries no time zone).
    /// - Complexity: O(n log n) for n rows.
    public static func histories(from rows: [RevlogRow], utcOffsetMinutes: Int) -> [RevlogHistory] {
        cardsInTimeOrder(rows.filter { $0.isAnswer || $0.state == .manual }).compactMap { cardID, sorted in
            var start: Int?
            var previous: RevlogRow.State?
            for (index, row) in sorted.enumerated() {
                guard row.isAnswer else {
                    start = nil
                    previous = nil
                    continue
                }
                if row.state.startsHistory(after: previous) { start = index }
                if start != nil { previous = row.state }
            }
            guard let start else { return nil }
            let kept = Array(sorted[start...])
            let reviews = kept.map { row in
                ReviewRecord(rating: FSRSRating(rawValue: row.rating) ?? .again, timeMs: row.reviewTimeMs,
                             utcOffsetMinutes: utcOffsetMinutes, durationMs: row.durationMs)
            }
            return RevlogHistory(cardID: cardID, rows: kept, reviews: reviews)
        }
    }

    /// Every card's rows in time order (ties keep the order of `rows`), cards in the order of
    /// their first row in `rows`.
    /// - Complexity: O(n log n) for n rows.
    public static func cardsInTimeOrder(_ rows: [RevlogRow]) -> [(cardID: Int64, rows: [RevlogRow])] {
        var order: [Int64] = []
        var byCard: [Int64: [(index: Int, row: RevlogRow)]] = [:]
        for (index, row) in rows.enumerated() {
            if byCard[row.cardID] == nil { order.append(row.cardID) }
            byCard[row.cardID, default: []].append((index, row))
        }
        return order.map { cardID in
            (cardID, byCard[cardID, default: []]
                .sorted { ($0.row.reviewTimeMs, $0.index) < ($1.row.reviewTimeMs, $1.index) }
                .map(\.row))
        }
    }

    /// The revlog rows of a card's history as `scheduler` sees it: each counted review with
    /// the state the card was in before it (0 for the first, then learning, review or
    /// relearning); cram reviews as state 4 (filtered, which readers drop); undone reviews
    /// are left out. Reading the rows back gives the same counted history.
    public static func rows(cardID: Int64, history: [ReviewRecord], scheduler: Scheduler) -> [RevlogRow] {
        var rows: [RevlogRow] = []
        var state: CardState?
        for review in history where !review.isUndone {
            guard review.mode == .scheduled else {
                rows.append(RevlogRow(cardID: cardID, reviewTimeMs: review.timeMs, rating: review.rating.rawValue,
                                      state: .filtered, durationMs: review.durationMs))
                continue
            }
            let before: RevlogRow.State = state.map { RevlogRow.State(rawValue: $0.phase.rawValue) ?? .review } ?? .new
            rows.append(RevlogRow(cardID: cardID, reviewTimeMs: review.timeMs, rating: review.rating.rawValue,
                                  state: before, durationMs: review.durationMs))
            state = scheduler.nextState(after: review, from: state, fuzzSeed: cardID)
        }
        return rows
    }
}
