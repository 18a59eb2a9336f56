import Foundation
import Events
import FSRS
import Projections

/// Turns a revlog's rows into the events of one import, on the store's current state. Pure.
///
/// Every row is kept as history (``RevlogCardWalk``: what each row becomes). For each card: the
/// card, created at its first row's time in the import's deck, then its rows' events: answers
/// of every kind as reviews with their durations (scheduled, or cram where the row does not
/// change the FSRS state), resets and due dates set. Before them, as needed: the profile (when
/// new), its day cut-off (when given and different), the deck (when new). Cards and reviews are put in time order across the file
/// (ties: a card's creation first, then file order), so read models fold them as they happened.
/// Every id derives from the file's facts (``ImportIdentity``), so a repeated import finds them.
struct RevlogImportPlan {
    let options: RevlogImportOptions
    let path: String?
    let profiles: ProfileDirectory
    let vocabulary: VocabularyState
    let ledger: CommandLedger
    /// Whether the log holds an event of this id (``Store/loggedPosition(of:in:path:)``).
    let isLogged: (EventID) throws(ImportError) -> Bool

    /// What the plan built.
    struct Output {
        var batch: ImportBatch
        var cards: Int
        var reviews: Int
    }

    /// The events for `rows`.
    /// - Throws: ``ImportError`` `invalidOption`, `invalidTarget` (a deleted profile, deck or
    ///   card), `reviewOutOfOrder` or `badRevlogLine` (also for a `review_time` outside
    ///   ``Timestamp/allowedRange``), naming the line where one is to blame.
    func build(_ rows: [RevlogRow]) throws(ImportError) -> Output {
        let offset = try utcOffset()
        let deckName = options.deckName.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !deckName.isEmpty else { throw ImportError(.invalidOption, "the deck name is empty; give the deck a name", path: path) }
        if let hour = options.dayCutoffHour, !(0...23).contains(hour) {
            throw ImportError(.invalidOption, "the day cut-off hour \(hour) is not 0 … 23", path: path)
        }
        if let row = rows.first(where: { !Timestamp(milliseconds: $0.reviewTimeMs).isAllowed }) {
            throw ImportError(.badRevlogLine, "review_time \(row.reviewTimeMs) is outside \(Timestamp.allowedRangeText); "
                              + "fix or remove the row", path: path, line: row.line)
        }
        let cards = RevlogHistory.cardsInTimeOrder(rows)
        var batch = ImportBatch(path: path)
        guard let earliest = cards.map({ $0.rows[0].reviewTimeMs }).min() else {
            return Output(batch: batch, cards: 0, reviews: 0)
        }
        let start = EventTime(instant: Timestamp(milliseconds: earliest), utcOffset: offset)
        let firstLine = cards.map { $0.rows[0].line }.min() ?? 0
        try addProfileAndDeck(deckName, at: start, line: firstLine, into: &batch)
        let deck = ImportIdentity.deck(options.profile, name: deckName)
        var items: [(timeMs: Int64, order: Int, card: Int, step: Int, pending: PendingEvent, line: Int)] = []
        var reviews = 0
        for (cardIndex, history) in cards.enumerated() {
            let card = ImportIdentity.card(options.profile, revlogCard: history.cardID)
            let first = history.rows[0]
            let lastInstant = try existingCard(card, firstLine: first.line)
            if lastInstant == nil && vocabulary.card(card) == nil {
                let created = CardCreated(card: card, deck: deck, front: "revlog card \(history.cardID)", back: "imported from \(deckName)")
                let id = ImportIdentity.uuid(options.profile, .cardCreated, [history.cardID])
                items.append((first.reviewTimeMs, 0, cardIndex, 0,
                              pending(id, .card(card), at: first.reviewTimeMs, offset, .cardCreated(created)), first.line))
            }
            var walk = RevlogCardWalk()
            var occurrences: [ImportIdentity.Kind: [Int64: Int64]] = [:]
            for row in history.rows {
                for step in walk.steps(for: row) {
                    let kind = Self.identityKind(of: step)
                    let occurrence = occurrences[kind, default: [:]][row.reviewTimeMs, default: 0]
                    occurrences[kind, default: [:]][row.reviewTimeMs] = occurrence + 1
                    let id = ImportIdentity.uuid(options.profile, kind, [history.cardID, row.reviewTimeMs, occurrence])
                    if try !isLogged(EventID(id)), let lastInstant, row.reviewTimeMs < lastInstant {
                        throw ImportError(.reviewOutOfOrder,
                                          "the review of card \(history.cardID) at \(row.reviewTimeMs) ms is dated before its latest review in the store (\(lastInstant) ms); import only newer reviews",
                                          path: path, line: row.line)
                    }
                    let event = try self.event(step, card, row)
                    if case .graded = step { reviews += 1 }
                    items.append((row.reviewTimeMs, 1, cardIndex, items.count,
                                  pending(id, .card(card), at: row.reviewTimeMs, offset, event), row.line))
                }
            }
        }
        items.sort { ($0.timeMs, $0.order, $0.card, $0.step) < ($1.timeMs, $1.order, $1.card, $1.step) }
        for item in items { batch.append(item.pending, line: item.line) }
        return Output(batch: batch, cards: cards.count, reviews: reviews)
    }

    /// The salt of a step's id: reviews keep the ids earlier versions derived.
    private static func identityKind(of step: RevlogCardWalk.Step) -> ImportIdentity.Kind {
        switch step {
        case .graded: .review
        case .reset(implied: false): .cardReset
        case .reset(implied: true): .impliedReset
        case .dueSet: .cardDueSet
        }
    }

    /// The event of `step` for `row`.
    /// - Throws: `badRevlogLine` when an answer's rating or duration is out of range.
    private func event(_ step: RevlogCardWalk.Step, _ card: CardID, _ row: RevlogRow) throws(ImportError) -> DomainEvent {
        switch step {
        case .graded(let mode): .reviewGraded(try graded(card, row, mode))
        case .reset: .cardReset(CardReset(card: card))
        case .dueSet: .cardDueSet(CardDueSet(card: card, due: nil))
        }
    }

    private func utcOffset() throws(ImportError) -> UTCOffset {
        let (seconds, overflow) = options.utcOffsetMinutes.multipliedReportingOverflow(by: 60)
        guard !overflow, let offset = try? UTCOffset(seconds: seconds) else {
            throw ImportError(.invalidOption, "the UTC offset \(options.utcOffsetMinutes) minutes is out of range; give -1080 … 1080", path: path)
        }
        return offset
    }

    /// The profile (if new), its day cut-off (if it changes) and the deck (if new).
    private func addProfileAndDeck(_ deckName: String, at time: EventTime, line: Int, into batch: inout ImportBatch) throws(ImportError) {
        let profile = options.profile
        let stream = StreamID.profile(profile)
        let currentCutoff = profiles.scheduler(profile: profile).dayCutoffHour
        if let record = profiles.profile(profile) {
            guard !record.isDeleted else {
                throw ImportError(.invalidTarget, "profile \(profile) was deleted; import into an existing profile", path: path)
            }
        } else {
            let name = PersonalDataReference(key: ImportIdentity.uuid(profile, .profileCreated, [1]))
            let id = ImportIdentity.uuid(profile, .profileCreated, [0])
            batch.append(PendingEvent(id: EventID(id), stream: stream, profile: profile, occurred: time,
                                      event: .profileCreated(ProfileCreated(profile: profile, name: name, isChild: false))),
                         line: line, personalData: [(name, .text(options.newProfileName))])
        }
        if let hour = options.dayCutoffHour, hour != currentCutoff {
            let id = ImportIdentity.uuid(profile, .dayCutoff, [Int64(hour), Int64(ledger.version(of: stream))])
            guard let value = try? HourOfDay(hour) else {
                throw ImportError(.invalidOption, "the day cut-off hour \(hour) is not 0 … 23", path: path)
            }
            batch.append(PendingEvent(id: EventID(id), stream: stream, profile: profile, occurred: time,
                                      event: .dayCutoffChanged(DayCutoffChanged(hour: value))), line: line)
        }
        let deck = ImportIdentity.deck(profile, name: deckName)
        if let existing = vocabulary.decks(of: profile, includingDeleted: true).first(where: { $0.id == deck }) {
            guard !existing.isDeleted else {
                throw ImportError(.invalidTarget, "deck '\(deckName)' was deleted; import into another deck (--deck)", path: path)
            }
        } else {
            let id = ImportIdentity.uuid(profile, .deckCreated, [ImportIdentity.number(deckName)])
            batch.append(PendingEvent(id: EventID(id), stream: .deck(deck), profile: profile, occurred: time,
                                      event: .deckCreated(DeckCreated(deck: deck, name: deckName))), line: line)
        }
    }

    /// The instant of the latest review of `card` already in the store (nil for a new card).
    /// - Throws: `invalidTarget` when the card was deleted.
    private func existingCard(_ card: CardID, firstLine: Int) throws(ImportError) -> Int64? {
        guard let summary = vocabulary.card(card) else { return nil }
        guard !summary.isGone else {
            throw ImportError(.invalidTarget, "card \(card) was deleted in the store; its reviews cannot be imported", path: path, line: firstLine)
        }
        return ledger.lastReviewInstantMs(of: card) ?? summary.created.instant.milliseconds
    }

    private func graded(_ card: CardID, _ row: RevlogRow, _ mode: ReviewMode) throws(ImportError) -> ReviewGraded {
        do {
            return ReviewGraded(card: card, rating: try Rating(validating: row.rating), mode: mode,
                                duration: try ElapsedTime(input: row.durationMs))
        } catch {
            throw ImportError(.badRevlogLine, "\(error.message); fix or remove the row", path: path, line: row.line)
        }
    }

    private func pending(_ id: UUID, _ stream: StreamID, at timeMs: Int64, _ offset: UTCOffset, _ event: DomainEvent) -> PendingEvent {
        PendingEvent(id: EventID(id), stream: stream, profile: options.profile,
                     occurred: EventTime(instant: Timestamp(milliseconds: timeMs), utcOffset: offset), event: event)
    }
}
