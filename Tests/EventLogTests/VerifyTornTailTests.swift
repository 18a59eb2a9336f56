import EventLog
import Foundation
import Testing
import TestSupport
@testable import EventLog

/// `LogVerifier.verify` reports what the next writer open cuts, and why, apart from the healthy
/// records: its record count and last position are the last complete batch's.
@Suite struct VerifyTornTailTests {
    @Test(arguments: IncompleteBatchReadTests.Tail.allCases)
    func anIncompleteFinalBatch(tail: IncompleteBatchReadTests.Tail) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let batches = (0..<5).map { LogFixtures.payloads(2, seed: 300 + UInt64($0), lengths: 10...50) }
        _ = try await IncompleteBatchReadTests.makeLog(in: directory, batches: batches, tail: tail)
        let name = LogFixtures.segmentName(1)
        let size = Int64(try LogFixtures.bytes(directory, name).count)
        let report = try LogVerifier.verify(directory: directory.path)
        #expect(report.isHealthy)
        #expect(report.damage.isEmpty)
        #expect(report.records == 10)
        #expect(report.lastPosition == 10)
        let torn = try #require(report.tornTail)
        #expect(torn.segment == name)
        let healthyEnd = 32 + batches.joined().map(LogFixtures.frameSize).reduce(0, +)
        #expect(torn.offset == Int64(healthyEnd))
        #expect(torn.bytes == size - Int64(healthyEnd))
        // Five whole frames were written; the cut-short variant loses the fifth.
        let whole = tail == .lastFrameCutShort ? 4 : 5
        #expect(torn.incompleteRecords == whole)
        #expect(torn.incompletePositions == 11...UInt64(10 + whole))
        #expect(torn.reason == "a batch that was never completed: the writer stopped mid-append; its records were never acknowledged")
        #expect(torn.description.hasPrefix("segment \(name), offset \(healthyEnd): \(whole) record(s) (positions 11...\(10 + whole)), "))
        // The next open cuts exactly that.
        let writer = try await LogWriter.open(directory: directory.path)
        #expect(writer.lastPosition == 10)
        try await writer.close()
        #expect(Int64(try LogFixtures.bytes(directory, name).count) == torn.offset)
        #expect(try LogVerifier.verify(directory: directory.path).tornTail == nil)
    }

    /// A torn last record of a single-record batch, and zero-filled space alone: no record is
    /// cut, and the reason says which.
    @Test func tornRecordAndZeroFilledSpace() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let payloads = LogFixtures.payloads(3, seed: 8, lengths: 30...40)
        let segment = try await TornTailTests.makeLog(payloads.map { [$0] }, in: directory)
        let name = LogFixtures.segmentName(1)
        try LogFixtures.write(Array(segment.dropLast(3)), directory, name)
        let torn = try #require(try LogVerifier.verify(directory: directory.path).tornTail)
        #expect(torn.incompleteRecords == 0 && torn.incompletePositions == nil)
        #expect(torn.offset == Int64(segment.count - LogFixtures.frameSize(payloads[2])))
        #expect(torn.reason == "a record cut short: the writer stopped mid-write; it was never acknowledged")
        #expect(try LogVerifier.verify(directory: directory.path).lastPosition == 2)

        try LogFixtures.write(segment + [UInt8](repeating: 0, count: 4096), directory, name)
        let zeros = try LogVerifier.verify(directory: directory.path)
        #expect(zeros.records == 3 && zeros.lastPosition == 3)
        #expect(zeros.tornTail?.bytes == 4096)
        #expect(zeros.tornTail?.reason == "zero-filled space the writer reserved ahead of its records (no record is lost)")
    }
}
