import Events
import FSRS

/// How a profile's reviewed cards spread over stability, difficulty, retrievability and
/// interval: one histogram each, with the median and the mean, as an FSRS user's statistics
/// (Anki's "Card stability", "Card difficulty", "Card retrievability" and "Review intervals")
/// show them.
///
/// The buckets are fixed, so two decks' histograms line up:
/// - stability and interval, in days (``dayEdges``): under a day, 1, 2–3, 4–6, 7–13, 14–29,
///   30–59, 60–89, 90–179, 180–364, 365–729 and 730 days or more;
/// - difficulty, 1 to 10: one bucket per unit, 1–2 … 8–9, and 9–10 (10 included);
/// - retrievability, 0 to 1: under 0.5, then steps of 0.05 from 0.5 to 1 (1 included), as a
///   learner's cards mostly sit above the usual desired retention of 0.8 to 0.95.
public struct CardDistributions: Sendable, Equatable {
    /// One histogram: cards counted in buckets bounded by edges, with their median and mean.
    public struct Histogram: Sendable, Equatable {
        /// The buckets' lower edges; bucket i holds values in `edges[i] ..< edges[i + 1]` (the last
        /// one has no upper bound).
        public let edges: [Double]
        /// Cards in each bucket.
        public private(set) var counts: [Int]
        /// Cards counted.
        public private(set) var total = 0
        private var sum = 0.0
        /// The values counted, in the order counted (for the median).
        private var values: [Double] = []

        /// The mean of the values counted; nil when none was.
        public var mean: Double? { total == 0 ? nil : sum / Double(total) }

        /// The median of the values counted: the middle one, or the mean of the two middle ones
        /// for an even count; nil when none was.
        /// - Complexity: O(n log n) for the n values counted (it sorts them).
        public var median: Double? {
            guard !values.isEmpty else { return nil }
            let sorted = values.sorted()
            let middle = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        }

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
            values.append(value)
        }
    }

    /// Stability in days.
    public private(set) var stability = Histogram(edges: Self.dayEdges)
    /// Difficulty, 1 to 10.
    public private(set) var difficulty = Histogram(edges: [1, 2, 3, 4, 5, 6, 7, 8, 9])
    /// Retrievability at the time asked for, 0 to 1.
    public private(set) var retrievability = Histogram(edges: [0, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95])
    /// The current interval in days.
    public private(set) var interval = Histogram(edges: Self.dayEdges)

    /// Day buckets: under a day, then 1, 2-3, 4-6 days, one and two weeks, one, two, three and six
    /// months, one and two years and more.
    public static let dayEdges: [Double] = [0, 1, 2, 4, 7, 14, 30, 60, 90, 180, 365, 730]

    /// Live cards left out because no counted review gave them a memory state yet (new cards,
    /// and cards reset to new).
    public private(set) var unreviewed = 0

    /// Empty histograms.
    public init() {}

    /// Counts one card never reviewed (or reset to new): it has no memory state to count.
    public mutating func countUnreviewed() { unreviewed += 1 }

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
            guard let state = card.schedule else {
                distributions.countUnreviewed()
                continue
            }
            distributions.count(state, elapsedDays: today - state.lastReviewDay, model: model)
        }
        return distributions
    }
}
