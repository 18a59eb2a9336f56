import SystemSeam

/// The merge of ascending runs of words into one ascending array, from the last word back, that
/// hands each run's pages back to the system as its words move out
/// (``MemoryAdvice/discard(_:count:)``): the merge then holds its words about once, where a merge
/// that keeps its input until the end holds them twice at its peak (the input whole and the
/// output whole). The output's pages are taken only as it is written.
///
/// Used for the event id index, whose words an import's commit merges: tens of megabytes at
/// millions of events.
enum DiscardingMerge {
    /// How many words move between two hand-backs: 32,768 (256 KiB of output).
    static let stride = 1 << 15

    /// The words of every run of `runs` (each ascending), ascending. The runs are used up: their
    /// words are unreadable once merged (pass arrays nothing else holds; one held elsewhere too is
    /// copied first, and then only the copy is handed back).
    /// - Complexity: O(n · k) for n words in k runs (k is small).
    static func merged(_ runs: consuming [[UInt64]]) -> [UInt64] {
        let total = runs.reduce(0) { $0 + $1.count }
        // The words of each run not yet merged (its first `left`), and the largest of them.
        var left = runs.map(\.count)
        var tails = runs.map { $0.last ?? 0 }
        // Where each run's handed-back pages start, in bytes from its first word.
        var handedBack = runs.map { $0.count * MemoryLayout<UInt64>.stride }
        return [UInt64](unsafeUninitializedCapacity: total) { merged, initialized in
            var slot = total
            while slot > 0 {
                var best = -1
                for run in tails.indices where left[run] > 0 && (best < 0 || tails[run] > tails[best]) { best = run }
                slot -= 1
                merged[slot] = tails[best]
                left[best] -= 1
                if left[best] > 0 { tails[best] = runs[best][left[best] - 1] }
                if slot % stride == 0 { handBack(&runs, merged: left, from: &handedBack) }
            }
            initialized = total
        }
    }

    /// Hands back the whole pages of each run past its first `merged[run]` words (those still to
    /// be merged) that are not handed back yet; never the page of a run's first word, which may
    /// hold the array's header.
    private static func handBack(_ runs: inout [[UInt64]], merged left: [Int], from handedBack: inout [Int]) {
        let page = MemoryAdvice.pageSize
        for run in runs.indices where !runs[run].isEmpty {
            runs[run].withUnsafeMutableBytes { raw in
                guard let first = raw.baseAddress else { return }
                let address = Int(bitPattern: first)
                let firstWhole = (address + page - 1) / page * page
                let start = max(firstWhole, (address + left[run] * MemoryLayout<UInt64>.stride + page - 1) / page * page)
                let end = (address + handedBack[run]) / page * page
                guard end > start else { return }
                MemoryAdvice.discard(first + (start - address), count: end - start)
                handedBack[run] = start - address
            }
        }
    }
}
