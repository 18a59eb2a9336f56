import Events
import Projections

/// One card's history as every read model counts it (README, "What the read models promise"):
/// fed the log's events about the card in order, it says which reviews belong to the card's
/// history and which review an undo takes back. The vocabulary and activity folds apply the
/// same rules in their own compact storage; the audit and the revlog export use this.
///
/// The rules: the card exists from its first creation (a later one is ignored, even after
/// its deletion); its reviews and undos count while it is not deleted and only when recorded
/// by its owner (the profile that created it); an undo takes back one of the last
/// ``UndoDepth/reviews`` reviews not yet undone, a scheduled one only when no later scheduled
/// review is among them. The store refuses every event these rules leave out, so on a log it
/// wrote they leave out nothing. A deleted deck does not end its cards' histories (the folds
/// that do not know decks could not follow).
struct CardHistory {
    /// What one event did to the history.
    enum Outcome: Equatable {
        /// Nothing: not about the card, or not part of its history.
        case ignored
        /// The card was created (by ``owner``).
        case created
        /// The card was deleted: nothing after this counts.
        case deleted
        /// A review that counts (until an undo takes it back).
        case reviewed
        /// An undo that took back this review.
        case tookBack(EventID)
    }

    /// The card's owner: the profile that created it; nil until it is created.
    private(set) var owner: ProfileID?
    /// Whether the card was deleted.
    private(set) var isDeleted = false
    /// The last reviews not undone (at most ``UndoDepth/reviews``), oldest first.
    private var window: [(id: EventID, isScheduled: Bool)] = []

    /// The card an event of the history is about (creation, deletion, review, undo), if any.
    static func card(of event: RecordedEvent) -> CardID? {
        switch event.event {
        case .cardCreated(let created): created.card
        case .cardDeleted(let deleted): deleted.card
        case .reviewGraded(let review): review.card
        case .reviewUndone(let undo): undo.card
        default: nil
        }
    }

    /// Folds `event`, an event about this card (see ``card(of:)``), in log order.
    mutating func observe(_ event: RecordedEvent) -> Outcome {
        switch event.event {
        case .cardCreated where owner == nil:
            owner = event.profile
            return .created
        case .cardDeleted where owner != nil && !isDeleted:
            isDeleted = true
            return .deleted
        case .reviewGraded(let review) where counts(event):
            if window.count == UndoDepth.reviews { window.removeFirst() }
            window.append((event.id, review.mode == .scheduled))
            return .reviewed
        case .reviewUndone(let undo) where counts(event):
            guard let index = window.lastIndex(where: { $0.id == undo.review }) else { return .ignored }
            if window[index].isScheduled, window[(index + 1)...].contains(where: \.isScheduled) { return .ignored }
            window.remove(at: index)
            return .tookBack(undo.review)
        default:
            return .ignored
        }
    }

    /// True when a review or undo recorded as `event` belongs to the history: the card exists,
    /// is not deleted, and the event's profile owns it.
    private func counts(_ event: RecordedEvent) -> Bool {
        owner == event.profile && !isDeleted
    }
}
