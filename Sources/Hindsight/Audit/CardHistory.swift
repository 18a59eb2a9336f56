import Events
import Projections

/// One card's history, kept as plain values and decided by ``CardHistoryRule`` (the rule every
/// reader of the log shares; the vocabulary and activity folds keep the same facts in their own
/// compact storage): fed the log's events about the card in order, with the decks as they stand
/// then, it says which reviews belong to the card's history and which review an undo takes back.
/// The audit, the revlog export and the store's command ledger (its review trail) use it.
struct CardHistory: Sendable, Equatable {
    /// What one event did to the history.
    enum Outcome: Equatable {
        /// Nothing: not about the card, or not part of its history.
        case ignored
        /// The card was created (by ``owner``).
        case created
        /// A review that counts (until an undo takes it back).
        case reviewed
        /// A review of the card that is not part of its history, and why.
        case excluded(CardHistoryRule.Exclusion)
        /// An undo that took back this review.
        case tookBack(EventID)
        /// A change by hand that counts (a reset or a due date set): the reviews remembered
        /// before it can no longer be undone; a reset starts a new FSRS history.
        case changed(CardHistoryRule.ManualChange)
    }

    /// One remembered review: its event id, whether it was scheduled (not cram), and the
    /// instant it happened (ms since the epoch; the store refuses a review dated before it).
    struct Review: Sendable, Equatable {
        var id: EventID
        var isScheduled: Bool
        var instantMs: Int64
    }

    /// The card's owner: the profile that created it; nil until it is created.
    private(set) var owner: ProfileID?
    /// Whether the card is gone: deleted, or its deck deleted.
    private(set) var isGone = false
    /// The card's deck (nil until it is created).
    private(set) var deck: IDKey?
    /// The last counted reviews not undone (at most ``CardHistoryRule/undoDepth``), oldest first.
    private(set) var window: [Review] = []
    /// The instant of the newest counted review that fell out of ``window``, if any.
    private(set) var olderInstantMs: Int64?

    /// A card not created yet.
    init() {}

    /// A history restored from its parts (see the properties).
    init(owner: ProfileID?, isGone: Bool, deck: IDKey?, window: [Review], olderInstantMs: Int64?) {
        self.owner = owner
        self.isGone = isGone
        self.deck = deck
        self.window = window
        self.olderInstantMs = olderInstantMs
    }

    /// The card an event of the history is about (creation, move, deletion, review, undo, reset,
    /// due date set), if any.
    static func card(of event: RecordedEvent) -> CardID? {
        switch event.event {
        case .cardReset(let reset): reset.card
        case .cardDueSet(let set): set.card
        case .cardCreated(let created): created.card
        case .cardMoved(let moved): moved.card
        case .cardDeleted(let deleted): deleted.card
        case .reviewGraded(let review): review.card
        case .reviewUndone(let undo): undo.card
        default: nil
        }
    }

    /// Folds a deck's creation or deletion into `decks` (other events change nothing).
    static func observeDecks(_ event: RecordedEvent, into decks: inout DeckLifecycle) {
        switch event.event {
        case .deckCreated(let created): decks.create(created.deck)
        case .deckDeleted(let deleted): _ = decks.delete(deleted.deck)
        default: break
        }
    }

    /// The instant of the latest counted review not undone, or of the newest forgotten one.
    var lastInstantMs: Int64? { window.last?.instantMs ?? olderInstantMs }

    /// The review the store's undo command takes back, if any is left.
    var reviewToUndo: EventID? { CardHistoryRule.reviewToUndo(count: window.count).map { window[$0].id } }

    /// Folds `event`, an event about this card (see ``card(of:)``), in log order; `decks` are
    /// the decks as the log stands at `event` (see ``observeDecks(_:into:)``).
    mutating func observe(_ event: RecordedEvent, decks: DeckLifecycle) -> Outcome {
        // The card's deck may have been deleted since its last event.
        if let deck { isGone = CardHistoryRule.isGone(deleted: isGone, deckDeleted: decks.isDeleted(deck)) }
        let created = owner != nil
        switch event.event {
        case .cardCreated(let created) where CardHistoryRule.createsCard(idKnown: owner != nil):
            owner = event.profile
            deck = IDKey(created.deck)
            isGone = CardHistoryRule.isGone(deleted: false, deckDeleted: decks.isDeleted(IDKey(created.deck)))
            return .created
        case .cardMoved(let moved) where CardHistoryRule.moves(created: created, isGone: isGone):
            deck = IDKey(moved.toDeck)
            isGone = CardHistoryRule.isGone(deleted: false, deckDeleted: decks.isDeleted(IDKey(moved.toDeck)))
            return .ignored
        case .cardDeleted where CardHistoryRule.deletes(created: created):
            isGone = true
            return .ignored
        case .reviewGraded(let review):
            if let exclusion = exclusion(of: event) { return .excluded(exclusion) }
            if CardHistoryRule.forgetsOldest(remembered: window.count) { olderInstantMs = window.removeFirst().instantMs }
            window.append(Review(id: event.id, isScheduled: review.mode == .scheduled,
                                 instantMs: event.occurred.instant.milliseconds))
            return .reviewed
        case .cardReset where exclusion(of: event) == nil:
            return changed(by: .reset)
        case .cardDueSet where exclusion(of: event) == nil:
            return changed(by: .dueSet)
        case .reviewUndone(let undo) where exclusion(of: event) == nil:
            guard let index = CardHistoryRule.reviewTakenBack(IDKey(undo.review), count: window.count,
                                                              id: { IDKey(window[$0].id) },
                                                              isScheduled: { window[$0].isScheduled })
            else { return .ignored }
            window.remove(at: index)
            return .tookBack(undo.review)
        default:
            return .ignored
        }
    }

    /// Folds a counted change by hand: the remembered reviews are forgotten (their latest instant
    /// kept: a review is still not dated before it).
    private mutating func changed(by change: CardHistoryRule.ManualChange) -> Outcome {
        if CardHistoryRule.forgetsRemembered(change) {
            olderInstantMs = lastInstantMs
            window.removeAll()
        }
        return .changed(change)
    }

    /// Why a review or undo recorded as `event` is not part of the history; nil when it is.
    private func exclusion(of event: RecordedEvent) -> CardHistoryRule.Exclusion? {
        CardHistoryRule.exclusion(created: owner != nil, isGone: isGone, recordedByOwner: owner == event.profile)
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
