import EventLog
import Foundation
import Testing
import TestSupport

@Suite struct RoundTripTests {
    static let policies: [LogOptions.Durability] = [.fsyncEachAppend, .groupCommit, .buffered(flushInterval: .milliseconds(5))]

    /// Random records in random batches across many segment rolls; reopen and continue.
    @Test(arguments: policies)
    func randomRecordsAcrossRollsAndReopen(durability: LogOptions.Durability) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let payloads = LogFixtures.payloads(600, seed: 11)
        let options = LogOptions(durability: durability, segmentSize: 8192, preallocationSize: 4096)
        var random = SplitMix64(seed: 5)
        var written = 0
        for session in 0..<2 {
            let writer = try await LogWriter.open(directory: directory.path, options: options)
            #expect(writer.lastPosition == UInt64(written))
            let sessionEnd = session == 0 ? 300 : payloads.count
            while written < sessionEnd {
                let count = min(Int.random(in: 1...5, using: &random), sessionEnd - written)
                let range = try await writer.append(contentsOf: payloads[written..<(written + count)])
                #expect(range == UInt64(written + 1)...UInt64(written + count))
                written += count
            }
            try await writer.close()
        }
        #expect(try LogFixtures.segments(directory).count > 10)
        let records = try LogFixtures.readAll(directory)
        #expect(records.map(\.position) == Array(1...UInt64(payloads.count)))
        #expect(records.map(\.payload) == payloads)
        // Reading from the middle (a seek) and the zero-copy form agree.
        var seen: [UInt8] = []
        try LogReader(directory: directory.path).forEach(from: 250, through: 260) { position, payload in
            seen.append(UInt8(truncatingIfNeeded: position))
            #expect(Array(payload) == payloads[Int(position) - 1])
        }
        #expect(seen == (250...260).map { UInt8($0 & 0xFF) })
        #expect(try LogReader(directory: directory.path).lastPosition() == 600)
    }

    /// Empty payloads and payloads of several MiB (larger than a segment).
    @Test func emptyAndHugePayloads() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var random = SplitMix64(seed: 3)
        let huge = random.bytes(3 << 20)
        let payloads: [[UInt8]] = [[], [1], huge, [], random.bytes(2 << 20), []]
        let writer = try await LogWriter.open(directory: directory.path, options: LogOptions(segmentSize: 1 << 20))
        for payload in payloads { _ = try await writer.append(payload) }
        #expect(try writer.reader.records().map(\.payload) == payloads)
        try await writer.close()
        let reopened = try await LogWriter.open(directory: directory.path)
        #expect(reopened.lastPosition == 6)
        #expect(try reopened.reader.records(from: 3, limit: 1).first?.payload == huge)
        try await reopened.close()
        #expect(try LogVerifier.verify(directory: directory.path).isHealthy)
    }

    @Test func emptyBatchAndPositionZeroAreRefused() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let writer = try await LogWriter.open(directory: directory.path)
        await #expect(throws: LogError.self) { try await writer.append(contentsOf: [[UInt8]]()) }
        #expect(throws: LogError.self) { try writer.reader.records(from: 0) }
        #expect(try writer.reader.records().isEmpty)
        try await writer.close()
        await #expect(throws: LogError.self) { try await writer.append([1]) }
    }
}
