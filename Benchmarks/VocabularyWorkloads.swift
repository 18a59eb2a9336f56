import Events
import FSRS
import Foundation
import Projections

/// Vocabulary read-model workloads: the fold that replay runs for every event.
let vocabularyWorkloads: [Workload] = [
    Workload(name: "vocabulary.fold",
             summary: "vocabulary fold over decoded events (5% card creations, 95% reviews, 2 profiles, steps and fuzz on)",
             defaultEvents: 1_000_000, quickEvents: 20_000) { context in
        let events = VocabularyBenchmarkLog.events(count: context.events, seed: 42)
        let projection = VocabularyProjection(configuration: try SchedulerConfiguration(), dailyNewCardLimit: 20)
        var state = projection.makeInitialState()
        let start = Stopwatch.now()
        // Indexing borrows each event in place; `for event in events` would copy (retain and
        // release) every event inside the timed loop.
        for index in events.indices { projection.apply(events[index], to: &state) }
        let seconds = Stopwatch.seconds(since: start)
        blackHole(state.dueCount(profile: events[0].profile, at: events[events.count - 1].occurred))
        return Sample(events: events.count, seconds: seconds)
    },
    Workload(name: "vocabulary.fold.batch",
             summary: "the same log through the batch fold (batches of 4096, as the runner hands them; prefetching)",
             defaultEvents: 1_000_000, quickEvents: 20_000) { context in
        try foldInBatches(context, prefetchDistance: VocabularyProjection.prefetchDistance)
    },
    Workload(name: "vocabulary.fold.batch.noprefetch",
             summary: "the batch fold without its prefetch pipeline (what the prefetching gains)",
             defaultEvents: 1_000_000, quickEvents: 20_000) { context in
        try foldInBatches(context, prefetchDistance: 0)
    },
]

/// Times the batch fold of ``VocabularyBenchmarkLog`` in batches of 4096 with `prefetchDistance`.
private func foldInBatches(_ context: WorkloadContext, prefetchDistance: Int) throws -> Sample {
    let events = VocabularyBenchmarkLog.events(count: context.events, seed: 42)
    let batches = stride(from: 0, to: events.count, by: 4096).map { Array(events[$0 ..< min($0 + 4096, events.count)]) }
    let projection = VocabularyProjection(configuration: try SchedulerConfiguration(), dailyNewCardLimit: 20)
    var state = projection.makeInitialState()
    let start = Stopwatch.now()
    for batch in batches {
        blackHole(projection.apply(batch, after: 0, to: &state, prefetchDistance: prefetchDistance).lastApplied)
    }
    let seconds = Stopwatch.seconds(since: start)
    blackHole(state.dueCount(profile: events[0].profile, at: events[events.count - 1].occurred))
    return Sample(events: events.count, seconds: seconds)
}

/// A seeded synthetic vocabulary log: one deck per profile, cards created along the way and
/// reviewed at realistic gaps (minutes to weeks), ratings weighted towards Good.
enum VocabularyBenchmarkLog {
    static func events(count: Int, seed: UInt64) -> [RecordedEvent] {
        var random = seed
        func next() -> UInt64 {
            random &+= 0x9E37_79B9_7F4A_7C15
            var z = random
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        func uuid(_ kind: UInt64, _ n: UInt64) -> UUID {
            let v = kind << 56 | n
            return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, UInt8(truncatingIfNeeded: v >> 56), UInt8(truncatingIfNeeded: v >> 48),
                               UInt8(truncatingIfNeeded: v >> 40), UInt8(truncatingIfNeeded: v >> 32),
                               UInt8(truncatingIfNeeded: v >> 24), UInt8(truncatingIfNeeded: v >> 16),
                               UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)))
        }
        let profiles = [ProfileID(uuid(1, 0)), ProfileID(uuid(1, 1))]
        let decks = [DeckID(uuid(2, 0)), DeckID(uuid(2, 1))]
        var events: [RecordedEvent] = []
        events.reserveCapacity(count)
        var time: Int64 = 1_767_225_600_000 // 2026-01-01
        var cards: [CardID] = []
        let duration = try! ElapsedTime(milliseconds: 4000)
        let offset = try! UTCOffset(seconds: 3600)
        func append(_ event: DomainEvent, stream: StreamID, profile: ProfileID) {
            let position = UInt64(events.count + 1)
            let at = Timestamp(milliseconds: time)
            events.append(RecordedEvent(position: position, id: EventID(uuid(3, position)), stream: stream,
                                        streamVersion: 1, profile: profile,
                                        occurred: EventTime(instant: at, utcOffset: offset), recordedAt: at, event: event))
        }
        for index in 0..<2 {
            append(.deckCreated(DeckCreated(deck: decks[index], name: "deck")), stream: .deck(decks[index]), profile: profiles[index])
        }
        while events.count < count {
            time += Int64(next() % 600_000) + 1000
            if cards.isEmpty || next() % 20 == 0 {
                let card = CardID(uuid(4, UInt64(cards.count)))
                let side = cards.count % 2
                append(.cardCreated(CardCreated(card: card, deck: decks[side], front: "word", back: "mot")),
                       stream: .card(card), profile: profiles[side])
                cards.append(card)
            } else {
                let pick = Int(next() % UInt64(cards.count))
                let roll = next() % 100
                let rating: Rating = roll < 10 ? .again : roll < 20 ? .hard : roll < 90 ? .good : .easy
                append(.reviewGraded(ReviewGraded(card: cards[pick], rating: rating, mode: roll == 99 ? .cram : .scheduled,
                                                  duration: duration)),
                       stream: .card(cards[pick]), profile: profiles[pick % 2])
            }
        }
        return events
    }
}
