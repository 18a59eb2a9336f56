import Events
import FSRS
import Foundation

// The batch fold: the events of a batch read in place (no copy of each `RecordedEvent`), and
// the cache misses of the reviews overlapped across events by a software-prefetch pipeline.
//
// A review's cost is its cache misses: the id index's bucket, then the card's hot record,
// then its undo slot and its place in the due calendar, each needing the one before. The
// pipeline starts them ahead, one stage per miss: at event i it prefetches the index bucket of
// event i + 3d, looks up the slot of event i + 2d (its bucket now cached) and prefetches the
// card's record, then reads event i + d's record (now cached) to prefetch its undo slot and
// due-calendar place; then it folds event i. Reviews, undos, card creations and edits are
// looked up ahead, by the card their payload names (read without copying the event: see
// `DomainEvent+Payloads`); the fold reuses a slot found ahead only when it is for the event's
// own card (a slot, once given, never changes; a card created inside the batch after the lookup
// is looked up again), so both paths make the very same state changes.
//
// Profiles of `replay.all` show the stage-3 read of the record and the undo store still
// waiting on memory: the arrays live on 4 KB pages (transparent huge pages are `madvise`-only
// on the benchmark machine) and a prefetch that misses the TLB seems to be dropped, so the
// overlap is partial.
extension VocabularyProjection {
    /// Events between the pipeline's stages. Measured with `vocabulary.fold.batch` (thread CPU
    /// time, 1M events): 0 (each stage run on the event itself: no overlap) 0.95-1.05 s, 2 to 16 all 0.57-0.87 s with no clear
    /// winner under the machine's noise; 8 is in the middle of that plateau.
    package static let prefetchDistance = 8

    /// Folds the events of `batch` after `checkpoint` exactly as ``apply(_:to:)`` one by one
    /// would, prefetching ahead; never fails (the fold never throws).
    /// - Complexity: O(n) for n events.
    package func apply(_ batch: [RecordedEvent], after checkpoint: UInt64,
                       to state: inout VocabularyState) -> BatchOutcome {
        apply(batch, after: checkpoint, to: &state, prefetchDistance: Self.prefetchDistance)
    }

    /// ``apply(_:after:to:)`` with `distance` events between the pipeline's stages (0: none; a
    /// knob for measurements, giving the same state whatever its value).
    package func apply(_ batch: [RecordedEvent], after checkpoint: UInt64, to state: inout VocabularyState,
                       prefetchDistance distance: Int) -> BatchOutcome {
        let kinds = kinds
        var last = checkpoint
        let scheduler = state.defaultScheduling.scheduler
        batch.withUnsafeBufferPointer { events in
            let count = events.count
            // Per event looked up ahead, the card its payload names (stage 1) and the slot found
            // for it (stage 2): -2 not looked up, -1 no such card (yet).
            var keys = [IDKey](repeating: IDKey(high: 0, low: 0), count: count)
            var slots = [Int32](repeating: -2, count: count)
            keys.withUnsafeMutableBufferPointer { keys in
                slots.withUnsafeMutableBufferPointer { slots in
                    func stage1(_ ahead: Int) {
                        // The card of a review, an undo, a creation or an edit (read without
                        // copying the event); a creation's lookup finds nothing, but the index
                        // bucket it then inserts into is loaded.
                        guard let card = events[ahead].event.frequentEventCard else { return }
                        let key = IDKey(card)
                        keys[ahead] = key
                        slots[ahead] = -1
                        state.prefetchIndex(key)
                    }
                    func stage2(_ ahead: Int) {
                        if slots[ahead] == -1 { slots[ahead] = state.prefetchRecord(keys[ahead]) }
                    }
                    for ahead in 0..<min(3 * distance, count) { stage1(ahead) }
                    for ahead in 0..<min(2 * distance, count) { stage2(ahead) }
                    for ahead in 0..<min(distance, count) { state.prefetchTargets(of: slots[ahead]) }
                    for index in 0..<count {
                        if index + 3 * distance < count { stage1(index + 3 * distance) }
                        if index + 2 * distance < count { stage2(index + 2 * distance) }
                        if index + distance < count { state.prefetchTargets(of: slots[index + distance]) }
                        let position = events[index].position
                        guard position > checkpoint else { continue }
                        if kinds.contains(events[index].event) {
                            fold(events, at: index, key: keys[index], slot: slots[index], scheduler: scheduler,
                                 into: &state)
                        }
                        last = position
                    }
                }
            }
        }
        return BatchOutcome(lastApplied: last, failure: nil)
    }

    /// Folds `events[index]` in place: ``apply(_:to:)``'s steps, a review's or an undo's card
    /// at `slot` when the card looked up ahead (`key`, from the event's payload) is the event's
    /// and was found; else looked up now. Every other event (settings among them) goes through
    /// ``apply(_:to:)`` itself. `scheduler` is the state's default scheduler.
    @inline(__always)
    private func fold(_ events: UnsafeBufferPointer<RecordedEvent>, at index: Int, key: IDKey, slot: Int32,
                      scheduler: Scheduler, into state: inout VocabularyState) {
        if let review = events[index].event.reviewGradedPayload {
            let card = IDKey(review.card)
            guard let slot = slot >= 0 && card == key ? slot : state.cards.slot(of: card) else { return }
            state.grade(slot: slot, review, id: events[index].id, occurred: events[index].occurred,
                        recordedBy: events[index].profile, defaultScheduler: scheduler)
        } else if let undo = events[index].event.reviewUndonePayload {
            let card = IDKey(undo.card)
            guard let slot = slot >= 0 && card == key ? slot : state.cards.slot(of: card) else { return }
            state.undo(slot: slot, undo, recordedBy: events[index].profile)
        } else if let created = events[index].event.cardCreatedFront {
            state.createCard(created.card, deck: created.deck, front: created.front, profile: events[index].profile,
                             occurred: events[index].occurred, position: events[index].position)
        } else {
            apply(events[index], to: &state)
        }
    }
}

// The pipeline's stages: hints only, none changes the state or any result. They are `mutating`
// only so that the state is passed by reference: a non-mutating call on the batch closure's
// captured `inout` state copies the whole state first (every column retained, then released).
extension VocabularyState {
    /// Stage 1: starts loading the id index's bucket of `key`.
    @inline(__always)
    package mutating func prefetchIndex(_ key: IDKey) { cards.prefetchIndex(key) }

    /// Stage 2: the slot of card `key` (-1 when there is none), its hot record prefetched.
    @inline(__always)
    mutating func prefetchRecord(_ key: IDKey) -> Int32 {
        guard let slot = cards.slot(of: key) else { return -1 }
        cards.prefetchHot(slot)
        return slot
    }

    /// Stage 2 for a check of a command or an imported event on card `key` (its ``standing(of:)``)
    /// and then its review: the slot of the card (-1 when there is none), its hot record, deck
    /// and creation time prefetched.
    @inline(__always)
    package mutating func prefetchStanding(_ key: IDKey) -> Int32 {
        guard let slot = cards.slot(of: key) else { return -1 }
        cards.prefetchHot(slot)
        cards.prefetchStanding(slot)
        return slot
    }

    /// Stage 3: prefetches what a review of card `slot` writes besides its record: the undo
    /// slot it fills and its place in the due calendar (nothing for a negative slot).
    @inline(__always)
    package mutating func prefetchTargets(of slot: Int32) {
        guard slot >= 0 else { return }
        let (ring, place, profile) = cards.hot.withUnsafeBufferPointer { hot in
            (hot[Int(slot)].ring, hot[Int(slot)].due, Int(hot[Int(slot)].profile))
        }
        cards.undo.prefetchReview(of: ring)
        if place.isPresent { dueIndex[profile].prefetch(place) }
    }
}
