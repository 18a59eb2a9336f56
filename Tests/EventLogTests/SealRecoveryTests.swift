import Foundation
import Testing
import TestSupport
@testable import EventLog
import SystemSeam

/// Seals across crashes: between a segment's roll and its seal, and in the last segment,
/// whose seal (written at a clean close) covers only a prefix once appends follow.
@Suite struct SealRecoveryTests {
    /// A file system whose `open` or `rename` fails with EIO for paths with `suffix` while
    /// `failing` is on: the writer stops there as a crash would.
    static func failing(_ failing: FaultSwitch, renameTo suffix: String? = nil, open openSuffix: String? = nil) -> FileSystem {
        var fs = FileSystem.posix
        let realRename = fs.rename, realOpen = fs.open
        fs.rename = { from, to throws(SystemCallError) in
            if failing.isOn, let suffix, to.hasSuffix(suffix) { throw SystemCallError(call: "rename", path: from, errno: 5) }
            try realRename(from, to)
        }
        fs.open = { path, mode throws(SystemCallError) in
            if failing.isOn, let openSuffix, path.hasSuffix(openSuffix) { throw SystemCallError(call: "open", path: path, errno: 5) }
            return try realOpen(path, mode)
        }
        return fs
    }

    /// Appends `payloads` one by one until an append fails; returns those acknowledged.
    static func appendUntilFailure(_ writer: LogWriter, _ payloads: [[UInt8]]) async throws -> [[UInt8]] {
        var acknowledged: [[UInt8]] = []
        for payload in payloads {
            do { _ = try await writer.append(payload) } catch {
                #expect(error.code == .writerFailed)
                return acknowledged
            }
            acknowledged.append(payload)
        }
        Issue.record("no append failed")
        return acknowledged
    }

    /// The crash comes after the full segment was synced and trimmed but before its seal was
    /// in place (and so before the next segment existed): it is still the last segment,
    /// checked record by record, and sealed at open.
    @Test func crashBetweenRollAndSeal() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fault = FaultSwitch()
        fault.set(true)
        let payloads = LogFixtures.payloads(80, seed: 5, lengths: 40...120)
        let writer = try await LogWriter.open(
            directory: directory.path,
            options: LogOptions(durability: .fsyncEachAppend, segmentSize: 4096, fileSystem: Self.failing(fault, renameTo: ".seal")))
        let acknowledged = try await Self.appendUntilFailure(writer, payloads)
        try? await writer.close()
        #expect(try LogFixtures.segments(directory) == [LogFixtures.segmentName(1)])
        #expect(!FileManager.default.fileExists(atPath: directory.appending(LogFixtures.sealName(LogFixtures.segmentName(1))).path))

        let reopened = try await LogWriter.open(directory: directory.path, options: LogOptions(segmentSize: 4096))
        #expect(reopened.recoveryReport.lastSegmentSealedLength == 0)
        #expect(try reopened.reader.records().map(\.payload) == acknowledged)
        for payload in payloads[acknowledged.count...] { _ = try await reopened.append(payload) }
        try await reopened.close()
        let (report, read) = try await SealTests.reopen(directory)
        #expect(read == payloads)
        #expect(report.sealedSegments >= 2 && report.checkedBySeal == report.sealedSegments)
        #expect(try LogVerifier.verify(directory: directory.path).isHealthy)
    }

    /// The crash comes after the seal was written but before the next segment was created:
    /// the full segment is the last one, and its seal covers all of it.
    @Test func crashAfterSealBeforeTheNextSegment() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fault = FaultSwitch()
        let payloads = LogFixtures.payloads(120, seed: 6, lengths: 40...120)
        let writer = try await LogWriter.open(
            directory: directory.path,
            options: LogOptions(durability: .fsyncEachAppend, segmentSize: 4096, fileSystem: Self.failing(fault, open: ".log.tmp")))
        fault.set(true)
        let acknowledged = try await Self.appendUntilFailure(writer, payloads)
        try? await writer.close()
        let name = LogFixtures.segmentName(1)
        #expect(try LogFixtures.segments(directory) == [name])

        let reopened = try await LogWriter.open(directory: directory.path, options: LogOptions(segmentSize: 4096))
        let length = Int64(try LogFixtures.bytes(directory, name).count)
        #expect(reopened.recoveryReport.lastSegmentSealedLength == length)
        #expect(reopened.recoveryReport.lastSegmentLength == length)
        #expect(try reopened.reader.records().map(\.payload) == acknowledged)
        for payload in payloads[acknowledged.count...] { _ = try await reopened.append(payload) }
        try await reopened.close()
        let (report, read) = try await SealTests.reopen(directory)
        #expect(read == payloads)
        #expect(report.checkedBySeal == report.sealedSegments && report.sealedSegments >= 2)
    }

    /// A log whose last segment has a prefix seal from an earlier close, then more records
    /// (as after a crash): returns the payloads, the prefix seal's length, and the frame
    /// offsets of the segment.
    static func makePrefixSealedLog(in directory: TemporaryDirectory) async throws -> ([[UInt8]], Int64, [Int]) {
        let payloads = LogFixtures.payloads(20, seed: 8, lengths: 10...60)
        let name = LogFixtures.segmentName(1)
        let first = try await LogWriter.open(directory: directory.path)
        for payload in payloads[..<10] { _ = try await first.append(payload) }
        try await first.close()
        let prefixSeal = try LogFixtures.bytes(directory, LogFixtures.sealName(name))
        let second = try await LogWriter.open(directory: directory.path)
        for payload in payloads[10...] { _ = try await second.append(payload) }
        try await second.close()
        // The seal from the first close is stale but true: it covers the first 10 records.
        try LogFixtures.write(prefixSeal, directory, LogFixtures.sealName(name))
        let seal = try #require(SegmentSeal.decode(prefixSeal))
        let bytes = try LogFixtures.bytes(directory, name)
        #expect(seal.nextPosition == 11 && seal.length == Int64(LogFixtures.frameOffsets(bytes)[10]))
        return (payloads, seal.length, LogFixtures.frameOffsets(bytes))
    }

    @Test func lastSegmentIsCheckedBySealUpToItsPrefix() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (payloads, prefix, _) = try await Self.makePrefixSealedLog(in: directory)
        let (report, read) = try await SealTests.reopen(directory)
        #expect(read == payloads)
        #expect(report.lastSegmentSealedLength == prefix)
        let name = LogFixtures.segmentName(1)
        // Open sealed all 20 records again.
        let seal = try #require(SegmentSeal.decode(try LogFixtures.bytes(directory, LogFixtures.sealName(name))))
        let bytes = try LogFixtures.bytes(directory, name)
        #expect(seal.nextPosition == 21 && seal.checksum == CRC32C.checksum(bytes))
    }

    /// Damage after the last segment's sealed prefix, with valid records after it.
    @Test func damageAfterTheSealedPrefixIsReported() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (_, _, offsets) = try await Self.makePrefixSealedLog(in: directory)
        let name = LogFixtures.segmentName(1)
        var bytes = try LogFixtures.bytes(directory, name)
        bytes[offsets[14] + 21] ^= 0x08
        try LogFixtures.write(bytes, directory, name)
        let error = try await #require(throws: LogError.self) { _ = try await LogWriter.open(directory: directory.path) }
        #expect(error.code == .corruptRecord && error.segment == name)
        #expect(error.offset == Int64(offsets[14]) && error.position == 15)
        #expect(try LogFixtures.bytes(directory, name) == bytes)
    }

    /// Damage inside the sealed prefix: the seal does not match, and the per-record check
    /// names the record.
    @Test func damageInsideTheSealedPrefixIsReported() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (_, _, offsets) = try await Self.makePrefixSealedLog(in: directory)
        let name = LogFixtures.segmentName(1)
        var bytes = try LogFixtures.bytes(directory, name)
        bytes[offsets[4] + 22] ^= 0x80
        try LogFixtures.write(bytes, directory, name)
        let error = try await #require(throws: LogError.self) { _ = try await LogWriter.open(directory: directory.path) }
        #expect(error.code == .corruptRecord && error.offset == Int64(offsets[4]) && error.position == 5)
    }

    /// A torn write after the sealed prefix is cut back to the last complete batch.
    @Test(arguments: [1, 7, 25])
    func tornTailAfterTheSealedPrefixIsCut(bytesIntoRecord: Int) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (payloads, prefix, offsets) = try await Self.makePrefixSealedLog(in: directory)
        let name = LogFixtures.segmentName(1)
        let bytes = try LogFixtures.bytes(directory, name)
        try LogFixtures.write(Array(bytes[..<(offsets[19] + bytesIntoRecord)]), directory, name)
        let (report, read) = try await SealTests.reopen(directory)
        #expect(read == Array(payloads[..<19]))
        #expect(report.lastSegmentSealedLength == prefix)
        #expect(report.lastSegmentLength == Int64(offsets[19]))
    }

    /// A seal that claims more than the file holds (the file was cut shorter) is ignored.
    @Test func sealLongerThanTheLastSegmentIsIgnored() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let payloads = LogFixtures.payloads(10, seed: 9, lengths: 10...60)
        let writer = try await LogWriter.open(directory: directory.path)
        for payload in payloads { _ = try await writer.append(payload) }
        try await writer.close()
        let name = LogFixtures.segmentName(1)
        let bytes = try LogFixtures.bytes(directory, name)
        let offsets = LogFixtures.frameOffsets(bytes)
        try LogFixtures.write(Array(bytes[..<(offsets[9] + 3)]), directory, name)
        let (report, read) = try await SealTests.reopen(directory)
        #expect(read == Array(payloads[..<9]))
        #expect(report.lastSegmentSealedLength == 0)
        let seal = try #require(SegmentSeal.decode(try LogFixtures.bytes(directory, LogFixtures.sealName(name))))
        #expect(seal.length == Int64(offsets[9]) && seal.nextPosition == 10)
    }
}
