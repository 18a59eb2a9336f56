import Events
import FSRS

/// Where a card sits in the indexes: nowhere (suspended or gone), in the due index (reviewed),
/// or in the new-card index.
enum IndexEntry: Equatable {
    case none
    case due(DueKey)
    case new(NewCardKey)
}

extension VocabularyState {
    /// True when the card is deleted or its deck is.
    @inline(__always)
    func isGone(_ card: CardRecord) -> Bool {
        card.isDeleted || (decks[card.deck]?.isDeleted ?? false)
    }

    /// The index entry `card` should have.
    @inline(__always)
    func indexEntry(of card: CardRecord) -> IndexEntry {
        guard !card.isSuspended, !isGone(card) else { return .none }
        if let schedule = card.schedule { return .due(DueKey(dueMs: schedule.dueMs, card: card.id)) }
        return .new(NewCardKey(position: card.createdPosition, card: card.id))
    }

    /// Moves a card of `profile` from index entry `old` to `new`.
    /// - Complexity: O(log n) expected.
    @inline(__always)
    mutating func reindex(profile: ProfileID, from old: IndexEntry, to new: IndexEntry) {
        guard old != new else { return }
        switch old {
        case .none: break
        case .due(let key): dueIndex[profile]?.remove(key)
        case .new(let key): newIndex[profile]?.remove(key)
        }
        switch new {
        case .none: break
        case .due(let key): dueIndex[profile, default: OrderedKeySet()].insert(key)
        case .new(let key): newIndex[profile, default: OrderedKeySet()].insert(key)
        }
    }

    /// Changes the card `id` with `change` and keeps the indexes in step; does nothing for an
    /// unknown card.
    @inline(__always)
    mutating func updateCard(_ id: CardID, _ change: (inout CardRecord) -> Void) {
        guard let index = cards.index(forKey: id) else { return }
        let before = indexEntry(of: cards.values[index])
        change(&cards.values[index])
        let card = cards.values[index]
        reindex(profile: card.profile, from: before, to: indexEntry(of: card))
    }

    /// Rebuilds the derived indexes from decks and cards (after decoding a snapshot).
    /// - Complexity: O(n log n) for n cards.
    mutating func rebuildIndexes() {
        deckCards = [:]
        dueIndex = [:]
        newIndex = [:]
        for card in cards.values {
            deckCards[card.deck, default: []].insert(card.id)
            reindex(profile: card.profile, from: .none, to: indexEntry(of: card))
        }
    }
}
