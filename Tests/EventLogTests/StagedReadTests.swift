import EventLog
import Foundation
import Testing
import TestSupport

/// The records of a staged batch read back (``LogWriter/stagedPayloads(at:)``) are the ones
/// staged: in any segment, across sparse-index intervals, with large records, the held-back
/// last record, and nil outside the batch.
@Suite struct StagedReadTests {
    @Test(arguments: [UInt64(1), 2, 3])
    func stagedRecordsReadBackAsStaged(seed: UInt64) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var random = SplitMix64(seed: seed)
        let writer = try await LogWriter.open(directory: directory.path,
                                              options: LogOptions(segmentSize: 16_384, preallocationSize: 4096))
        // Committed records before the batch, some segments' worth.
        _ = try await writer.append(contentsOf: LogFixtures.payloads(300, seed: seed &+ 100, lengths: 0...200))
        let first = writer.lastPosition + 1
        var staged: [[UInt8]] = []
        for part in 0..<12 {
            let lengths = part % 4 == 3 ? 70_000...150_000 : 0...900
            let payloads = LogFixtures.payloads(Int.random(in: 1...80, using: &random), seed: seed &* 31 &+ UInt64(part), lengths: lengths)
            try await writer.stageRecords(payloads)
            staged += payloads
            let last = first + UInt64(staged.count) - 1
            // Every position, ascending; a random few (repeats included); and positions outside.
            let all = Array(first...last)
            #expect(try await writer.stagedPayloads(at: all) == staged.map { Optional($0) })
            let some = (0..<10).map { _ in UInt64.random(in: first...last, using: &random) }.sorted()
            #expect(try await writer.stagedPayloads(at: some) == some.map { Optional(staged[Int($0 - first)]) })
            #expect(try await writer.stagedPayloads(at: [first - 1, last + 1]) == [nil, nil])
        }
        _ = try await writer.commitStagedBatch()
        #expect(try await writer.stagedPayloads(at: [first]) == [nil], "nothing is staged after the commit")
        let records = try LogFixtures.readAll(directory)
        #expect(records.suffix(staged.count).map(\.payload) == staged)
        try await writer.close()
    }
}
