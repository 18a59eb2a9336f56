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
    @Test(arguments: [(1 as UInt64, 0), (2, 1), (3, 4_096), (4, 50_000), (5, 200_000)])
    func everyStagedIDIsFoundAndTheWholeIsTheIndex(seed: UInt64, count: Int) {
        let ids = EventIDIndexTests.ids(count, seed: seed)
        let absent = EventIDIndexTests.ids(2_000, seed: seed &+ 7_000)
        var random = SplitMix64(seed: seed)
        var staged = StagedEventIDs(), inserted = EventIDIndex()
        var next = 0
        let firstPosition: UInt64 = 1 + random.next() % 1_000
        while next < ids.count {
            // Chunks of every size: empty, single, full, and in between.
            let size = min(ids.count - next, [0, 1, 4_096, Int(random.next() % 5_000)][Int(random.next() % 4)])
            let words = (next..<next + size).map { EventIDIndex.word(ids[$0], at: firstPosition + UInt64($0)) }
            staged.append(words.shuffled(using: &random))
            for index in next..<next + size { inserted.insert(ids[index], at: firstPosition + UInt64(index)) }
            next += size
        }
        #expect(staged.count == count)
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
