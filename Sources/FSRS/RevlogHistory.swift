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
    /// 1. rows that are not answers are dropped (rating 0, state 5 manual, state 4 filtered);
    /// 2. each card's rows are put in time order (ties keep file order);
    /// 3. the history starts at the first row of the last run of learning rows (state 0/1),
    ///    so a reset card starts over; a card with no learning row has no FSRS history and
    ///    is left out.
    ///
    /// Cards come in the order of their first row in the file. Every review gets
    /// `utcOffsetMinutes` (a revlog carries no time zone).
    /// - Complexity: O(n log n) for n rows.
    public static func histories(from rows: [RevlogRow], utcOffsetMinutes: Int) -> [RevlogHistory] {
        var order: [Int64] = []
        var byCard: [Int64: [(index: Int, row: RevlogRow)]] = [:]
        for (index, row) in rows.enumerated() where row.isAnswer {
            if byCard[row.cardID] == nil { order.append(row.cardID) }
            byCard[row.cardID, default: []].append((index, row))
        }
        return order.compactMap { cardID in
            let sorted = byCard[cardID, default: []]
                .sorted { ($0.row.reviewTimeMs, $0.index) < ($1.row.reviewTimeMs, $1.index) }
                .map(\.row)
            guard let lastLearning = sorted.lastIndex(where: { $0.state.isLearning }) else { return nil }
            var start = lastLearning
            while start > 0 && sorted[start - 1].state.isLearning { start -= 1 }
            let kept = Array(sorted[start...])
            let reviews = kept.map { row in
                ReviewRecord(rating: FSRSRating(rawValue: row.rating) ?? .again, timeMs: row.reviewTimeMs,
                             utcOffsetMinutes: utcOffsetMinutes, durationMs: row.durationMs)
            }
            return RevlogHistory(cardID: cardID, rows: kept, reviews: reviews)
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
