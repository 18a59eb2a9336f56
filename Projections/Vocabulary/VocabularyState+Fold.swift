import Events
import FSRS

// The fold's steps, one per event of interest. None throws: events about unknown cards or
// decks are ignored, and invalid settings keep the old ones.
extension VocabularyState {
    mutating func createDeck(_ created: DeckCreated, _ event: RecordedEvent) {
        guard let slot = decks.slot(of: created.deck).map(Int.init) else {
            _ = decks.append(id: created.deck, name: created.name, profile: event.profile,
                             createdPosition: event.position, isCreated: true, isDeleted: false)
            return
        }
        guard !decks.isCreated[slot] else { return }
        decks.names[slot] = created.name
        decks.profiles[slot] = event.profile
        decks.createdPositions[slot] = event.position
        decks.isCreated[slot] = true
    }

    mutating func renameDeck(_ renamed: DeckRenamed) {
        guard let slot = decks.slot(of: renamed.deck).map(Int.init), decks.isCreated[slot] else { return }
        decks.names[slot] = renamed.name
    }

    /// Marks the deck deleted and takes its cards out of the indexes.
    /// - Complexity: O(k) for the deck's k cards.
    mutating func deleteDeck(_ id: DeckID) {
        guard let slot = decks.slot(of: id).map(Int.init), decks.isCreated[slot], !decks.isDeleted[slot] else { return }
        decks.isDeleted[slot] = true
        for card in decks.members[slot] {
            unindex(card)
            cards.hot[Int(card)].isDeckDeleted = true
        }
    }

    /// Adds card `card` of `owner` in deck `deckID` with `front`, created at `occurred` (log
    /// `position`), unless its id is known.
    mutating func createCard(_ card: CardID, deck deckID: DeckID, front: String, profile owner: ProfileID,
                             occurred: EventTime, position: UInt64) {
        let key = IDKey(card)
        guard CardHistoryRule.createsCard(idKnown: cards.slot(of: key) != nil) else { return }
        let profile = profiles.slot(adding: owner).slot
        ensureIndexes(profile: profile)
        let deck = decks.slot(naming: deckID, profile: owner)
        var record = CardHot(profile: profile)
        record.isDeckDeleted = decks.isDeleted[Int(deck)]
        let slot = cards.append(key: key, hot: record, deck: deck, front: front, created: occurred, position: position)
        addMember(slot)
        index(slot)
    }

    mutating func editCard(_ edited: CardEdited) {
        guard let slot = cards.slot(of: IDKey(edited.card)).map(Int.init) else { return }
        cards.fronts[slot] = edited.front
        cards.edits[slot] += 1
    }

    /// Buries a card of the recorder for the rest of the local day the event falls on (a card
    /// that is gone, or another profile's, is not buried: the store refuses both).
    mutating func bury(_ buried: CardBuried, _ event: RecordedEvent) {
        guard let slot = cards.slot(of: IDKey(buried.card)), isHistory(of: slot, recordedBy: event.profile) else { return }
        buriedDays[Int(slot)] = calendar.day(of: event.occurred, profile: event.profile)
    }

    /// Changes a card's schedule by hand (``CardHistoryRule/ManualChange``): a reset makes it new
    /// (back among the new cards, no memory state), a due set with a date moves its due; either
    /// forgets the reviews remembered for undo. A change not part of the card's history (see
    /// ``isHistory(of:recordedBy:)``) is ignored.
    /// - Complexity: O(1) amortized.
    mutating func change(_ card: CardID, by change: CardHistoryRule.ManualChange, dueMs: Int64?,
                         recordedBy recorder: ProfileID) {
        guard let slot = cards.slot(of: IDKey(card)), isHistory(of: slot, recordedBy: recorder) else { return }
        let index = Int(slot)
        cards.prepareUndo(index)
        // The newest review remembered, when the change forgets them, becomes the newest forgotten
        // (its instant read before the change moves the state).
        let ring = cards.hot[index].ring
        if CardHistoryRule.forgetsRemembered(change), ring.count > 0 {
            cards.noteForgotten(index, instantMs: cards.undo.instantMs(of: Int(ring.count) - 1, in: ring,
                                                                        current: cards.hot[index].state))
        }
        unindex(slot)
        if CardHistoryRule.startsNewHistory(change) {
            cards.hot[index].state = .none
        } else if CardHistoryRule.movesDue(change, hasState: cards.hot[index].state.isPresent, hasDue: dueMs != nil),
                  let dueMs {
            cards.hot[index].state.dueMs = dueMs
        }
        if CardHistoryRule.forgetsRemembered(change) {
            cards.hot[index].ring.count = 0
            cards.hot[index].ring.head = 0
        }
        self.index(slot)
    }

    /// Moves a card to another deck: into a deleted deck, the card is gone for good. A gone
    /// card does not move (the store refuses it; a log it did not write may hold such a move).
    mutating func moveCard(_ moved: CardMoved) {
        guard let slot = cards.slot(of: IDKey(moved.card)),
              CardHistoryRule.moves(created: true, isGone: isGone(Int(slot))) else { return }
        let index = Int(slot)
        let deck = decks.slot(naming: moved.toDeck, profile: profiles.ids[Int(cards.hot[index].profile)])
        guard deck != cards.decks[index] else { return }
        unindex(slot)
        removeMember(slot)
        cards.decks[index] = deck
        cards.hot[index].isDeckDeleted = decks.isDeleted[Int(deck)]
        cards.moves[index] += 1
        addMember(slot)
        self.index(slot)
    }

    /// Sets or clears a lifecycle flag (``CardHot/suspendedFlag``, ``CardHot/deletedFlag``)
    /// and keeps the indexes in step.
    mutating func setFlag(_ flag: UInt8, _ on: Bool, card: CardID) {
        guard let slot = cards.slot(of: IDKey(card)) else { return }
        unindex(slot)
        let index = Int(slot)
        cards.hot[index].flags = on ? cards.hot[index].flags | flag : cards.hot[index].flags & ~flag
        self.index(slot)
    }

    /// Counts a review: cram reviews are only counted; a scheduled one goes through the
    /// profile's scheduler and moves the card in the due index. A review that is not part of the
    /// card's history is ignored (see ``isHistory(of:recordedBy:)``).
    /// - Complexity: O(1) amortized (plus the scheduler).
    mutating func grade(_ review: ReviewGraded, _ event: RecordedEvent) {
        guard let slot = cards.slot(of: IDKey(review.card)) else { return }
        grade(slot: slot, review, id: event.id, occurred: event.occurred, recordedBy: event.profile,
              defaultScheduler: nil)
    }

    /// ``grade(_:_:)`` of the card at `slot` (the slot of `review.card`), for review event `id`
    /// that `recorder` recorded at `occurred`; `defaultScheduler` is `defaultScheduling.scheduler`
    /// or nil, which reads that one in place.
    ///
    /// Why the scheduler may be passed in: a batch passes one it holds for the whole batch. Why
    /// one event passes nil: passed as an argument to this `mutating` call, the state's own
    /// scheduler would be copied (220 bytes, four arrays retained and released) before every
    /// review, and the first reads of the copy wait for the copy's stores.
    @inline(__always)
    mutating func grade(slot: Int32, _ review: ReviewGraded, id: EventID, occurred: EventTime,
                        recordedBy recorder: ProfileID, defaultScheduler: Scheduler?) {
        guard isHistory(of: slot, recordedBy: recorder) else { return }
        let index = Int(slot)
        cards.prepareUndo(index)
        var ring = cards.hot[index].ring
        if CardHistoryRule.forgetsOldest(remembered: Int(ring.count)) {
            cards.noteForgotten(index, instantMs: cards.undo.instantMs(of: 0, in: ring, current: cards.hot[index].state))
        }
        if review.mode == .cram {
            cards.cramReviews[index] += 1
            cards.undo.append(.cram(IDKey(id), instantMs: occurred.instant.milliseconds), to: &ring)
            cards.hot[index].ring = ring
            return
        }
        // The seed is computed while the card's record is on its way from memory.
        let previous = cards.hot[index].state, seed = review.card.schedulerSeed
        let profile = profiles.ids[Int(cards.hot[index].profile)]
        let record = ReviewRecord(rating: FSRSRating(review.rating), timeMs: occurred.instant.milliseconds,
                                  utcOffsetMinutes: occurred.utcOffsetMinutes)
        let next = nextState(after: record, from: previous.unpacked, seed: seed, profile: profile,
                             defaultScheduler: defaultScheduler)
        let day = calendar.day(of: occurred, profile: profile)
        unindex(slot)
        cards.hot[index].state = PackedCardState(next)
        cards.undo.append(.scheduled(IDKey(id), before: previous, day: day), to: &ring)
        cards.hot[index].ring = ring
        if CardHistoryRule.isFirstScheduled(isScheduled: true, hasScheduledReview: previous.isPresent) {
            introduce(profile: profile, day: day)
        }
        if DailyReviewLimit.counts(previousInReview: previous.isPresent && !previous.isLearning) {
            countReview(profileSlot: Int(cards.hot[index].profile), day: day)
        }
        self.index(slot)
    }

    /// The card state after `record`, under the scheduler in force for `profile` (reached in
    /// place: no copy of the scheduling per review, which is why this is `mutating`).
    @inline(__always)
    private mutating func nextState(after record: ReviewRecord, from previous: CardState?, seed: Int64,
                                    profile: ProfileID, defaultScheduler: Scheduler?) -> CardState {
        if !profileScheduling.isEmpty, let custom = profileScheduling.index(forKey: profile) {
            return profileScheduling.values[custom].nextState(after: record, from: previous, seed: seed)
        }
        if let defaultScheduler { return defaultScheduler.nextState(after: record, from: previous, fuzzSeed: seed) }
        return defaultScheduling.scheduler.nextState(after: record, from: previous, fuzzSeed: seed)
    }

    /// Excludes a remembered review from the card's history: a cram review is uncounted; a
    /// scheduled one restores the state before it. Which review an undo takes back, if any, is
    /// ``CardHistoryRule``'s (unknown, forgotten, already undone reviews, a scheduled review
    /// followed by a later scheduled one, and undos not part of the card's history are ignored).
    mutating func undo(_ undo: ReviewUndone, recordedBy recorder: ProfileID) {
        guard let slot = cards.slot(of: IDKey(undo.card)) else { return }
        self.undo(slot: slot, undo, recordedBy: recorder)
    }

    /// ``undo(_:recordedBy:)`` of the card at `slot` (the slot of `undo.card`).
    mutating func undo(slot: Int32, _ undo: ReviewUndone, recordedBy recorder: ProfileID) {
        guard isHistory(of: slot, recordedBy: recorder) else { return }
        let index = Int(slot)
        cards.prepareUndo(index)
        var ring = cards.hot[index].ring
        guard let position = CardHistoryRule.reviewTakenBack(IDKey(undo.review), count: Int(ring.count),
                                                             id: { cards.undo.entry($0, of: ring).review },
                                                             isScheduled: { !cards.undo.entry($0, of: ring).isCram })
        else { return }
        let entry = cards.undo.entry(position, of: ring)
        if entry.isCram {
            cards.cramReviews[index] -= 1
            cards.undo.remove(at: position, from: &ring)
            cards.hot[index].ring = ring
            return
        }
        unindex(slot)
        // The undone review is the card's latest scheduled one: the state it left holds its day.
        let reviewDay = cards.hot[index].state.lastReviewDay
        cards.hot[index].state = entry.before
        cards.undo.remove(at: position, from: &ring)
        cards.hot[index].ring = ring
        if !entry.before.isPresent { unintroduce(profile: profiles.ids[Int(cards.hot[index].profile)], day: entry.day) }
        if DailyReviewLimit.counts(previousInReview: entry.before.isPresent && !entry.before.isLearning) {
            uncountReview(profileSlot: Int(cards.hot[index].profile), day: reviewDay)
        }
        self.index(slot)
    }

    /// True when a review or undo of the card at `slot` recorded by `recorder` belongs to the
    /// card's history (``CardHistoryRule/counts(isGone:recordedByOwner:)``). The store refuses
    /// the others; on a log it did not write they are ignored, as every reader of the log
    /// ignores them.
    @inline(__always)
    func isHistory(of slot: Int32, recordedBy recorder: ProfileID) -> Bool {
        // Compared as keys: two words each.
        CardHistoryRule.counts(isGone: isGone(Int(slot)),
                               recordedByOwner: IDKey(profiles.ids[Int(cards.hot[Int(slot)].profile)]) == IDKey(recorder))
    }

    /// Counts a card's first counted review on local `day`.
    mutating func introduce(profile: ProfileID, day: Int64) {
        guard let current = introductions[profile], current.day >= day else {
            introductions[profile] = DailyIntroductions(day: day, count: 1)
            return
        }
        if current.day == day { introductions[profile]!.count += 1 }
    }

    /// Counts a review against profile slot `profileSlot`'s daily review limit on local `day`
    /// (a day before the latest one counted is past: nothing to count).
    @inline(__always)
    mutating func countReview(profileSlot: Int, day: Int64) {
        let current = dailyReviews[profileSlot]
        if current.day < day {
            dailyReviews[profileSlot] = DailyIntroductions(day: day, count: 1)
        } else if current.day == day {
            dailyReviews[profileSlot].count += 1
        }
    }

    /// Uncounts an undone review counted on local `day`.
    mutating func uncountReview(profileSlot: Int, day: Int64) {
        guard dailyReviews[profileSlot].day == day, dailyReviews[profileSlot].count > 0 else { return }
        dailyReviews[profileSlot].count -= 1
    }

    /// Uncounts a first counted review on local `day` that was undone.
    mutating func unintroduce(profile: ProfileID, day: Int64) {
        guard let current = introductions[profile], current.day == day, current.count > 0 else { return }
        introductions[profile]!.count -= 1
    }

    mutating func changeParameters(_ change: SchedulerParametersChanged, profile: ProfileID) {
        guard let parameters = change.fsrsParameters,
              let next = scheduling(of: profile).changed({ $0.parameters = parameters })
        else { return }
        profileScheduling[profile] = next
    }

    mutating func changeRetention(_ change: DesiredRetentionChanged, profile: ProfileID) {
        guard let next = scheduling(of: profile).changed({ $0.desiredRetention = Float(change.retention.value) })
        else { return }
        profileScheduling[profile] = next
    }

    /// Sets `profile`'s own daily new-card limit when `change` is of ``SettingKey/newCardsPerDay``
    /// and gives a valid one (see ``NewCardLimit``), or its daily review limit when it is of
    /// ``SettingKey/reviewsPerDay`` (see ``DailyReviewLimit``); other settings, and invalid
    /// values, change nothing.
    mutating func changeSetting(_ change: SettingChanged, profile: ProfileID) {
        if change.key == .reviewsPerDay, let limit = DailyReviewLimit(change.value) { profileReviewLimits[profile] = limit }
        guard change.key == .newCardsPerDay, let limit = NewCardLimit(change.value) else { return }
        profileNewCardLimits[profile] = limit
    }

    /// Returns `profile` to the configured daily new-card limit when `unset` is of
    /// ``SettingKey/newCardsPerDay``, to no review limit when it is of ``SettingKey/reviewsPerDay``;
    /// other settings change nothing.
    mutating func unsetSetting(_ unset: SettingUnset, profile: ProfileID) {
        if unset.key == .reviewsPerDay { profileReviewLimits[profile] = nil }
        guard unset.key == .newCardsPerDay else { return }
        profileNewCardLimits[profile] = nil
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
