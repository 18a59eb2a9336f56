/// How the parallel runner splits its projectors into two lanes: by the fold time each has
/// taken so far, longest first, each to the lane with less work (ties: the lower index first,
/// then the first lane), so the split is the same for the same timings.
///
/// Timings decide only which core folds what; they never change a fold's result.
struct LaneBalance {
    /// Fold time so far per projector, in nanoseconds, in the runner's order.
    private var spent: [Int64]

    /// A balance for `projectors` projectors with no timing yet (the first split alternates).
    init(projectors: Int) {
        spent = Array(repeating: 0, count: projectors)
    }

    /// Adds `duration` to projector `index`'s fold time.
    mutating func add(_ duration: Duration, to index: Int) {
        let (seconds, attoseconds) = duration.components
        spent[index] += seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// The two lanes: projector indices, each lane in the runner's order.
    /// - Complexity: O(n log n) for n projectors.
    func lanes() -> [[Int]] {
        let order = spent.indices.sorted { spent[$0] != spent[$1] ? spent[$0] > spent[$1] : $0 < $1 }
        var lanes: [[Int]] = [[], []]
        var load: [Int64] = [0, 0]
        for index in order {
            let lane = load[1] < load[0] || (load[1] == load[0] && lanes[1].count < lanes[0].count) ? 1 : 0
            lanes[lane].append(index)
            load[lane] += spent[index]
        }
        return lanes.map { $0.sorted() }
    }
}
