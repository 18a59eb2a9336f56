import Testing
import TestSupport
@testable import Hindsight

/// The revlog import's sorter: whatever the run length (one run in memory, or many sorted and
/// written behind to the temporary file, then merged), the records come back once each, in
/// order; and the sort-behind writes the runs handed over, sorted, in the order handed over.
@Suite struct RevlogRecordSorterTests {
    /// `count` records, seeded: few distinct times and cards, so ties on time and on card are many.
    private static func records(_ count: Int, seed: UInt64) -> [RevlogRecord] {
        var random = SplitMix64(seed: seed)
        var records: [RevlogRecord] = []
        for index in 0..<count {
            let time = Int64.random(in: -3...40, using: &random)
            let card = UInt32.random(in: 0...9, using: &random)
            let line = UInt32(index + 2)
            records.append(RevlogRecord(timeMs: time, card: card, line: line, durationMs: line - 2, rating: UInt8(index % 5),
                                        state: UInt8(index % 7)))
        }
        return records
    }

    private static func drained(_ merge: consuming RevlogRecordMerge) throws -> [RevlogRecord] {
        var merge = merge
        var out: [RevlogRecord] = []
        while let record = try merge.next() { out.append(record) }
        return out
    }

    @Test(arguments: [(0, 5), (1, 1), (7, 1), (100, 3), (1_000, 64), (1_000, 999), (1_000, 1_000), (1_001, 1_000), (5_000, 1 << 18)])
    func everyRecordComesBackOnceInOrder(count: Int, runLength: Int) throws {
        let records = Self.records(count, seed: UInt64(count * 31 + runLength))
        var sorter = RevlogRecordSorter(runLength: runLength, path: "r.csv")
        for record in records { try sorter.append(record) }
        let out = try Self.drained(try sorter.sorted())
        #expect(out.map(\.line) == records.sorted().map(\.line))
        #expect(out.map(\.durationMs) == out.map { $0.line - 2 }, "each record comes back whole")
        #expect(out.count == count)
    }

    @Test func theSortBehindWritesEachRunSortedInTheOrderHandedOver() throws {
        let file = try SpillFile(path: "r.csv")
        let behind = RevlogSortBehind(file: file, path: "r.csv")
        let runs = [Self.records(50, seed: 1), Self.records(3, seed: 2), Self.records(50, seed: 3)]
        var filling: [RevlogRecord] = []
        filling.reserveCapacity(50)
        for run in runs {
            filling.append(contentsOf: run)
            try behind.spill(taking: &filling)
            #expect(filling.isEmpty && filling.capacity >= 50)
        }
        try behind.finish()
        let written = try file.read(RevlogRecord.self, at: 0, count: 103, path: "r.csv")
        #expect(written.map(\.line) == runs.flatMap { $0.sorted().map(\.line) })
    }
}
