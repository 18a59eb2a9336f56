import Events
import FSRS
import Foundation
import Projections

extension LogExporter {
    /// Writes the FSRS revlog CSV (`card_id,review_time,review_rating,review_state,review_duration`,
    /// each row as ``RevlogCSV/line(_:cardTexts:)`` writes it) of the reviews that were not undone, in log
    /// order, for the reviews that pass `filter`: every answer the learner's statistics count, so
    /// the file imported again (``Store/importRevlog(file:options:path:progress:)``) counts the same
    /// answers and time studied on the same days.
    ///
    /// - A cram review is a row in `review_state` 4 (Anki's filtered-deck answer), which FSRS
    ///   readers pass over (it changes no memory state) and the import reads as a cram review.
    /// - Undone reviews are left out, and so is every review the read models
    ///   leave out of a card's history (``CardHistory``: before the card's creation, after its
    ///   deletion or its deck's, by a profile that does not own it; only on logs the store did
    ///   not write). An
    ///   undo comes after its review in the log, so a first pass collects the ids of undone
    ///   reviews, and the second pass writes the rows.
    /// - `card_id` is, for a card imported from a revlog, the `card_id` it had in that file (an
    ///   integer, or its text in quotes); for any other card its
    ///   ``Identifier/revlogID``, a stable non-negative integer hashed from the whole UUID
    ///   (``RevlogExportCardIDs``, which also says what happens when two cards came with one id).
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
    /// Memory: per card, its history's undo window (at most ``CardHistoryRule/undoDepth`` ids, in
    /// one dense array: ``CardHistories``), its state and an imported card's `card_id`, plus the
    /// undone review ids.
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
        var cardIDs = RevlogExportCardIDs()
        let undone = try undoneReviews(through: last) { cardIDs.observe($0, filter: filter) }
        cardIDs.settle()
        try scanCountedReviews(through: last, undone: undone) { (event, card, entry) throws(ExportError) in
            let cardID = cardIDs.number(of: card)
            let row: RevlogRow
            switch entry {
            case .change:
                if case .cardReset = event.event { states[card] = nil }
                guard filter.includes(event) else { return }
                let state: RevlogRow.State = if case .cardReset = event.event { .manual } else { .rescheduled }
                row = RevlogRow(cardID: cardID, reviewTimeMs: event.occurred.instant.milliseconds, rating: 0, state: state,
                                durationMs: 0)
            case .scheduled(let record):
                let before = states[card]
                states[card] = scheduler.nextState(after: record, from: before, fuzzSeed: card.schedulerSeed)
                guard filter.includes(event) else { return }
                let state: RevlogRow.State = before.map { RevlogRow.State(rawValue: $0.phase.rawValue) ?? .review } ?? .new
                row = RevlogRow(cardID: cardID, reviewTimeMs: record.timeMs, rating: record.rating.rawValue, state: state,
                                durationMs: record.durationMs)
            case .cram(let record):
                guard filter.includes(event) else { return }
                row = RevlogRow(cardID: cardID, reviewTimeMs: record.timeMs, rating: record.rating.rawValue, state: .filtered,
                                durationMs: record.durationMs)
            }
            try file.write(RevlogCSV.line(row, cardTexts: cardIDs.texts))
            rows += 1
        }
        try file.commit()
        return ExportSummary(recordsRead: last, rowsWritten: rows, files: [path])
    }
}

/// What one counted event of a card is to its revlog (``LogExporter/scanCountedReviews(through:_:)``).
enum CountedEntry {
    /// A scheduled review: part of the card's FSRS history.
    case scheduled(ReviewRecord)
    /// A cram review: an answer the statistics count, no part of the FSRS history.
    case cram(ReviewRecord)
    /// A change by hand: a reset to new (after which the card's FSRS history starts again) or a
    /// due date set.
    case change
}

extension LogExporter {
    /// Calls `body` with every counted event of a card through `last` in log order: each review
    /// that is part of its card's history (``CardHistory``) and not undone, scheduled or cram, as
    /// a review record; and each counted change by hand. An undo comes after its review in the
    /// log, so a first pass collects the ids of undone reviews (``undoneReviews(through:observing:)``)
    /// and the second pass calls `body`.
    /// - Throws: ``ExportError`` for a damaged log, or what `body` throws.
    func scanCountedReviews(through last: UInt64,
                            _ body: (RecordedEvent, CardID, CountedEntry) throws(ExportError) -> Void) throws(ExportError) {
        try scanCountedReviews(through: last, undone: undoneReviews(through: last), body)
    }

    /// The first of the two passes of ``scanCountedReviews(through:_:)``: the ids of the reviews
    /// through `last` that an undo took back, with `observe` called with every event in log order.
    /// - Throws: ``ExportError`` for a damaged log.
    func undoneReviews(through last: UInt64,
                       observing observe: (RecordedEvent) -> Void = { _ in }) throws(ExportError) -> Set<EventID> {
        var undone: Set<EventID> = []
        var histories = CardHistories()
        var decks = DeckLifecycle()
        try scan(through: last, pass: 0, passes: 2) { (event) throws(ExportError) in
            observe(event)
            CardHistory.observeDecks(event, into: &decks)
            guard let card = CardHistory.card(of: event) else { return }
            if case .tookBack(let review) = histories.observe(event, of: card, decks: decks) {
                undone.insert(review)
            }
        }
        return undone
    }

    /// The second of the two passes of ``scanCountedReviews(through:_:)``, given the `undone`
    /// reviews the first found.
    /// - Throws: ``ExportError`` for a damaged log, or what `body` throws.
    func scanCountedReviews(through last: UInt64, undone: Set<EventID>,
                            _ body: (RecordedEvent, CardID, CountedEntry) throws(ExportError) -> Void) throws(ExportError) {
        var histories = CardHistories()
        var decks = DeckLifecycle()
        try scan(through: last, pass: 1, passes: 2) { (event) throws(ExportError) in
            CardHistory.observeDecks(event, into: &decks)
            guard let card = CardHistory.card(of: event) else { return }
            let outcome = histories.observe(event, of: card, decks: decks)
            if case .changed = outcome { return try body(event, card, .change) }
            guard outcome == .reviewed, case .reviewGraded(let review) = event.event, !undone.contains(event.id) else { return }
            let record = ReviewRecord(rating: FSRSRating(rawValue: Int(review.rating.rawValue)) ?? .again,
                                      timeMs: event.occurred.instant.milliseconds,
                                      utcOffsetMinutes: event.occurred.utcOffsetMinutes,
                                      durationMs: review.duration.milliseconds)
            try body(event, review.card, review.mode == .scheduled ? .scheduled(record) : .cram(record))
        }
    }
}

extension Identifier where Tag == CardTag {
    /// The card's integer id in revlog exports: the FNV-1a-64 hash of the UUID's 16 bytes
    /// (``StableHash/fnv1a64(_:seed:)``), shifted right by one, so it is never negative and
    /// always the same. Every byte counts: ids that share a prefix (time-ordered UUIDs made in
    /// the same millisecond, ids numbered in their last bytes) get ids of their own; two cards
    /// share one with odds of about 2⁻⁶³ a pair.
    public var revlogID: Int64 {
        Int64(bitPattern: withUnsafeBytes(of: uuid.uuid) { StableHash.fnv1a64($0) } >> 1)
    }
}
