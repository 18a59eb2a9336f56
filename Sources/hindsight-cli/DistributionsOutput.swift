import Hindsight

/// `distributions --json`: per profile, its cards over all decks (`all`, left out with
/// `--deck`) and per deck, each measure's bucket edges, counts, total, median and mean (the
/// median and mean left out when no card is counted; `deck` left out for `all`).
struct DistributionsOutput: Encodable {
    /// One histogram: bucket i holds values in `edges[i] ..< edges[i + 1]`, the last one unbounded.
    struct Histogram: Encodable {
        let edges: [Double]
        let counts: [Int]
        let total: Int
        let median: Double?
        let mean: Double?

        init(_ histogram: CardDistributions.Histogram) {
            edges = histogram.edges
            counts = histogram.counts
            total = histogram.total
            median = histogram.median
            mean = histogram.mean
        }
    }

    /// A set of cards (all of a profile's decks, or one deck) and its four histograms.
    struct Section: Encodable {
        /// The deck's id; nil for all decks.
        let deck: String?
        let name: String
        /// Reviewed cards counted in each histogram.
        let reviewed: Int
        /// Live cards with no memory state yet, left out of the histograms.
        let unreviewed: Int
        let stability, difficulty, retrievability, interval: Histogram

        init(deck: String?, name: String, _ distributions: CardDistributions) {
            self.deck = deck
            self.name = name
            reviewed = distributions.stability.total
            unreviewed = distributions.unreviewed
            stability = Histogram(distributions.stability)
            difficulty = Histogram(distributions.difficulty)
            retrievability = Histogram(distributions.retrievability)
            interval = Histogram(distributions.interval)
        }
    }

    struct Profile: Encodable {
        let id: String
        let name: String
        let all: Section?
        let decks: [Section]
    }

    let now: ShownTime
    let profiles: [Profile]
}
