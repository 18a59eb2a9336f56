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
        card.isDeleted || (deletedDeckCount > 0 && decks[card.deck]?.isDeleted ?? false)
    }

    /// Whether the card at `index` belongs in an index (neither suspended nor gone), read in place.
    @inline(__always)
    func isIndexed(at index: [CardID: CardRecord].Index) -> Bool {
        !cards.values[index].isSuspended && !cards.values[index].isDeleted
            && (deletedDeckCount == 0 || !(decks[cards.values[index].deck]?.isDeleted ?? false))
    }

    /// The index entry of the card at `index`, read in place (no copy of the record).
    @inline(__always)
    func indexEntry(at index: [CardID: CardRecord].Index) -> IndexEntry {
        guard isIndexed(at: index) else { return .none }
        let card = cards.keys[index]
        if let dueMs = cards.values[index].schedule?.dueMs { return .due(DueKey(dueMs: dueMs, card: card)) }
        return .new(NewCardKey(position: cards.values[index].createdPosition, card: card))
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
        let before = indexEntry(at: index)
        change(&cards.values[index])
        reindex(profile: cards.values[index].profile, from: before, to: indexEntry(at: index))
    }

}

/// The keys of the due and new-card indexes gathered card by card (after decoding a snapshot),
/// then sorted once and built into their sets in one pass each.
struct IndexKeys {
    private var due: [ProfileID: [DueKey]] = [:]
    private var new: [ProfileID: [NewCardKey]] = [:]

    /// Adds a card's entry under its profile.
    @inline(__always)
    mutating func add(_ entry: IndexEntry, profile: ProfileID) {
        switch entry {
        case .none: break
        case .due(let key): due[profile, default: []].append(key)
        case .new(let key): new[profile, default: []].append(key)
        }
    }

    /// The due and new-card indexes per profile.
    /// - Complexity: O(n log n) for n keys (the sorts).
    func build() -> (due: [ProfileID: OrderedKeySet<DueKey>], new: [ProfileID: OrderedKeySet<NewCardKey>]) {
        (due.mapValues { OrderedKeySet(sortedKeys: $0.sorted()) },
         new.mapValues { keys in
             // Creation positions are unique per card, so they alone order the keys.
             OrderedKeySet(sortedKeys: keys.sorted { $0.position != $1.position ? $0.position < $1.position : $0 < $1 })
         })
    }
}
