import EventLog
import Foundation
import Testing
import TestSupport

/// Recovery of a torn tail: a crash in the middle of the last write.
@Suite struct TornTailTests {
    /// How the bytes after the cut look after the crash.
    enum Tear: String, CaseIterable, Sendable {
        /// The file ends at the cut.
        case truncated
        /// The file keeps its length, zero-filled from the cut (preallocated space).
        case zeroFilled
    }

    /// Writes `batches` with a durable writer and returns the segment's bytes and the
    /// records.
    static func makeLog(_ batches: [[[UInt8]]], in directory: TemporaryDirectory) async throws -> [UInt8] {
        let writer = try await LogWriter.open(directory: directory.path)
        for batch in batches { _ = try await writer.append(contentsOf: batch) }
        try await writer.close()
        return try LogFixtures.bytes(directory, LogFixtures.segmentName(1))
    }

    /// Reopens a copy of the log cut at `cut` and returns what a writer recovers.
    static func recover(_ segment: [UInt8], cut: Int, tear: Tear) async throws -> (records: [LogRecord], next: UInt64) {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var bytes = Array(segment[..<cut])
        if tear == .zeroFilled { bytes += [UInt8](repeating: 0, count: segment.count - cut + 4096) }
        try LogFixtures.write(bytes, directory, LogFixtures.segmentName(1))
        let writer = try await LogWriter.open(directory: directory.path)
        let records = try writer.reader.records()
        // The writer continues right after what it kept.
        let next = try await writer.append([9, 9, 9])
        try await writer.close()
        #expect(try LogVerifier.verify(directory: directory.path) .isHealthy)
        return (records, next)
    }

    /// Cutting the file at every byte of its final record recovers exactly the records before it.
    @Test(arguments: Tear.allCases)
    func everyCutOfTheLastRecord(tear: Tear) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let payloads = LogFixtures.payloads(5, seed: 21, lengths: 10...60)
        let segment = try await Self.makeLog(payloads.map { [$0] }, in: directory)
        let lastStart = segment.count - LogFixtures.frameSize(payloads[4])
        for cut in lastStart..<segment.count {
            let (records, next) = try await Self.recover(segment, cut: cut, tear: tear)
            #expect(records.map(\.payload) == Array(payloads[0..<4]), "cut at \(cut)")
            #expect(next == 5, "cut at \(cut)")
        }
        let (whole, next) = try await Self.recover(segment, cut: segment.count, tear: tear)
        #expect(whole.map(\.payload) == payloads)
        #expect(next == 6)
    }

    /// A multi-record batch torn at every byte is found whole or not at all.
    @Test(arguments: Tear.allCases)
    func tornBatchIsAllOrNothing(tear: Tear) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let before = LogFixtures.payloads(3, seed: 31, lengths: 5...40)
        let batch = LogFixtures.payloads(4, seed: 32, lengths: 0...30)
        let segment = try await Self.makeLog([before, batch], in: directory)
        let batchStart = segment.count - batch.map(LogFixtures.frameSize).reduce(0, +)
        for cut in batchStart..<segment.count {
            let (records, next) = try await Self.recover(segment, cut: cut, tear: tear)
            #expect(records.map(\.payload) == before, "cut at \(cut)")
            #expect(next == 4, "cut at \(cut)")
        }
        let (whole, _) = try await Self.recover(segment, cut: segment.count, tear: tear)
        #expect(whole.map(\.payload) == before + batch)
    }
}
