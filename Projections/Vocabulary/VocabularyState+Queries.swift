import Events
import FSRS
import Foundation

// The public queries of the vocabulary model. "Now" and "today" always come from the
// caller (an instant with the person's UTC offset), never from a clock.
extension VocabularyState {
    /// The card `id`, deleted or not; nil when no such card was created.
    /// - Complexity: O(1).
    public func card(_ id: CardID) -> CardSummary? {
        cards.slot(of: IDKey(id)).map(summary)
    }

    /// True when card `id` is buried on the local day of `time` (its owner's day): it is left out
    /// of the due queue and of the new cards offered until that day ends.
    /// - Complexity: O(1).
    public func isBuried(_ id: CardID, at time: EventTime) -> Bool {
        guard let slot = cards.slot(of: IDKey(id)) else { return false }
        return isBuried(slot, at: time)
    }

    /// The instant at which the local day `days` after the day of `time` begins for `profile`
    /// (its day cut-off, at the UTC offset of `time`): when a card given that due date is due.
    /// - Complexity: O(1).
    public func startOfDay(_ days: Int, after time: EventTime, profile: ProfileID) -> Timestamp {
        let cutoff = calendar.cutoffHour(of: profile)
        let today = LocalDay.number(of: time, cutoffHour: cutoff)
        return Timestamp(milliseconds: LocalDay.start(ofDay: today + Int64(days), offsetOf: time, cutoffHour: cutoff))
    }

    /// The cards of profile slot `owner` buried on local `day`.
    /// - Complexity: O(b) for the b cards ever buried.
    private func buriedSlots(owner: Int32, day: Int64) -> Set<Int32> {
        guard !buriedDays.isEmpty else { return [] }
        var slots = Set<Int32>()
        for (slot, buriedDay) in buriedDays where buriedDay == day && cards.hot[slot].profile == owner {
            slots.insert(Int32(slot))
        }
        return slots
    }

    /// The leeches of `profile` (``LeechRule``), suspended ones included, gone ones left out:
    /// most lapses first, then in creation order.
    /// - Complexity: O(n) for the n cards of every profile, plus the sorting of the leeches.
    public func leeches(of profile: ProfileID) -> [CardSummary] {
        guard let owner = profiles.slot(of: profile) else { return [] }
        var found: [(lapses: Int, slot: Int32)] = []
        for slot in 0..<cards.count where cards.hot[slot].profile == owner && !isGone(slot) {
            guard let state = cards.hot[slot].state.unpacked, LeechRule.isLeech(lapses: state.lapses) else { continue }
            found.append((state.lapses, Int32(slot)))
        }
        // Slots are creation order.
        return found.sorted { ($1.lapses, $0.slot) < ($0.lapses, $1.slot) }.map { summary($0.slot) }
    }

    /// The cards of `deck` in creation order (tie-break: card id); deleted ones only when asked.
    /// - Complexity: O(k log k) for the deck's k cards.
    public func cards(inDeck deck: DeckID, includingDeleted: Bool = false) -> [CardSummary] {
        guard let slot = decks.slot(of: deck) else { return [] }
        // Slots are given in creation order, and creation positions are unique.
        return decks.members[Int(slot)].sorted()
            .filter { includingDeleted || !isGone(Int($0)) }
            .map(summary)
    }

    /// The cards of `profile` (in `deck`, or in any deck: also another profile's, as a log the
    /// store did not write may place them) that are not gone, in deck then creation order: what
    /// the forecast and the distributions count. Lazy: each card's summary is made as the
    /// caller reaches it, so a count over every card of a large store holds one summary at a time
    /// (a whole array of them was 120 MB at 250k cards), beside one deck's sorted card slots.
    /// - Complexity: O(c) for all c cards (O(k) for a deck's k cards), O(k log k) per deck of k.
    func liveCards(of profile: ProfileID, deck: DeckID?) -> some Sequence<CardSummary> {
        let slots = deck.map { decks.slot(of: $0).map { [Int($0)] } ?? [] } ?? Array(0..<decks.count)
        // As `cards(inDeck:)` gives them: a deck's cards in creation order, those not gone.
        return slots.lazy.flatMap { deckSlot in decks.members[deckSlot].sorted() }
            .filter { !isGone(Int($0)) }
            .map(summary)
            .filter { $0.profile == profile }
    }

    /// Whether deck `id`, created by `profile`, has been deleted; nil when `profile` created no
    /// deck `id` (never created, or another profile's). What a command on a deck checks first.
    /// - Complexity: O(1).
    public func isDeckDeleted(_ id: DeckID, of profile: ProfileID) -> Bool? {
        guard let slot = decks.slot(of: id).map(Int.init), decks.isCreated[slot], decks.profiles[slot] == profile else { return nil }
        return decks.isDeleted[slot]
    }

    /// The decks of `profile` in creation order (tie-break: deck id); deleted ones only when asked.
    /// - Complexity: O(d log d + c) for its d decks and their c cards.
    public func decks(of profile: ProfileID, includingDeleted: Bool = false) -> [DeckSummary] {
        (0..<decks.count).filter { slot in
            decks.isCreated[slot] && decks.profiles[slot] == profile && (includingDeleted || !decks.isDeleted[slot])
        }
        .sorted { (decks.createdPositions[$0], decks.ids[$0]) < (decks.createdPositions[$1], decks.ids[$1]) }
        .map { slot in
            let live = decks.members[slot].reduce(0) { $0 + (cards.hot[Int($1)].isDeleted ? 0 : 1) }
            return DeckSummary(id: decks.ids[slot], name: decks.names[slot], profile: decks.profiles[slot],
                               createdPosition: decks.createdPositions[slot], isDeleted: decks.isDeleted[slot],
                               cardCount: live)
        }
    }

    /// How many new cards `profile` may still start on the local day of `time`: its daily limit in
    /// force now (``dailyNewCardLimit(of:)``, even if it changed during that day) less the new
    /// cards already started that day, never below 0.
    public func newCardsAllowed(profile: ProfileID, at time: EventTime) -> Int {
        max(0, dailyNewCardLimit(of: profile) - newCardsIntroduced(profile: profile, at: time))
    }

    /// The cards of `profile` whose first counted review fell on the local day of `time` (0 for
    /// days before the latest day with a first review: only that day is kept).
    public func newCardsIntroduced(profile: ProfileID, at time: EventTime) -> Int {
        guard let introduced = introductions[profile] else { return 0 }
        return introduced.day == calendar.day(of: time, profile: profile) ? introduced.count : 0
    }

    /// What `profile` (or its `deck`) has to study at `time`: reviewed cards due by then in due
    /// order, and the new cards its daily limit (``dailyNewCardLimit(of:)``) still allows, in
    /// creation order; suspended and deleted cards never appear, nor cards buried that local day
    /// (``isBuried(_:at:)``), nor the cards in the review phase its daily review limit holds back
    /// (``DailyReviewLimit``: the latest due beyond it). Each list holds at most `limit`
    /// cards; the counts are exact.
    /// - Complexity: without a deck, O(b log b) for the profile's b due days plus the sorting of
    ///   the days listed; with a deck, O(d) for the d cards due, plus the listed days' sorting.
    ///   New cards: O(m) for the m new cards looked at (with a deck, every new card of the
    ///   profile may be looked at to find those of the deck).
    public func dueQueue(profile: ProfileID, deck: DeckID? = nil, at time: EventTime, limit: Int) -> DueQueue {
        queue(profile: profile, deck: deck, at: time, limit: max(0, limit))
    }

    /// The counts of ``dueQueue(profile:deck:at:limit:)`` without the cards.
    /// - Complexity: as ``dueQueue(profile:deck:at:limit:)``.
    public func dueCount(profile: ProfileID, deck: DeckID? = nil, at time: EventTime) -> DueCounts {
        queue(profile: profile, deck: deck, at: time, limit: 0).counts
    }

    /// How many reviewed cards of `profile` (or of its `deck`) are due by the end of the local day
    /// of `time` (its day cut-off applies; overdue cards included; at most what its daily review
    /// limit still offers, as in ``dueCount(profile:deck:at:)``): "due today", where
    /// ``dueCount(profile:deck:at:)`` at `time` is "due now".
    /// - Complexity: as ``dueCount(profile:deck:at:)``.
    public func dueToday(profile: ProfileID, deck: DeckID? = nil, at time: EventTime) -> Int {
        let end = LocalDay.start(ofDay: calendar.day(of: time, profile: profile) + 1,
                                 utcOffsetMinutes: Int(time.utcOffset.seconds) / 60, cutoffHour: calendar.cutoffHour(of: profile))
        return dueCount(profile: profile, deck: deck, at: EventTime(instant: Timestamp(milliseconds: end - 1), utcOffset: time.utcOffset)).due
    }

    /// The first reviewed card of `profile` (or of its `deck`) due strictly after `instant`,
    /// suspended and deleted cards left out; nil when none is.
    /// - Complexity: O(b log b) for the profile's b due days, plus the sorting of the days looked
    ///   at until one holds a card of the deck.
    public func nextDue(profile: ProfileID, deck: DeckID? = nil, after instant: Timestamp) -> CardSummary? {
        guard let owner = profiles.slot(of: profile), instant.milliseconds < .max else { return nil }
        let wanted = deckFilter(deck)
        guard wanted != .unknown else { return nil }
        var found: Int32?
        dueIndex[Int(owner)].walk(from: instant.milliseconds + 1, through: .max, order: dueOrder) { slot in
            guard matches(slot, wanted) else { return true }
            found = slot
            return false
        }
        return found.map(summary)
    }

    private func queue(profile: ProfileID, deck: DeckID?, at time: EventTime, limit: Int) -> DueQueue {
        let introduced = newCardsIntroduced(profile: profile, at: time)
        let wanted = deckFilter(deck)
        guard let owner = profiles.slot(of: profile).map(Int.init), wanted != .unknown else {
            return DueQueue(reviews: [], newCards: [], counts: DueCounts(
                due: 0, learning: 0, newAvailable: 0, newIntroducedToday: introduced))
        }
        let now = time.instant.milliseconds
        let dueCards = dueIndex[owner]
        var due = 0, learning = 0
        if wanted == .any {
            let today = DueCalendar.utcBucketDay(of: now)
            (due, learning) = dueCards.counts(beforeDay: today)
            for slot in dueCards.slots(onDay: today) where cards.hot[Int(slot)].state.dueMs <= now {
                due += 1
                if cards.hot[Int(slot)].state.isLearning { learning += 1 }
            }
        } else {
            for (bucket, day) in dueCards.days.enumerated() where day <= DueCalendar.utcBucketDay(of: now) {
                for slot in dueCards.slots(inBucket: bucket) where matches(slot, wanted) {
                    let state = cards.hot[Int(slot)].state
                    guard state.dueMs <= now else { continue }
                    due += 1
                    if state.isLearning { learning += 1 }
                }
            }
        }
        // Buried cards the counts above included leave them.
        let buried = buriedSlots(owner: Int32(owner), day: calendar.day(of: time, profile: profile))
        for slot in buried where cards.hot[Int(slot)].due.isPresent && matches(slot, wanted) {
            let state = cards.hot[Int(slot)].state
            guard state.dueMs <= now else { continue }
            due -= 1
            if state.isLearning { learning -= 1 }
        }
        // The daily review limit holds back the latest due of the cards in the review phase.
        let inReview = due - learning
        let offered = DailyReviewLimit.offered(due: inReview, done: reviewsCounted(profile: profile, at: time),
                                               limit: dailyReviewLimit(of: profile))
        let heldBack = inReview - offered
        due -= heldBack
        var reviews: [CardSummary] = []
        if limit > 0 && due > 0 {
            var reviewPhaseListed = 0
            dueCards.walk(from: .min, through: now, order: dueOrder) { slot in
                guard matches(slot, wanted) && !buried.contains(slot) else { return true }
                if !cards.hot[Int(slot)].state.isLearning {
                    guard reviewPhaseListed < offered else { return true }
                    reviewPhaseListed += 1
                }
                reviews.append(summary(slot))
                return reviews.count < limit
            }
        }
        let allowed = max(0, dailyNewCardLimit(of: profile) - introduced)
        var newCards: [CardSummary] = []
        var available = 0
        if allowed > 0 {
            newIndex[owner].walk { slot in
                guard matches(slot, wanted), !buried.contains(slot) else { return true }
                available += 1
                if newCards.count < limit { newCards.append(summary(slot)) }
                return available < allowed
            }
        }
        return DueQueue(reviews: reviews, newCards: newCards,
                        counts: DueCounts(due: due, learning: learning, newAvailable: available,
                                          newIntroducedToday: introduced, reviewsHeldBack: heldBack))
    }

    /// Which cards a query keeps: all, those of one deck slot, or none (an unknown deck).
    private enum DeckFilter: Equatable {
        case any
        case deck(Int32)
        case unknown
    }

    private func deckFilter(_ deck: DeckID?) -> DeckFilter {
        guard let deck else { return .any }
        return decks.slot(of: deck).map(DeckFilter.deck) ?? .unknown
    }

    @inline(__always)
    private func matches(_ slot: Int32, _ filter: DeckFilter) -> Bool {
        switch filter {
        case .any: true
        case .deck(let deck): cards.decks[Int(slot)] == deck
        case .unknown: false
        }
    }

    /// The due-index order of the card at `slot`.
    private func dueOrder(_ slot: Int32) -> DueOrder {
        DueOrder(dueMs: cards.hot[Int(slot)].state.dueMs, card: cards.keys[Int(slot)])
    }

    /// The card at `slot` as an app shows it.
    func summary(_ slot: Int32) -> CardSummary {
        let index = Int(slot), hot = cards.hot[index]
        return CardSummary(
            id: CardID(cards.keys[index].uuid), deck: decks.ids[Int(cards.decks[index])], profile: profiles.ids[Int(hot.profile)],
            front: cards.fronts[index], createdPosition: cards.createdPositions[index], created: cards.created[index],
            isSuspended: hot.isSuspended, isDeleted: hot.isDeleted, isDeckDeleted: hot.isDeckDeleted,
            edits: cards.edits[index], moves: cards.moves[index], schedule: hot.state.unpacked,
            cramReviews: Int(cards.cramReviews[index]), undoableReviews: Int(hot.ring.count))
    }
}
