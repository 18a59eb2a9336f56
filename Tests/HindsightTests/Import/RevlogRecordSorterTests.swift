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

    /// The merge of sorted runs read back from the file is their sort, whatever the runs: many,
    /// one, none, empty ones among them, of different lengths, with ties on time and card, and
    /// records equal in every field.
    @Test(arguments: [(UInt64(1), [0]), (2, [5]), (3, [0, 0, 0]), (4, [3, 0, 7]), (5, [1, 1, 1, 1, 1]),
                      (6, [4100, 9000]), (7, [300, 0, 5000, 17, 0, 2, 8193, 1]), (8, [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]), (9, [])] as [(UInt64, [Int])])
    func theMergeOfSortedRunsIsTheirSort(seed: UInt64, lengths: [Int]) throws {
        var random = SplitMix64(seed: seed)
        let file = try SpillFile(path: "r.csv")
        var all: [RevlogRecord] = [], runs: [Range<Int>] = []
        for length in lengths {
            var run = Self.records(length, seed: random.next())
            // Some records repeated whole: equal records come back as many times as written.
            if length > 2, random.next() % 2 == 0 { run[length - 1] = run[0] }
            run.sort()
            try run.withUnsafeBytes { try file.write($0, path: "r.csv") }
            runs.append(all.count..<(all.count + length))
            all += run
        }
        let out = try Self.drained(try RevlogRecordMerge(file: file, runs: runs, path: "r.csv"))
        let key = { (record: RevlogRecord) in [record.timeMs, Int64(record.card), Int64(record.line), Int64(record.durationMs)] }
        #expect(out.map(key) == all.sorted { key($0).lexicographicallyPrecedes(key($1)) }.map(key))
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
