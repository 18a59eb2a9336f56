import Events
import FSRS

// The fold's steps, one per event of interest. None throws: events about unknown cards or
// decks are ignored, and invalid settings keep the old ones.
extension VocabularyState {
    mutating func createDeck(_ created: DeckCreated, _ event: RecordedEvent) {
        guard decks[created.deck] == nil else { return }
        decks[created.deck] = DeckRecord(id: created.deck, name: created.name, profile: event.profile,
                                         createdPosition: event.position)
    }

    /// Marks the deck deleted and takes its cards out of the indexes.
    /// - Complexity: O(k log n) for the deck's k cards.
    mutating func deleteDeck(_ id: DeckID) {
        guard let deck = decks[id], !deck.isDeleted else { return }
        let members = deckCards[id] ?? []
        let before = members.map { indexEntry(of: cards[$0]!) }
        decks[id]!.isDeleted = true
        deletedDeckCount += 1
        for (card, entry) in zip(members, before) {
            let record = cards[card]!
            reindex(profile: record.profile, from: entry, to: indexEntry(of: record))
        }
    }

    mutating func createCard(_ created: CardCreated, _ event: RecordedEvent) {
        guard cards[created.card] == nil else { return }
        let card = CardRecord(id: created.card, deck: created.deck, profile: event.profile, front: created.front,
                              createdPosition: event.position, created: event.occurred)
        cards[created.card] = card
        deckCards[created.deck, default: []].insert(created.card)
        reindex(profile: card.profile, from: .none, to: indexEntry(of: card))
    }

    mutating func moveCard(_ moved: CardMoved) {
        guard let old = cards[moved.card]?.deck, old != moved.toDeck else { return }
        updateCard(moved.card) { card in
            card.deck = moved.toDeck
            card.moves += 1
        }
        deckCards[old]?.remove(moved.card)
        deckCards[moved.toDeck, default: []].insert(moved.card)
    }

    /// Counts a review: cram reviews are only counted; a scheduled one goes through the
    /// profile's scheduler and moves the card in the due index.
    /// - Complexity: O(log n) expected.
    mutating func grade(_ review: ReviewGraded, _ event: RecordedEvent) {
        guard let index = cards.index(forKey: review.card) else { return }
        if review.mode == .cram {
            cards.values[index].cramReviews += 1
            cards.values[index].remember(RecentReview(review: event.id, effect: .cram))
            return
        }
        // Read and write the record through `inout` access only: the `values[index]` getter
        // would copy the whole record (its strings and review stack) on every read.
        let card = CardRecord.peek(&cards.values[index])
        let profile = card.profile, previous = card.schedule
        let indexed = !card.isSuspended && !card.isDeleted
            && (deletedDeckCount == 0 || !(decks[card.deck]?.isDeleted ?? false))
        let record = ReviewRecord(rating: FSRSRating(review.rating), timeMs: event.occurred.instant.milliseconds,
                                  utcOffsetMinutes: Int(event.occurred.utcOffset.seconds) / 60)
        let next = nextState(after: record, from: previous, seed: card.seed, profile: profile)
        let day = calendar.day(of: event.occurred, profile: profile)
        CardRecord.reviewed(&cards.values[index], next: next,
                            remembering: RecentReview(review: event.id, effect: .scheduled(before: previous, day: day)))
        if previous == nil { introduce(profile: profile, day: day) }
        guard indexed else { return }
        if let previous {
            let old = DueKey(dueMs: previous.dueMs, card: review.card), new = DueKey(dueMs: next.dueMs, card: review.card)
            if old != new { dueIndex[profile, default: OrderedKeySet()].replace(old, with: new) }
        } else {
            newIndex[profile]?.remove(NewCardKey(position: card.createdPosition, card: review.card))
            dueIndex[profile, default: OrderedKeySet()].insert(DueKey(dueMs: next.dueMs, card: review.card))
        }
    }

    /// The card state after `record`, under the scheduler in force for `profile` (read in place:
    /// no copy of the scheduling per review).
    @inline(__always)
    private func nextState(after record: ReviewRecord, from previous: CardState?, seed: Int64,
                           profile: ProfileID) -> CardState {
        if !profileScheduling.isEmpty, let custom = profileScheduling.index(forKey: profile) {
            return profileScheduling.values[custom].scheduler.apply(record, to: previous, cardID: seed).state
        }
        return defaultScheduling.scheduler.apply(record, to: previous, cardID: seed).state
    }

    /// Excludes a remembered review from the card's history: a cram review is uncounted; a
    /// scheduled one restores the state before it, provided no later remembered review changed
    /// the schedule (the store only undoes the latest review). Unknown, forgotten (deeper than
    /// ``CardRecord/undoDepth``) or already undone reviews are ignored.
    mutating func undo(_ undo: ReviewUndone) {
        guard let index = cards.index(forKey: undo.card),
              let position = cards.values[index].recentReviews.lastIndex(of: undo.review)
        else { return }
        switch cards.values[index].recentReviews[position].effect {
        case .cram:
            cards.values[index].cramReviews -= 1
            cards.values[index].recentReviews.remove(at: position)
        case .scheduled(let restored, let day):
            guard !cards.values[index].recentReviews.hasScheduledReview(after: position) else { return }
            let profile = cards.values[index].profile
            let before = indexEntry(at: index)
            cards.values[index].schedule = restored
            cards.values[index].recentReviews.remove(at: position)
            if restored == nil { unintroduce(profile: profile, day: day) }
            reindex(profile: profile, from: before, to: indexEntry(at: index))
        }
    }

    /// Counts a card's first counted review on local `day`.
    mutating func introduce(profile: ProfileID, day: Int64) {
        guard let current = introductions[profile], current.day >= day else {
            introductions[profile] = DailyIntroductions(day: day, count: 1)
            return
        }
        if current.day == day { introductions[profile]!.count += 1 }
    }

    /// Uncounts a first counted review on local `day` that was undone.
    mutating func unintroduce(profile: ProfileID, day: Int64) {
        guard let current = introductions[profile], current.day == day, current.count > 0 else { return }
        introductions[profile]!.count -= 1
    }

    mutating func changeParameters(_ change: SchedulerParametersChanged, profile: ProfileID) {
        guard let parameters = try? FSRSParameters(change.parameters.weights),
              let next = scheduling(of: profile).changed({ $0.parameters = parameters })
        else { return }
        profileScheduling[profile] = next
    }

    mutating func changeRetention(_ change: DesiredRetentionChanged, profile: ProfileID) {
        guard let next = scheduling(of: profile).changed({ $0.desiredRetention = Float(change.retention.value) })
        else { return }
        profileScheduling[profile] = next
    }

    mutating func changeCutoff(_ change: DayCutoffChanged, _ event: RecordedEvent) {
        guard let next = scheduling(of: event.profile).changed({ $0.dayCutoffHour = change.hour.value }) else { return }
        calendar.observe(event)
        profileScheduling[event.profile] = next
    }
}

extension FSRSRating {
    /// The FSRS grade of a recorded grade (both are 1 again … 4 easy).
    @inline(__always)
    init(_ rating: Rating) {
        switch rating {
        case .again: self = .again
        case .hard: self = .hard
        case .good: self = .good
        case .easy: self = .easy
        }
    }
}
