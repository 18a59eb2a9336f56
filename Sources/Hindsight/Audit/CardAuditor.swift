import Events
import FSRS
import Foundation
import Projections

/// Audits one card's scheduling: a pure function of the card's events and its profile's
/// settings changes (see ``audit(card:events:defaultConfiguration:recomputeWith:predictAt:)``), and a
/// shell that reads them from a store's log.
public enum CardAuditor {
    /// The audit of `card` from `events` (the log in position order, through the cut to audit
    /// at; events of other cards and profiles are skipped).
    ///
    /// - The "at the time" column replays the counted reviews with the configuration in force
    ///   for the card's profile at each review: `defaultConfiguration` changed by the profile's
    ///   parameter, retention and cut-off events before it. This is what the vocabulary read
    ///   model computes (built with `defaultConfiguration`).
    /// - The "recomputed" column replays the same reviews with `recomputeWith`, or, when nil,
    ///   with the configuration in force after the last event (today's).
    /// - Cram reviews and reviews undone later are listed, with no numbers, as not counting.
    /// - Changes by hand (resets to new, due dates set) are listed in ``CardAudit/changes``; after
    ///   a reset both columns start again from a new card, as the read model does.
    /// - Events that are not part of the card's history count for nothing, as in every read
    ///   model (README, "What the read models promise"; the store refuses them, so only logs
    ///   it did not write have them); such reviews are listed as ignored, with the reason:
    ///   reviews and undos recorded before the card's
    ///   creation, after its deletion or its deck's, or by a profile that does not own it
    ///   (see ``CardHistory``), and undos the
    ///   vocabulary read model cannot take back (a review older than the last
    ///   ``CardHistoryRule/undoDepth`` not undone, or a scheduled review followed by a later one).
    /// - With `predictAt`, ``CardAudit/prediction`` says what the card's schedule predicts at
    ///   that moment under today's configuration (``CardPrediction``).
    /// - Throws: ``HistoryError`` `unknownCard` when `events` do not create the card.
    /// - Complexity: O(n) for n events.
    public static func audit(card: CardID, events: some Sequence<RecordedEvent>,
                             defaultConfiguration: SchedulerConfiguration,
                             recomputeWith: SchedulerConfiguration? = nil,
                             predictAt: EventTime? = nil) throws(HistoryError) -> CardAudit {
        var creation: RecordedEvent?
        var cardHistory = CardHistory()
        var decks = DeckLifecycle()
        var relevant: [RecordedEvent] = []
        var undone: Set<EventID> = []
        var excluded: [EventID: AuditedReview.Exclusion] = [:]
        var changes: [AuditedChange] = []
        var lastPosition: UInt64 = 0
        for event in events {
            lastPosition = event.position
            switch event.event {
            case .schedulerParametersChanged, .desiredRetentionChanged, .dayCutoffChanged:
                relevant.append(event)
                continue
            case .cardsRescheduled(let rescheduled):
                if rescheduled.cards.contains(where: { $0.card == card }) { relevant.append(event) }
                continue
            case .deckCreated, .deckDeleted:
                CardHistory.observeDecks(event, into: &decks)
                continue
            default:
                guard CardHistory.card(of: event) == card else { continue }
            }
            switch cardHistory.observe(event, decks: decks) {
            case .created: creation = event
            case .reviewed: relevant.append(event)
            case .excluded(let exclusion):
                relevant.append(event)
                excluded[event.id] = AuditedReview.Exclusion(exclusion)
            case .tookBack(let review): undone.insert(review)
            case .changed(let change):
                if CardHistoryRule.startsNewHistory(change) { relevant.append(event) }
                changes.append(AuditedChange(event, change))
            case .ignored: break
            }
        }
        guard let creation else {
            throw HistoryError(.unknownCard, "no card \(card) was created in the log (as of position \(lastPosition)); "
                               + "check the id, or audit as of a later position", path: "log", position: lastPosition)
        }
        let profile = creation.profile
        let seed = card.schedulerSeed
        var inForce = SchedulingInForce(defaultConfiguration)
        // A review, or nil for a reset (a new FSRS history starts).
        var history: [(event: RecordedEvent, review: ReviewGraded?, configuration: SchedulerConfiguration)] = []
        // The owner's reschedules of the card, by the number of history entries before them.
        var reschedules: [Int: [RecordedEvent]] = [:]
        for event in relevant {
            if case .reviewGraded(let review) = event.event {
                history.append((event, review, inForce.configuration))
            } else if case .cardReset = event.event {
                history.append((event, nil, inForce.configuration))
            } else if case .cardsRescheduled = event.event {
                if event.profile == profile { reschedules[history.count, default: []].append(event) }
            } else {
                inForce.observe(event, profile: profile)
            }
        }
        let recompute = recomputeWith ?? inForce.configuration
        let recomputeScheduler = Scheduler(configuration: recompute)
        var schedulers: [SchedulerConfiguration: Scheduler] = [:]
        var stateThen: CardState?
        var stateNow: CardState?
        var reviews: [AuditedReview] = []
        var audited: [AuditedReschedule] = []
        reviews.reserveCapacity(history.count)
        for (index, (event, review, configuration)) in history.enumerated() {
            for reschedule in reschedules[index] ?? [] { apply(reschedule, card: card, to: &stateThen, into: &audited) }
            guard let review else {
                stateThen = nil
                stateNow = nil
                continue
            }
            let exclusion = excluded[event.id]
            let status: AuditedReview.Status = exclusion != nil ? .ignored : undone.contains(event.id) ? .undone
                : review.mode == .cram ? .cram : .counted
            var then: ReviewComputation?
            var now: ReviewComputation?
            if status == .counted {
                let record = ReviewRecord(rating: FSRSRating(rawValue: Int(review.rating.rawValue)) ?? .again,
                                          timeMs: event.occurred.instant.milliseconds,
                                          utcOffsetMinutes: event.occurred.utcOffsetMinutes)
                let scheduler = schedulers[configuration] ?? Scheduler(configuration: configuration)
                schedulers[configuration] = scheduler
                let atTheTime = scheduler.apply(record, to: stateThen, fuzzSeed: seed)
                let recomputed = recomputeScheduler.apply(record, to: stateNow, fuzzSeed: seed)
                stateThen = atTheTime.state
                stateNow = recomputed.state
                then = ReviewComputation(atTheTime, configuration: configuration)
                now = ReviewComputation(recomputed, configuration: recompute)
            }
            reviews.append(AuditedReview(position: event.position, review: event.id, time: event.occurred,
                                         rating: Int(review.rating.rawValue), mode: review.mode, status: status,
                                         excludedBecause: exclusion, atTheTime: then, recomputed: now))
        }
        for reschedule in reschedules[history.count] ?? [] { apply(reschedule, card: card, to: &stateThen, into: &audited) }
        var audit = CardAudit(card: card, profile: profile, created: creation.occurred, position: lastPosition,
                              recomputedWith: ParametersInForce(recompute), reviews: reviews, changes: changes)
        audit.reschedules = audited
        audit.scheduledState = stateThen
        if case .cardCreated(let created) = creation.event { audit.importedAs = RevlogCardOrigin.cardID(of: created, profile: profile) }
        audit.prediction = predictAt.map { CardPrediction(state: stateThen, configuration: inForce.configuration, at: $0, fuzzSeed: seed) }
        return audit
    }

    /// Sets `state` (as scheduled at the time) to the schedule `event` (a ``CardsRescheduled``
    /// of the card's owner) recorded for `card`, as the vocabulary read model does: a card with
    /// no schedule keeps none; phase, step, counts and last review stay.
    private static func apply(_ event: RecordedEvent, card: CardID, to state: inout CardState?,
                              into audited: inout [AuditedReschedule]) {
        guard case .cardsRescheduled(let rescheduled) = event.event,
              let schedule = rescheduled.cards.last(where: { $0.card == card }), var next = state else { return }
        audited.append(AuditedReschedule(position: event.position, requestedBy: event.profile, time: event.occurred,
                                         parameters: rescheduled.parameters.weights,
                                         desiredRetention: rescheduled.retention.value,
                                         dueBefore: Timestamp(milliseconds: next.dueMs), schedule: schedule))
        next.memory = MemoryState(stability: Float(schedule.stability), difficulty: Float(schedule.difficulty))
        next.intervalDays = Int(schedule.intervalDays)
        next.dueMs = schedule.dueMs
        state = next
    }

    /// The audit of `card` in the store at `dataDirectory`, as of `asOf` (see
    /// ``audit(card:events:defaultConfiguration:recomputeWith:predictAt:)``). Reads the log without a lock.
    /// - Throws: ``HistoryError`` for a missing or damaged log, a position beyond its end, or
    ///   a card that does not exist as of the cut.
    /// - Complexity: O(events in the log up to the cut); memory O(the card's reviews + settings events).
    public static func audit(card: CardID, dataDirectory: String, asOf: AsOf = .latest,
                             defaultConfiguration: SchedulerConfiguration,
                             recomputeWith: SchedulerConfiguration? = nil,
                             predictAt: EventTime? = nil) async throws -> CardAudit {
        var kept: [RecordedEvent] = []
        let history = LogHistory(dataDirectory: dataDirectory)
        let lastPosition = try await history.forEachBatch(asOf: asOf, selecting: { Self.mayConcern($0, record: $1, card: card) }) { batch in
            for event in batch where Self.mayConcern(event, card: card) { kept.append(event) }
        }
        do {
            let audit = try audit(card: card, events: kept, defaultConfiguration: defaultConfiguration,
                                  recomputeWith: recomputeWith, predictAt: predictAt)
            return audit.at(position: lastPosition)
        } catch {
            guard error.code == .unknownCard, asOf != .latest else {
                throw HistoryError(error.code, error.message, path: history.layout.log, position: lastPosition)
            }
            throw HistoryError(.unknownCard, Self.unknownCardMessage(card, asOf: asOf, lastPosition: lastPosition),
                               path: history.layout.log, position: lastPosition)
        }
    }

    /// Why `card` is unknown as of a cut: the cut, where it ended, and what to try (a history
    /// imported or generated after it happened was all recorded at once, late: cut by when the
    /// events happened instead).
    static func unknownCardMessage(_ card: CardID, asOf: AsOf, lastPosition: UInt64) -> String {
        let hint = switch asOf {
        case .instant: "; an imported or demo history is recorded after it happened: cut by when events happened "
            + "(--by occurred), or audit as of a later time"
        default: "; check the id, or audit as of a later point"
        }
        return "no card \(card) was created as of \(asOf) (position \(lastPosition))" + hint
    }

    /// Whether events of `kind` concern one card, named by their payload's first field, `card`
    /// (a test holds every such kind to that shape): a record of one of them for another card is
    /// passed over without being decoded.
    @inline(__always)
    static func concernsOneCard(_ kind: EventKind) -> Bool {
        switch kind {
        case .cardCreated, .cardMoved, .cardDeleted, .reviewGraded, .reviewUndone, .cardReset, .cardDueSet: true
        default: false
        }
    }

    /// Whether the record `record`, whose envelope is `envelope`, may concern `card`: a
    /// superset of ``mayConcern(_:card:)`` decided without decoding, so that an audit of one
    /// card of a large log decodes little more than that card's events. A record of an older
    /// version or an unknown type is decoded.
    static func mayConcern(_ envelope: RecordEnvelope, record: UnsafeRawBufferPointer, card: CardID) -> Bool {
        guard let kind = envelope.currentKind, concernsOneCard(kind) else { return true }
        let body = UnsafeRawBufferPointer(rebasing: record[envelope.bodyOffset...])
        guard body.count >= 16 else { return true }
        return withUnsafeBytes(of: card.uuid.uuid) { body.prefix(16).elementsEqual($0) }
    }

    private static func mayConcern(_ event: RecordedEvent, card: CardID) -> Bool {
        switch event.event {
        case .cardCreated(let created): created.card == card
        case .cardMoved(let moved): moved.card == card
        case .cardDeleted(let deleted): deleted.card == card
        case .deckCreated, .deckDeleted: true
        case .reviewGraded(let review): review.card == card
        case .reviewUndone(let undo): undo.card == card
        case .cardReset(let reset): reset.card == card
        case .cardDueSet(let set): set.card == card
        case .schedulerParametersChanged, .desiredRetentionChanged, .dayCutoffChanged: true
        case .cardsRescheduled(let rescheduled): rescheduled.cards.contains { $0.card == card }
        default: false
        }
    }
}

extension AuditedChange {
    /// The audit's line for `event`, a counted `change`.
    init(_ event: RecordedEvent, _ change: CardHistoryRule.ManualChange) {
        let due: Timestamp? = if case .cardDueSet(let set) = event.event { set.due } else { nil }
        self.init(position: event.position, time: event.occurred, kind: change == .reset ? .reset : .dueSet, due: due)
    }
}

extension CardAudit {
    /// The same audit, saying it read the log through `position`.
    func at(position: UInt64) -> CardAudit {
        var audit = CardAudit(card: card, profile: profile, created: created, position: position,
                              recomputedWith: recomputedWith, reviews: reviews, changes: changes)
        audit.reschedules = reschedules
        audit.scheduledState = scheduledState
        audit.importedAs = importedAs
        audit.prediction = prediction
        return audit
    }
}

extension AuditedReview.Exclusion {
    /// The audit's name for the rule's reason.
    init(_ reason: CardHistoryRule.Exclusion) {
        switch reason {
        case .beforeCreation: self = .beforeCreation
        case .cardGone: self = .cardGone
        case .otherProfile: self = .otherProfile
        }
    }
}
