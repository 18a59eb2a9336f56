import FSRS
import Foundation
import SeededRandom

/// The optimizer workload: fitting FSRS-6 parameters to a simulated history, as
/// `hindsight optimize` does. With `HINDSIGHT_BENCH_REVLOG=FILE` it fits that revlog CSV instead
/// (days starting at 04:00 UTC), to time the fit on the very file fsrs-rs was timed on
/// (`Tests/Fixtures/optimizer/make_reference.py`).
let optimizerWorkloads: [Workload] = [
    Workload(name: "fsrs.optimize",
             summary: "FSRS-6 parameters fitted to a simulated history (fsrs-rs's training: 5 epochs)",
             defaultEvents: 50_000, quickEvents: 5_000) { context in
        let cards: [TrainingCard]
        if let path = ProcessInfo.processInfo.environment["HINDSIGHT_BENCH_REVLOG"] {
            let rows = try RevlogCSV.parse(try String(contentsOfFile: path, encoding: .utf8))
            cards = TrainingCard.cards(from: RevlogHistory.histories(from: rows, utcOffsetMinutes: 0), dayStartHour: 4)
        } else {
            cards = SimulatedHistory.cards(reviews: context.events, seed: 7)
        }
        let set = TrainingSet(cards: cards)
        let reviews = set.cards.reduce(0) { $0 + $1.reviews.count }
        let (weights, seconds) = try await Stopwatch.time { try Optimizer.fit(set) }
        blackHole(weights.reduce(0) { $0 + Double($1) })
        return Sample(events: reviews, seconds: seconds)
    },
]

/// A history simulated from known FSRS-6 parameters: cards introduced day by day over two
/// years, same-day learning steps after Again or Hard, reviews at the interval for retention
/// 0.9 with some lateness, recall drawn with the model's retrievability, a same-day relearning
/// step after a lapse. Seeded, so every run fits the same history.
enum SimulatedHistory {
    /// Cards whose reviews add up to about `reviews`.
    static func cards(reviews target: Int, seed: UInt64) -> [TrainingCard] {
        let truth = try! FSRSParameters([0.35, 1.05, 3.4, 11.0, 6.1, 0.75, 2.4, 0.012, 1.65, 0.13, 0.92, 1.6, 0.07,
                                         0.32, 1.45, 0.45, 2.3, 0.45, 0.25, 0.12, 0.22] as [Float])
        let model = MemoryModel(parameters: truth)
        var random = SplitMix64(seed: seed)
        func uniform() -> Double { Double(random.next() >> 11) / Double(1 << 53) }
        func pick(_ weights: [Double]) -> UInt8 {
            var x = uniform() * weights.reduce(0, +)
            for (index, weight) in weights.enumerated() {
                x -= weight
                if x < 0 { return UInt8(index + 1) }
            }
            return UInt8(weights.count)
        }
        let days = 730
        let cardCount = max(1, target / 10)
        var cards: [TrainingCard] = []
        var total = 0
        var index = 0
        while total < target {
            var day = (index % cardCount) * days * 4 / 5 / cardCount
            var reviews: [TrainingCard.Review] = []
            var state: MemoryState?
            func answer(_ rating: UInt8, elapsed: Int) {
                let time = 1_700_000_000_000 + Int64(day) * 86_400_000 + Int64(reviews.count) * 600_000
                reviews.append(.init(rating: rating, elapsedDays: Int32(elapsed), timeMs: time))
                state = model.nextState(from: state, rating: FSRSRating(rawValue: Int(rating))!, elapsedDays: elapsed)
            }
            var rating = pick([0.25, 0.1, 0.55, 0.1])
            answer(rating, elapsed: 0)
            var steps = 0
            while rating < 3 && steps < 4 {
                rating = pick([0.2, 0.1, 0.65, 0.05])
                answer(rating, elapsed: 0)
                steps += 1
            }
            while let current = state {
                var interval = max(1, Int(current.stability.rounded()))
                if interval > 2 { interval = max(1, Int((Double(interval) * (0.9 + 0.2 * uniform())).rounded())) }
                let late = uniform() < 0.7 ? 0 : Int(uniform() * Double(max(2, interval / 3)))
                let elapsed = interval + late
                guard day + elapsed < days else { break }
                day += elapsed
                let recall = Double(model.retrievability(elapsedDays: Float(elapsed), stability: current.stability))
                rating = uniform() < recall ? pick([0.15, 0.75, 0.1]) + 1 : 1
                answer(rating, elapsed: elapsed)
                if rating == 1 { answer(pick([0.15, 0, 0.85]), elapsed: 0) }
            }
            total += reviews.count
            cards.append(TrainingCard(cardID: Int64(index), reviews: reviews))
            index += 1
        }
        return cards
    }
}
