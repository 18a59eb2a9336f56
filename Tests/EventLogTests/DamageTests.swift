import EventLog
import Foundation
import Testing
import TestSupport

/// Damage outside the torn tail is never skipped: open fails with where it is, and verify
/// lists it.
@Suite struct DamageTests {
    /// A log of 200 records over several 4 KiB segments; returns the payloads.
    static func makeLog(in directory: TemporaryDirectory) async throws -> [[UInt8]] {
        let payloads = LogFixtures.payloads(200, seed: 41, lengths: 20...120)
        let writer = try await LogWriter.open(directory: directory.path, options: LogOptions(segmentSize: 4096))
        for payload in payloads { _ = try await writer.append(payload) }
        try await writer.close()
        return payloads
    }

    @Test func healthyLogVerifiesClean() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try await Self.makeLog(in: directory)
        let report = try LogVerifier.verify(directory: directory.path)
        #expect(report.damage.isEmpty)
        #expect(report.tornTail == nil)
        #expect(report.records == 200)
        #expect(report.lastPosition == 200)
        #expect(report.segments == (try LogFixtures.segments(directory).count))
    }

    /// A flipped byte in the payload of record 6 of the first (sealed) segment.
    @Test(arguments: [false, true])
    func flippedByteInSealedSegment(inHeaderOfFrame: Bool) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let payloads = try await Self.makeLog(in: directory)
        let name = LogFixtures.segmentName(1)
        let offset = 32 + payloads[0..<5].map(LogFixtures.frameSize).reduce(0, +)
        var bytes = try LogFixtures.bytes(directory, name)
        bytes[offset + (inHeaderOfFrame ? 5 : 25)] ^= 0x40
        try LogFixtures.write(bytes, directory, name)

        let error = try await #require(throws: LogError.self) {
            _ = try await LogWriter.open(directory: directory.path)
        }
        #expect(error.code == .corruptRecord)
        #expect(error.segment == name)
        #expect(error.offset == Int64(offset))
        #expect(error.position == 6)
        #expect(error.description.contains("segment \(name), offset \(offset), position 6"))

        let report = try LogVerifier.verify(directory: directory.path)
        #expect(report.damage.count == 1)
        #expect(report.damage.first?.segment == name)
        #expect(report.damage.first?.offset == Int64(offset))
        #expect(report.damage.first?.positions == 6...6)
        #expect(report.records == 199)
        // Reading stops at the damage with the same context.
        let readError = try #require(throws: LogError.self) { _ = try LogFixtures.readAll(directory) }
        #expect(readError.position == 6 && readError.segment == name)
    }

    /// Damage in the middle of the last segment (valid records follow) is not a torn tail.
    @Test func damageInTheMiddleOfTheLastSegment() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let payloads = LogFixtures.payloads(10, seed: 42, lengths: 20...60)
        let writer = try await LogWriter.open(directory: directory.path)
        for payload in payloads { _ = try await writer.append(payload) }
        try await writer.close()
        let name = LogFixtures.segmentName(1)
        let offset = 32 + payloads[0..<3].map(LogFixtures.frameSize).reduce(0, +)
        var bytes = try LogFixtures.bytes(directory, name)
        bytes[offset + 22] ^= 1
        try LogFixtures.write(bytes, directory, name)
        let error = try await #require(throws: LogError.self) { _ = try await LogWriter.open(directory: directory.path) }
        #expect(error.code == .corruptRecord && error.offset == Int64(offset) && error.position == 4)
        #expect(try LogVerifier.verify(directory: directory.path).damage.map(\.positions) == [4...4])
        // Nothing was changed by the failed open or by verify.
        #expect(try LogFixtures.bytes(directory, name) == bytes)
    }

    /// Two damaged records in different segments are both reported.
    @Test func verifyReportsEveryDamagedRecord() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try await Self.makeLog(in: directory)
        let segments = try LogFixtures.segments(directory)
        for name in [segments[0], segments[2]] {
            var bytes = try LogFixtures.bytes(directory, name)
            bytes[32 + 30] ^= 0xFF
            try LogFixtures.write(bytes, directory, name)
        }
        let report = try LogVerifier.verify(directory: directory.path)
        #expect(report.damage.map(\.segment) == [segments[0], segments[2]])
        #expect(report.damage.map(\.offset) == [32, 32])
        #expect(report.records == 198)
    }

    @Test func missingSegmentFailsOpen() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try await Self.makeLog(in: directory)
        let segments = try LogFixtures.segments(directory)
        try FileManager.default.removeItem(at: directory.appending(segments[1]))
        let error = try await #require(throws: LogError.self) { _ = try await LogWriter.open(directory: directory.path) }
        #expect(error.code == .missingSegment)
        #expect(error.segment == segments[2])
    }
}
