import Foundation
import Testing
import TestSupport
import SeededRandom
@testable import Events
@testable import Hindsight

/// The import's bit set of staged ids: it never turns away an id it was given, and it turns away
/// most new ids, including most of those whose fingerprint a staged id shares (the false
/// candidates the staged runs alone would send to be read back from the log).
@Suite struct StagedIDFilterTests {
    @Test(arguments: [(1 as UInt64, 1_000), (2, 100_000), (3, 300_000)])
    func everyIdGivenPassesAndFalseCandidatesMostlyDoNot(seed: UInt64, count: Int) {
        let ids = EventIDIndexTests.ids(count, seed: seed)
        let absent = EventIDIndexTests.ids(count, seed: seed &+ 9_000)
        var filter = StagedIDFilter(), staged = StagedEventIDs()
        for id in ids { filter.insert(id) }
        staged.append(ids.enumerated().map { EventIDIndex.word($0.element, at: UInt64($0.offset + 1)) })
        #expect(ids.allSatisfy { filter.mayContain($0) })
        // A one-hash filter of 2^24 bits holding n ids passes a new id with chance 1 - e^(-n / 2^24).
        let passRate = 1 - exp(-Double(count) / Double(1 << 24))
        let passed = absent.filter { filter.mayContain($0) }.count
        #expect(Double(passed) <= 1.5 * passRate * Double(count) + 10, "\(passed) of \(count) new ids passed")
        // Of the new ids the staged runs would send to be read back (the fingerprint of a staged
        // id), the filter passes about as few, independently of the fingerprint.
        let falseCandidates = absent.filter { !staged.candidates(of: $0).isEmpty }
        let passedFalse = falseCandidates.filter { filter.mayContain($0) }.count
        #expect(Double(passedFalse) <= 3 * passRate * Double(falseCandidates.count) + 3,
                "\(passedFalse) of \(falseCandidates.count) false candidates passed")
        if count >= 300_000 { #expect(falseCandidates.count >= 150, "the table should meet false candidates at this size") }
    }
}
