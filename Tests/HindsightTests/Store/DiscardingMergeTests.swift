import Testing
import TestSupport
import SeededRandom
@testable import Hindsight

/// ``DiscardingMerge``: the merge of ascending runs, handing their pages back as it goes, gives
/// every word of every run in ascending order, whatever the runs' number and sizes (empty ones,
/// ones shorter than a page, ones of many pages, runs that end in the middle of a hand-back's
/// stride); and a run that the caller still holds elsewhere is left as it was.
@Suite struct DiscardingMergeTests {
    /// Runs of the given sizes of random ascending words, seeded.
    static func runs(_ sizes: [Int], seed: UInt64) -> [[UInt64]] {
        var random = SplitMix64(seed: seed)
        return sizes.map { size in (0..<size).map { _ in random.next() >> 1 }.sorted() }
    }

    /// The runs' sizes of each case (the seed is its place).
    static let cases: [[Int]] = [[0], [5], [0, 0, 7], [511, 513, 1], [DiscardingMerge.stride, DiscardingMerge.stride - 1, 3],
                                 [200_000, 100_000, 1, 0, 70_001], [300_000], Array(repeating: 40_000, count: 11)]

    @Test(arguments: cases.indices)
    func theMergeHoldsEveryWordInOrder(place: Int) {
        let seed = UInt64(place + 1), sizes = Self.cases[place]
        let runs = Self.runs(sizes, seed: seed)
        let expected = runs.flatMap { $0 }.sorted()
        // Each run passed as the only holder of its words (copies made here, then moved in).
        let merged = DiscardingMerge.merged(runs.map { Array($0) })
        #expect(merged.count == expected.count)
        #expect(merged == expected)
    }

    @Test func aRunHeldElsewhereIsLeftAsItWas() {
        let runs = Self.runs([150_000, 90_000, 40_000], seed: 9)
        let held = runs[0]
        let before = held.reduce(0, &+)
        let merged = DiscardingMerge.merged(runs)
        #expect(merged == runs.flatMap { $0 }.sorted())
        #expect(held.count == 150_000 && held.reduce(0, &+) == before && held == held.sorted())
    }
}
