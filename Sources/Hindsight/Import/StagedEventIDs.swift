import Events

/// The ids of the events an import has staged, for finding an id that an earlier chunk staged:
/// sorted runs of packed words (``EventIDIndex/word(_:at:)``: an id's fingerprint above its
/// position), one run per chunk, merged as a binary counter carries (a run is merged into the
/// one before it while that one is no larger), up to ``longestRun`` words a run. Staging n events
/// in chunks of c moves each word about log2(min(n, ``longestRun``) / c) times and keeps about
/// n / ``longestRun`` runs plus that many, where one index taking every id
/// (``EventIDIndex/insert(_:at:)``) would hash each into a table and move each word about 32
/// times. Lookups are rare (the import's fingerprint bit set answers most), and search each run.
struct StagedEventIDs {
    /// The most words a merge makes a run of: 2^18 (2 MiB). Without a bound, the merge that
    /// carries all the way (a run of half the import merged with its equal) held the staged ids
    /// twice at once; with it, a merge holds at most about 4 MiB beside the runs, whatever the
    /// import's size, and there is about one more run to search per 2^18 ids.
    static let longestRun = 1 << 18

    /// The runs, each ascending, oldest (and largest) first.
    private var runs: [[UInt64]] = []
    /// The number of ids.
    private(set) var count = 0
    /// The bound on merged runs (``longestRun``, or a smaller one given in tests).
    private let mergeBound: Int

    /// No ids yet; merged runs hold at most `longestRun` words (a chunk's own run may hold more).
    init(longestRun: Int = StagedEventIDs.longestRun) {
        mergeBound = longestRun
    }

    /// How many words each run holds, oldest first.
    var runLengths: [Int] { runs.map(\.count) }

    /// Adds the ids of one chunk of staged events, as their packed words
    /// (``EventIDIndex/word(_:at:)``), in any order; in position order, as a chunk's events are
    /// staged, they are sorted in linear time (``EventIDIndex/ascending(_:)``).
    mutating func append(_ words: [UInt64]) {
        guard !words.isEmpty else { return }
        var run = EventIDIndex.ascending(words)
        count += run.count
        while let last = runs.last, last.count <= run.count, last.count + run.count <= mergeBound {
            run = EventIDIndex.merge(runs.removeLast(), run)
        }
        runs.append(run)
    }

    /// The positions where `id` may have been staged (to be read back and compared): none,
    /// almost always, for an id not staged.
    func candidates(of id: EventID) -> [UInt64] {
        var found: [UInt64] = []
        for run in runs { found += EventIDIndex.candidates(of: id, in: run) }
        return found
    }

    /// The runs, each ascending (for ``EventIDIndex/absorb(_:)``, which merges them into an
    /// index in one pass).
    consuming func ascendingRuns() -> [[UInt64]] { runs }
}
