import Dispatch
import Hindsight
import Synchronization
import FSRS

/// FSRS workloads: recomputing every card's schedule from its review history, as a rebuild
/// under new parameters does.
let fsrsWorkloads: [Workload] = [
    Workload(name: "fsrs.recompute",
             summary: "card states recomputed from history (10 reviews a card, steps and fuzz on, 2 threads)",
             defaultEvents: 1_000_000, quickEvents: 20_000) { context in
        let reviewsPerCard = 10
        let cards = max(1, context.events / reviewsPerCard)
        let history = FSRSBenchmarkHistory(cards: cards, reviewsPerCard: reviewsPerCard, seed: 42)
        let scheduler = Scheduler(configuration: try SchedulerConfiguration())
        let workers = 2
        let start = Stopwatch.now()
        let total = Mutex(0.0)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var checksum = 0.0
            var card = worker
            while card < cards {
                let range = card * reviewsPerCard..<(card + 1) * reviewsPerCard
                if let state = scheduler.state(after: history.reviews[range], fuzzSeed: Int64(card)) {
                    checksum += Double(state.memory.stability) + Double(state.dueMs & 0xFF)
                }
                card += workers
            }
            total.withLock { $0 += checksum }
        }
        let seconds = Stopwatch.seconds(since: start)
        blackHole(total.withLock { $0 })
        return Sample(events: cards * reviewsPerCard, seconds: seconds)
    },
]

/// A seeded synthetic history: `cards` cards of `reviewsPerCard` reviews each, stored
/// contiguously (card i's reviews are `reviews[i*n ..< (i+1)*n]`), with realistic gaps
/// (same day, days, months) and ratings weighted towards Good.
struct FSRSBenchmarkHistory: Sendable {
    let reviews: [ReviewRecord]

    init(cards: Int, reviewsPerCard: Int, seed: UInt64) {
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let ratings: [FSRSRating] = [.again, .hard, .good, .good, .good, .good, .good, .easy]
        let gaps: [Int64] = [600_000, 3_600_000, 86_400_000, 3 * 86_400_000, 9 * 86_400_000, 30 * 86_400_000,
                             120 * 86_400_000]
        var reviews: [ReviewRecord] = []
        reviews.reserveCapacity(cards * reviewsPerCard)
        for _ in 0..<cards {
            var t: Int64 = 1_700_000_000_000 + Int64(next() % 10_000_000_000)
            for _ in 0..<reviewsPerCard {
                reviews.append(ReviewRecord(rating: ratings[Int(next() % 8)], timeMs: t, utcOffsetMinutes: 60))
                t += gaps[Int(next() % 7)]
            }
        }
        self.reviews = reviews
    }
}
