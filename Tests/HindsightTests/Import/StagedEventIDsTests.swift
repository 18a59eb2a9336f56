import Foundation
import Testing
import TestSupport
import SeededRandom
@testable import Events
@testable import Hindsight

/// The import's staged ids: whatever the chunks' sizes, every id staged is found at its position
/// among its candidates, an id never staged almost never has one, and the whole is the index that
/// inserting every id one by one makes (the form the command ledger takes over).
@Suite struct StagedEventIDsTests {
    /// Chunks of every size (up to 5,000 words), with the real bound on merged runs and with
    /// small ones, so that the bound is met.
    @Test(arguments: [(1 as UInt64, 0, StagedEventIDs.longestRun), (2, 1, StagedEventIDs.longestRun),
                      (3, 4_096, StagedEventIDs.longestRun), (4, 50_000, StagedEventIDs.longestRun),
                      (5, 200_000, StagedEventIDs.longestRun), (6, 200_000, 10_000), (7, 60_000, 5_000)])
    func everyStagedIDIsFoundAndTheWholeIsTheIndex(seed: UInt64, count: Int, longestRun: Int) {
        let ids = EventIDIndexTests.ids(count, seed: seed)
        let absent = EventIDIndexTests.ids(2_000, seed: seed &+ 7_000)
        var random = SplitMix64(seed: seed)
        var staged = StagedEventIDs(longestRun: longestRun), inserted = EventIDIndex()
        var next = 0
        let firstPosition: UInt64 = 1 + random.next() % 1_000
        while next < ids.count {
            // Chunks of every size: empty, single, full, and in between.
            let size = min(ids.count - next, [0, 1, 4_096, Int(random.next() % 5_000)][Int(random.next() % 4)])
            let words = (next..<next + size).map { EventIDIndex.word(ids[$0], at: firstPosition + UInt64($0)) }
            // In position order, as the import stages them (sorted by radix), or in any order.
            staged.append(random.next() % 2 == 0 ? words : words.shuffled(using: &random))
            for index in next..<next + size { inserted.insert(ids[index], at: firstPosition + UInt64(index)) }
            next += size
        }
        #expect(staged.count == count)
        // No merge made a run beyond the bound (a chunk's own run is at most 5,000 words here),
        // and runs are as few as the bound allows: fewer than two per bound's worth, plus a
        // binary counter's tail.
        #expect(staged.runLengths.allSatisfy { $0 <= max(longestRun, 5_000) }, "\(staged.runLengths)")
        #expect(staged.runLengths.reduce(0, +) == count)
        #expect(staged.runLengths.count <= 2 * (count / longestRun) + 2 + 20, "\(staged.runLengths.count) runs")
        for (offset, id) in ids.enumerated() where offset % 7 == 0 || count < 10_000 {
            #expect(staged.candidates(of: id).contains(firstPosition + UInt64(offset)), "id \(offset)")
        }
        let falseCandidates = absent.reduce(0) { $0 + staged.candidates(of: $1).count }
        // An id never staged meets a false candidate about once in 2^28 / n lookups.
        #expect(falseCandidates <= 2 + absent.count * count / (1 << 24))
        var index = EventIDIndex()
        index.absorb(staged.ascendingRuns())
        #expect(index.allPacked == inserted.allPacked)
        #expect(index == inserted)
    }
}
