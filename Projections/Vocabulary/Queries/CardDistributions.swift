import Events
import FSRS

/// How a profile's reviewed cards spread over stability, difficulty, retrievability and
/// interval: one histogram each, with the mean, as an FSRS user's statistics show them.
public struct CardDistributions: Sendable, Equatable {
    /// One histogram: cards counted in buckets bounded by edges, with their mean.
    public struct Histogram: Sendable, Equatable {
        /// The buckets' lower edges; bucket i holds values in `edges[i] ..< edges[i + 1]` (the last
        /// one has no upper bound).
        public let edges: [Double]
        /// Cards in each bucket.
        public private(set) var counts: [Int]
        /// Cards counted.
        public private(set) var total = 0
        private var sum = 0.0

        /// The mean of the values counted; nil when none was.
        public var mean: Double? { total == 0 ? nil : sum / Double(total) }

        /// An empty histogram over buckets starting at `edges` (ascending).
        public init(edges: [Double]) {
            self.edges = edges
            counts = Array(repeating: 0, count: edges.count)
        }

        /// Counts `value` in the last bucket whose lower edge is at most `value` (the first bucket
        /// when `value` is below every edge).
        public mutating func count(_ value: Double) {
            var index = 0
            while index + 1 < edges.count && edges[index + 1] <= value { index += 1 }
            counts[index] += 1
            total += 1
            sum += value
        }
    }

    /// Stability in days.
    public private(set) var stability = Histogram(edges: Self.dayEdges)
    /// Difficulty, 1 to 10.
    public private(set) var difficulty = Histogram(edges: [1, 2, 3, 4, 5, 6, 7, 8, 9])
    /// Retrievability at the time asked for, 0 to 1.
    public private(set) var retrievability = Histogram(edges: [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9])
    /// The current interval in days.
    public private(set) var interval = Histogram(edges: Self.dayEdges)

    /// Day buckets: under a day, then 1, 2-3, 4-6 days, one and two weeks, one, two, three and six
    /// months, one and two years and more.
    public static let dayEdges: [Double] = [0, 1, 2, 4, 7, 14, 30, 60, 90, 180, 365, 730]

    /// Empty histograms.
    public init() {}

    /// Counts one reviewed card: its `state`, and its retrievability `elapsedDays` after its last
    /// review as `model` predicts it.
    public mutating func count(_ state: CardState, elapsedDays: Int64, model: MemoryModel) {
        stability.count(Double(state.memory.stability))
        difficulty.count(Double(state.memory.difficulty))
        retrievability.count(Double(model.retrievability(elapsedDays: Float(max(0, elapsedDays)), stability: state.memory.stability)))
        interval.count(Double(state.intervalDays))
    }
}

extension VocabularyState {
    /// The distributions of `profile`'s (or its `deck`'s) reviewed cards that are not gone
    /// (suspended ones included: their memory is the learner's), retrievability as of the local day
    /// of `time` under the profile's parameters.
    /// - Complexity: O(c) for the profile's c cards.
    public func cardDistributions(profile: ProfileID, deck: DeckID? = nil, at time: EventTime) -> CardDistributions {
        let today = calendar.day(of: time, profile: profile)
        let model = scheduling(of: profile).scheduler.model
        var distributions = CardDistributions()
        for card in liveCards(of: profile, deck: deck) {
            guard let state = card.schedule else { continue }
            distributions.count(state, elapsedDays: today - state.lastReviewDay, model: model)
        }
        return distributions
    }
}
