import Events

/// The ids of the events an import has staged, for finding an id that an earlier chunk staged:
/// sorted runs of packed words (``EventIDIndex/word(_:at:)``: an id's fingerprint above its
/// position), one run per chunk, merged as a binary counter carries (a run is merged into the
/// one before it while that one is no larger). Staging n events in chunks of c moves each word
/// about log2(n / c) times and keeps at most about that many runs, where one index taking every
/// id (``EventIDIndex/insert(_:at:)``) would hash each into a table and move each word
/// about 32 times. Lookups are rare (the import's fingerprint bit set answers most), and search
/// each run.
struct StagedEventIDs {
    /// The runs, each ascending, oldest (and largest) first.
    private var runs: [[UInt64]] = []
    /// The number of ids.
    private(set) var count = 0

    /// Adds the ids of one chunk of staged events, as their packed words
    /// (``EventIDIndex/word(_:at:)``), in any order.
    mutating func append(_ words: [UInt64]) {
        guard !words.isEmpty else { return }
        var run = words
        run.sort()
        count += run.count
        while let last = runs.last, last.count <= run.count {
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
