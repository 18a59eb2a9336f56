import Events
import FSRS
import Foundation
import Projections

extension LogExporter {
    /// Writes the FSRS revlog CSV (`card_id,review_time,review_rating,review_state,review_duration`,
    /// as ``RevlogCSV/write(_:cardTexts:)`` writes it) of the scheduled reviews that were not undone, in log
    /// order, for the reviews that pass `filter`.
    ///
    /// - Cram reviews and undone reviews are left out, and so is every review the read models
    ///   leave out of a card's history (``CardHistory``: before the card's creation, after its
    ///   deletion or its deck's, by a profile that does not own it; only on logs the store did
    ///   not write). An
    ///   undo comes after its review in the log, so a first pass collects the ids of undone
    ///   reviews, and the second pass writes the rows.
    /// - `card_id` is the card UUID's first 63 bits (its first 8 bytes read big-endian, shifted
    ///   right by one): a stable, non-negative integer, the same in every export.
    /// - `review_time` is the instant the review happened (ms since the epoch, UTC); `review_duration`
    ///   the time taken (ms); `review_rating` 1-4.
    /// - A reset to new is a row `card_id,time,0,5,0` (Anki's manual entry), after which the
    ///   card's states start again from a new card; a due date set is `card_id,time,0,6,0`
    ///   (Anki's rescheduling entry). Readers that keep only answers drop both.
    /// - `review_state` is the card's phase before the review, replayed with `scheduler` over the
    ///   card's counted reviews (every one, also those the filter leaves out, so the state is
    ///   right): 0 for its first review, 1 learning, 2 review, 3 relearning. The scheduler is
    ///   seeded per card as the read models seed it (``CardID/schedulerSeed``).
    ///
    /// Memory: per card, its history's undo window (at most ``CardHistoryRule/undoDepth`` ids) and state,
    /// plus the undone review ids.
    /// - Throws: ``ExportError`` as ``exportJSONLines(to:filter:)``.
    public func exportRevlog(to path: String, filter: ExportFilter = ExportFilter(),
                             scheduler configuration: SchedulerConfiguration = .standard) throws(ExportError) -> ExportSummary {
        let last = try lastPosition()
        defer { progress?.finish() }
        let scheduler = Scheduler(configuration: configuration)
        let file = try ExportOutputFile(path: path)
        try file.write(RevlogCSV.header + "\n")
        var states: [CardID: CardState] = [:]
        var rows = 0
        try scanCountedReviews(through: last) { (event, card, record) throws(ExportError) in
            guard let record else {
                if case .cardReset = event.event { states[card] = nil }
                guard filter.includes(event) else { return }
                let state: RevlogRow.State = if case .cardReset = event.event { .manual } else { .rescheduled }
                try file.write("\(card.revlogID),\(event.occurred.instant.milliseconds),0,\(state.rawValue),0\n")
                rows += 1
                return
            }
            let before = states[card]
            states[card] = scheduler.nextState(after: record, from: before, fuzzSeed: card.schedulerSeed)
            guard filter.includes(event) else { return }
            let state: RevlogRow.State = before.map { RevlogRow.State(rawValue: $0.phase.rawValue) ?? .review } ?? .new
            let row = RevlogRow(cardID: card.revlogID, reviewTimeMs: record.timeMs,
                                rating: record.rating.rawValue, state: state, durationMs: record.durationMs)
            try file.write("\(row.cardID),\(row.reviewTimeMs),\(row.rating),\(row.state.rawValue),\(row.durationMs)\n")
            rows += 1
        }
        try file.commit()
        return ExportSummary(recordsRead: last, rowsWritten: rows, files: [path])
    }
}

extension LogExporter {
    /// Calls `body` with every counted review through `last` in log order: scheduled, part of its
    /// card's history (``CardHistory``) and not undone, as the card's id and a review record; and
    /// with every counted change by hand (a reset to new, after which the card's FSRS history
    /// starts again, or a due date set), with no record. An undo comes after its review in the
    /// log, so a first pass collects the ids of undone reviews and the second pass calls `body`.
    /// - Throws: ``ExportError`` for a damaged log, or what `body` throws.
    func scanCountedReviews(through last: UInt64,
                            _ body: (RecordedEvent, CardID, ReviewRecord?) throws(ExportError) -> Void) throws(ExportError) {
        var undone: Set<EventID> = []
        var histories: [CardID: CardHistory] = [:]
        var decks = DeckLifecycle()
        try scan(through: last, pass: 0, passes: 2) { (event) throws(ExportError) in
            CardHistory.observeDecks(event, into: &decks)
            guard let card = CardHistory.card(of: event) else { return }
            if case .tookBack(let review) = histories[card, default: CardHistory()].observe(event, decks: decks) {
                undone.insert(review)
            }
        }
        histories.removeAll()
        decks = DeckLifecycle()
        try scan(through: last, pass: 1, passes: 2) { (event) throws(ExportError) in
            CardHistory.observeDecks(event, into: &decks)
            guard let card = CardHistory.card(of: event) else { return }
            let outcome = histories[card, default: CardHistory()].observe(event, decks: decks)
            if case .changed = outcome { return try body(event, card, nil) }
            guard outcome == .reviewed, case .reviewGraded(let review) = event.event, review.mode == .scheduled,
                  !undone.contains(event.id) else { return }
            let record = ReviewRecord(rating: FSRSRating(rawValue: Int(review.rating.rawValue)) ?? .again,
                                      timeMs: event.occurred.instant.milliseconds,
                                      utcOffsetMinutes: event.occurred.utcOffsetMinutes,
                                      durationMs: review.duration.milliseconds)
            try body(event, review.card, record)
        }
    }
}

extension Identifier where Tag == CardTag {
    /// The card's integer id in revlog exports: the UUID's first 63 bits (its first 8 bytes
    /// big-endian, shifted right by one), so it is never negative and always the same.
    public var revlogID: Int64 {
        let bytes = uuid.uuid
        let high = [bytes.0, bytes.1, bytes.2, bytes.3, bytes.4, bytes.5, bytes.6, bytes.7]
            .reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return Int64(high >> 1)
    }
}
