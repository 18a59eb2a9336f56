import Events
import Projections

/// One card's history as every read model counts it (README, "What the read models promise"):
/// fed the log's events about the card in order, with the decks as they stand then, it says
/// which reviews belong to the card's history and which review an undo takes back. The
/// vocabulary and activity folds apply the same rules in their own compact storage; the audit
/// and the revlog export use this.
///
/// The rules: the card exists from its first creation (a later one is ignored, even after
/// it is gone); its reviews and undos count while it is not gone and only when recorded by its
/// owner (the profile that created it). It is gone, for good, once deleted, or once its deck is
/// deleted (see ``DeckLifecycle``), or created in or moved into a deleted deck. An undo takes
/// back one of the last ``UndoDepth/reviews`` reviews not yet undone, a scheduled one only when
/// no later scheduled review is among them. The store refuses every event these rules leave
/// out, so on a log it wrote they leave out nothing.
struct CardHistory {
    /// What one event did to the history.
    enum Outcome: Equatable {
        /// Nothing: not about the card, or not part of its history.
        case ignored
        /// The card was created (by ``owner``).
        case created
        /// A review that counts (until an undo takes it back).
        case reviewed
        /// A review of the card that is not part of its history, and why.
        case excluded(AuditedReview.Exclusion)
        /// An undo that took back this review.
        case tookBack(EventID)
    }

    /// The card's owner: the profile that created it; nil until it is created.
    private(set) var owner: ProfileID?
    /// Whether the card is gone: deleted, or its deck deleted.
    private(set) var isGone = false
    /// The card's deck (nil until it is created).
    private var deck: IDKey?
    /// The last reviews not undone (at most ``UndoDepth/reviews``), oldest first.
    private var window: [(id: EventID, isScheduled: Bool)] = []

    /// The card an event of the history is about (creation, move, deletion, review, undo), if any.
    static func card(of event: RecordedEvent) -> CardID? {
        switch event.event {
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

    /// Folds `event`, an event about this card (see ``card(of:)``), in log order; `decks` are
    /// the decks as the log stands at `event` (see ``observeDecks(_:into:)``).
    mutating func observe(_ event: RecordedEvent, decks: DeckLifecycle) -> Outcome {
        // The card's deck may have been deleted since its last event.
        if let deck, decks.isDeleted(deck) { isGone = true }
        switch event.event {
        case .cardCreated(let created) where owner == nil:
            owner = event.profile
            deck = IDKey(created.deck)
            isGone = decks.isDeleted(IDKey(created.deck))
            return .created
        case .cardMoved(let moved) where owner != nil && !isGone:
            deck = IDKey(moved.toDeck)
            isGone = decks.isDeleted(IDKey(moved.toDeck))
            return .ignored
        case .cardDeleted where owner != nil:
            isGone = true
            return .ignored
        case .reviewGraded(let review):
            if let exclusion = exclusion(of: event) { return .excluded(exclusion) }
            if window.count == UndoDepth.reviews { window.removeFirst() }
            window.append((event.id, review.mode == .scheduled))
            return .reviewed
        case .reviewUndone(let undo) where exclusion(of: event) == nil:
            guard let index = window.lastIndex(where: { $0.id == undo.review }) else { return .ignored }
            if window[index].isScheduled, window[(index + 1)...].contains(where: \.isScheduled) { return .ignored }
            window.remove(at: index)
            return .tookBack(undo.review)
        default:
            return .ignored
        }
    }

    /// Why a review or undo recorded as `event` is not part of the history; nil when it is (the
    /// card exists, is not gone, and the event's profile owns it).
    private func exclusion(of event: RecordedEvent) -> AuditedReview.Exclusion? {
        guard let owner else { return .beforeCreation }
        if isGone { return .cardGone }
        return owner == event.profile ? nil : .otherProfile
    }
}
