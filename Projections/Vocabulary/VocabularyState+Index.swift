import Events

// Keeping the derived structures in step with a card: its deck's member list, and the due
// calendar or new-card set of its profile. A change to a card is `unindex`, change, `index`.
extension VocabularyState {
    /// True when the card at `slot` is deleted or its deck is.
    @inline(__always)
    func isGone(_ slot: Int) -> Bool {
        let hot = cards.hot[slot]
        return CardHistoryRule.isGone(deleted: hot.isDeleted, deckDeleted: hot.isDeckDeleted)
    }

    /// Whether the card at `slot` belongs in an index (neither suspended nor gone).
    @inline(__always)
    func isIndexed(_ slot: Int) -> Bool {
        cards.hot[slot].flags & (CardHot.suspendedFlag | CardHot.deletedFlag | CardHot.deckDeletedFlag) == 0
    }

    /// Takes the card at `slot` out of whichever index holds it.
    /// - Complexity: O(1).
    @inline(__always)
    mutating func unindex(_ slot: Int32) {
        let index = Int(slot)
        let place = cards.hot[index].due, profile = Int(cards.hot[index].profile)
        if place.isPresent {
            let learning = cards.hot[index].flags & CardHot.dueLearningFlag != 0
            dueIndex[profile].remove(place, learning: learning) { moved, movedPlace in cards.hot[Int(moved)].due = movedPlace }
            cards.hot[index].due = .none
            cards.hot[index].flags &= ~CardHot.dueLearningFlag
        } else {
            newIndex[profile].remove(slot)
        }
    }

    /// Puts the card at `slot` into the index it belongs in (none when suspended or gone).
    /// - Complexity: O(1) amortized.
    @inline(__always)
    mutating func index(_ slot: Int32) {
        let index = Int(slot)
        guard isIndexed(index) else { return }
        let state = cards.hot[index].state, profile = Int(cards.hot[index].profile)
        if state.isPresent {
            let learning = state.isLearning
            cards.hot[index].due = dueIndex[profile].insert(slot, dueMs: state.dueMs, learning: learning)
            if learning { cards.hot[index].flags |= CardHot.dueLearningFlag }
        } else {
            newIndex[profile].insert(slot)
        }
    }

    /// Adds the card at `slot` to its deck's member list.
    mutating func addMember(_ slot: Int32) {
        let deck = Int(cards.decks[Int(slot)])
        cards.deckPositions[Int(slot)] = Int32(decks.members[deck].count)
        decks.members[deck].append(slot)
    }

    /// Takes the card at `slot` out of its deck's member list (swap-remove).
    mutating func removeMember(_ slot: Int32) {
        let deck = Int(cards.decks[Int(slot)]), position = Int(cards.deckPositions[Int(slot)])
        let last = decks.members[deck].removeLast()
        if position < decks.members[deck].count {
            decks.members[deck][position] = last
            cards.deckPositions[Int(last)] = Int32(position)
        }
        cards.deckPositions[Int(slot)] = -1
    }

    /// Makes sure profile slot `slot` has its indexes.
    mutating func ensureIndexes(profile slot: Int32) {
        while dueIndex.count <= Int(slot) {
            dueIndex.append(DueCalendar())
            newIndex.append(NewCardSet())
        }
        while dailyReviews.count <= Int(slot) { dailyReviews.append(DailyIntroductions(day: .min, count: 0)) }
    }
}
