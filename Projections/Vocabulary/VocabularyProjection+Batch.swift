import Events

// The batch fold: the events of a batch read in place (no copy of each `RecordedEvent`), and
// the cache misses of the reviews overlapped across events by a software-prefetch pipeline.
//
// A review's cost is its cache misses: the id index's bucket, then the card's hot record,
// then its undo slot and its place in the due calendar, each needing the one before. The
// pipeline starts them ahead, one stage per miss: at event i it prefetches the index bucket of
// event i + 3d, looks up the slot of event i + 2d (its bucket now cached) and prefetches the
// card's record, then reads event i + d's record (now cached) to prefetch its undo slot and
// due-calendar place; then it folds event i. The slots looked up ahead are reused by the fold
// (a slot, once given, never changes; a card created inside the batch after the lookup is
// looked up again), so both paths make the very same state changes.
extension VocabularyProjection {
    /// Events between the pipeline's stages. Measured with `vocabulary.fold.batch` (thread CPU
    /// time, 1M events): 0 (no prefetching) 0.95-1.05 s, 2 to 16 all 0.57-0.87 s with no clear
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
        batch.withUnsafeBufferPointer { events in
            let count = events.count
            // The slot of each event's card as looked up ahead (-1: none yet, or no card).
            var slots = [Int32](repeating: -1, count: count)
            slots.withUnsafeMutableBufferPointer { slots in
                for ahead in 0..<min(3 * distance, count) {
                    state.prefetchIndex(for: events[ahead].event)
                    if ahead < 2 * distance { slots[ahead] = state.prefetchRecord(for: events[ahead].event) }
                    if ahead < distance { state.prefetchTargets(of: slots[ahead]) }
                }
                for index in 0..<count {
                    if index + 3 * distance < count { state.prefetchIndex(for: events[index + 3 * distance].event) }
                    if index + 2 * distance < count {
                        slots[index + 2 * distance] = state.prefetchRecord(for: events[index + 2 * distance].event)
                    }
                    if index + distance < count { state.prefetchTargets(of: slots[index + distance]) }
                    let position = events[index].position
                    guard position > checkpoint else { continue }
                    if kinds.contains(events[index].event) {
                        fold(events, at: index, slot: slots[index], into: &state)
                    }
                    last = position
                }
            }
        }
        return BatchOutcome(lastApplied: last, failure: nil)
    }

    /// Folds `events[index]` in place: ``apply(_:to:)``'s steps, a review's or an undo's card
    /// at `slot` when it was found ahead (-1: look it up now).
    @inline(__always)
    private func fold(_ events: UnsafeBufferPointer<RecordedEvent>, at index: Int, slot: Int32,
                      into state: inout VocabularyState) {
        switch events[index].event {
        case .reviewGraded(let review):
            guard let slot = slot >= 0 ? slot : state.cards.slot(of: IDKey(review.card)) else { return }
            state.grade(slot: slot, review, id: events[index].id, occurred: events[index].occurred)
        case .reviewUndone(let undo):
            guard let slot = slot >= 0 ? slot : state.cards.slot(of: IDKey(undo.card)) else { return }
            state.undo(slot: slot, undo)
        case .cardCreated(let created):
            state.createCard(created, profile: events[index].profile, occurred: events[index].occurred,
                             position: events[index].position)
        default:
            apply(events[index], to: &state)
        }
    }
}

// The pipeline's stages: hints only, none changes the state or any result. They are `mutating`
// only so that the state is passed by reference: a non-mutating call on the batch closure's
// captured `inout` state copies the whole state first (every column retained, then released).
extension VocabularyState {
    /// The card a review or an undo is about.
    @inline(__always)
    static func reviewedCard(_ event: DomainEvent) -> IDKey? {
        switch event {
        case .reviewGraded(let review): IDKey(review.card)
        case .reviewUndone(let undo): IDKey(undo.card)
        default: nil
        }
    }

    /// Stage 1: starts loading the id index's bucket of the card `event` reviews, undoes or
    /// creates.
    @inline(__always)
    mutating func prefetchIndex(for event: DomainEvent) {
        switch event {
        case .reviewGraded(let review): cards.prefetchIndex(IDKey(review.card))
        case .reviewUndone(let undo): cards.prefetchIndex(IDKey(undo.card))
        case .cardCreated(let created): cards.prefetchIndex(IDKey(created.card))
        default: break
        }
    }

    /// Stage 2: the slot of the card `event` reviews or undoes (-1 when none), its hot record
    /// prefetched.
    @inline(__always)
    mutating func prefetchRecord(for event: DomainEvent) -> Int32 {
        guard let key = Self.reviewedCard(event), let slot = cards.slot(of: key) else { return -1 }
        cards.prefetchHot(slot)
        return slot
    }

    /// Stage 3: prefetches what a review of card `slot` writes besides its record: the undo
    /// slot it fills and its place in the due calendar (nothing for -1).
    @inline(__always)
    mutating func prefetchTargets(of slot: Int32) {
        guard slot >= 0 else { return }
        let (ring, place, profile) = cards.hot.withUnsafeBufferPointer { hot in
            (hot[Int(slot)].ring, hot[Int(slot)].due, Int(hot[Int(slot)].profile))
        }
        cards.undo.prefetchAppend(to: ring)
        if place.isPresent { dueIndex[profile].prefetch(place) }
    }
}
