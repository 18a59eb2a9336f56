import Events
import FSRS
import Foundation

// The questions an app asks of the vocabulary model. "Now" and "today" always come from the
// caller (an instant with the person's UTC offset), never from a clock.
extension VocabularyState {
    /// The card `id`, deleted or not; nil when no such card was created.
    /// - Complexity: O(1).
    public func card(_ id: CardID) -> CardSummary? {
        cards[id].map(summary)
    }

    /// The cards of `deck` in creation order (tie-break: card id); deleted ones only when asked.
    /// - Complexity: O(k log k) for the deck's k cards.
    public func cards(inDeck deck: DeckID, includingDeleted: Bool = false) -> [CardSummary] {
        (deckCards[deck] ?? []).compactMap { cards[$0] }
            .filter { includingDeleted || !isGone($0) }
            .sorted { ($0.createdPosition, $0.id) < ($1.createdPosition, $1.id) }
            .map(summary)
    }

    /// The decks of `profile` in creation order (tie-break: deck id); deleted ones only when asked.
    /// - Complexity: O(d log d + c) for its d decks and their c cards.
    public func decks(of profile: ProfileID, includingDeleted: Bool = false) -> [DeckSummary] {
        decks.values.filter { $0.profile == profile && (includingDeleted || !$0.isDeleted) }
            .sorted { ($0.createdPosition, $0.id) < ($1.createdPosition, $1.id) }
            .map { deck in
                let live = (deckCards[deck.id] ?? []).reduce(0) { $0 + (cards[$1]?.isDeleted == false ? 1 : 0) }
                return DeckSummary(id: deck.id, name: deck.name, profile: deck.profile,
                                   createdPosition: deck.createdPosition, isDeleted: deck.isDeleted, cardCount: live)
            }
    }

    /// How many new cards `profile` may still start on the local day of `time`.
    public func newCardsAllowed(profile: ProfileID, at time: EventTime) -> Int {
        max(0, dailyNewCardLimit - newCardsIntroduced(profile: profile, at: time))
    }

    /// The cards of `profile` whose first counted review fell on the local day of `time` (0 for
    /// days before the latest day with a first review: only that day is kept).
    public func newCardsIntroduced(profile: ProfileID, at time: EventTime) -> Int {
        guard let introduced = introductions[profile] else { return 0 }
        return introduced.day == calendar.day(of: time, profile: profile) ? introduced.count : 0
    }

    /// What `profile` (or its `deck`) has to study at `time`: reviewed cards due by then in due
    /// order, and the new cards the daily limit still allows, in creation order; suspended and
    /// deleted cards never appear. Each list holds at most `limit` cards; the counts are exact.
    /// - Complexity: O(d + m) for d cards due and the m new cards looked at (with a deck, every
    ///   new card of the profile may be looked at to find those of the deck).
    public func dueQueue(profile: ProfileID, deck: DeckID? = nil, at time: EventTime, limit: Int) -> DueQueue {
        queue(profile: profile, deck: deck, at: time, limit: max(0, limit))
    }

    /// The counts of ``dueQueue(profile:deck:at:limit:)`` without the cards.
    /// - Complexity: as ``dueQueue(profile:deck:at:limit:)``.
    public func dueCount(profile: ProfileID, deck: DeckID? = nil, at time: EventTime) -> DueCounts {
        queue(profile: profile, deck: deck, at: time, limit: 0).counts
    }

    /// The first reviewed card of `profile` (or of its `deck`) due strictly after `instant`,
    /// suspended and deleted cards left out; nil when none is.
    /// - Complexity: O(log n) without a deck; with one, plus the cards of other decks skipped.
    public func nextDue(profile: ProfileID, deck: DeckID? = nil, after instant: Timestamp) -> CardSummary? {
        guard let index = dueIndex[profile], instant.milliseconds < .max else { return nil }
        let start = DueKey(dueMs: instant.milliseconds + 1, card: Self.lowestCardID)
        for key in index.keys(from: start) {
            guard let card = cards[key.card] else { continue }
            if deck == nil || card.deck == deck { return summary(card) }
        }
        return nil
    }

    /// The smallest card id (all zero bytes): the lower bound of a due-index range.
    private static let lowestCardID = CardID(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))

    private func queue(profile: ProfileID, deck: DeckID?, at time: EventTime, limit: Int) -> DueQueue {
        let now = time.instant.milliseconds
        var reviews: [CardSummary] = []
        var due = 0, learning = 0
        for key in dueIndex[profile] ?? OrderedKeySet() {
            guard key.dueMs <= now else { break }
            guard let card = cards[key.card], deck == nil || card.deck == deck else { continue }
            due += 1
            if let phase = card.schedule?.phase, phase != .review { learning += 1 }
            if reviews.count < limit { reviews.append(summary(card)) }
        }
        let introduced = newCardsIntroduced(profile: profile, at: time)
        let allowed = max(0, dailyNewCardLimit - introduced)
        var newCards: [CardSummary] = []
        var available = 0
        if allowed > 0 {
            for key in newIndex[profile] ?? OrderedKeySet() {
                guard let card = cards[key.card], deck == nil || card.deck == deck else { continue }
                available += 1
                if newCards.count < limit { newCards.append(summary(card)) }
                if available == allowed { break }
            }
        }
        return DueQueue(reviews: reviews, newCards: newCards,
                        counts: DueCounts(due: due, learning: learning, newAvailable: available,
                                          newIntroducedToday: introduced))
    }

    private func summary(_ card: CardRecord) -> CardSummary {
        CardSummary(card, deckDeleted: decks[card.deck]?.isDeleted ?? false)
    }
}
