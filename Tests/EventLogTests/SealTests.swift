import Foundation
import Testing
import TestSupport
@testable import EventLog

/// Segment seals: open checks a segment whose seal matches with one checksum pass, and
/// falls back to the per-record check (which names the damaged record) whenever the seal
/// is missing, damaged or stale, rebuilding it afterwards.
@Suite struct SealTests {
    /// A log of 300 records over many 4 KiB segments; returns the payloads.
    static func makeLog(in directory: TemporaryDirectory) async throws -> [[UInt8]] {
        let payloads = LogFixtures.payloads(300, seed: 77, lengths: 20...120)
        let writer = try await LogWriter.open(directory: directory.path, options: LogOptions(segmentSize: 4096))
        for payload in payloads { _ = try await writer.append(payload) }
        try await writer.close()
        return payloads
    }

    /// Opens the log, reads every payload back and closes it; returns how open went.
    static func reopen(_ directory: TemporaryDirectory) async throws -> (RecoveryReport, [[UInt8]]) {
        let writer = try await LogWriter.open(directory: directory.path, options: LogOptions(segmentSize: 4096))
        let payloads = try writer.reader.records().map(\.payload)
        let report = writer.recoveryReport
        try await writer.close()
        return (report, payloads)
    }

    @Test func reopenChecksEverySegmentBySeal() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let payloads = try await Self.makeLog(in: directory)
        let segments = try LogFixtures.segments(directory)
        let (report, read) = try await Self.reopen(directory)
        #expect(read == payloads)
        #expect(report.sealedSegments == segments.count - 1 && report.sealedSegments >= 5)
        #expect(report.checkedBySeal == report.sealedSegments)
        #expect(report.checkedByRecords == 0 && report.sealsRebuilt == 0)
        #expect(report.lastSegmentSealedLength == report.lastSegmentLength)
        // Each seal holds the checksum of its whole segment, as written.
        for name in segments {
            let bytes = try LogFixtures.bytes(directory, name)
            let seal = try #require(SegmentSeal.decode(try LogFixtures.bytes(directory, LogFixtures.sealName(name))))
            #expect(seal.length == Int64(bytes.count))
            #expect(seal.checksum == CRC32C.checksum(bytes))
            #expect(seal.basePosition == LogFixtures.base(name))
        }
    }

    /// Several writer lives, each appending seeded batches across rolls: every seal holds
    /// the checksum of its segment's prefix as written (checked against the file), and the
    /// next open checks every sealed segment and the whole last one by seal.
    @Test(arguments: 0..<12)
    func sealsStayTrueAcrossReopens(seed: UInt64) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var random = SplitMix64(seed: seed)
        var written: [[UInt8]] = []
        for _ in 0..<Int.random(in: 2...4, using: &random) {
            let durability: LogOptions.Durability = Bool.random(using: &random) ? .fsyncEachAppend : .buffered(flushInterval: .seconds(5))
            let writer = try await LogWriter.open(directory: directory.path,
                                                  options: LogOptions(durability: durability, segmentSize: 4096))
            for _ in 0..<Int.random(in: 1...30, using: &random) {
                let batch = (0..<Int.random(in: 1...5, using: &random)).map { _ in random.bytes(Int.random(in: 0...300, using: &random)) }
                _ = try await writer.append(contentsOf: batch)
                written += batch
            }
            try await writer.close()
        }
        for name in try LogFixtures.segments(directory) {
            let bytes = try LogFixtures.bytes(directory, name)
            let seal = try #require(SegmentSeal.decode(try LogFixtures.bytes(directory, LogFixtures.sealName(name))))
            #expect(seal.length == Int64(bytes.count) && seal.checksum == CRC32C.checksum(bytes), "\(name)")
        }
        let (report, read) = try await Self.reopen(directory)
        #expect(read == written)
        #expect(report.checkedBySeal == report.sealedSegments && report.checkedByRecords == 0)
        #expect(report.lastSegmentSealedLength == report.lastSegmentLength)
    }

    /// What is wrong with the second segment's seal (or its index) before open.
    enum SealFault: String, CaseIterable, Sendable {
        case missing, damaged, truncated, staleChecksum, staleLength, wrongNextPosition, indexMissing
    }

    @Test(arguments: SealFault.allCases)
    func missingDamagedOrStaleSealFallsBackAndIsRebuilt(fault: SealFault) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let payloads = try await Self.makeLog(in: directory)
        let name = try LogFixtures.segments(directory)[1]
        let sealName = LogFixtures.sealName(name)
        let original = try LogFixtures.bytes(directory, sealName)
        var seal = try #require(SegmentSeal.decode(original))
        switch fault {
        case .missing: try FileManager.default.removeItem(at: directory.appending(sealName))
        case .damaged: try LogFixtures.write(original.enumerated().map { $0 == 41 ? $1 ^ 0x10 : $1 }, directory, sealName)
        case .truncated: try LogFixtures.write(Array(original[..<20]), directory, sealName)
        case .staleChecksum: seal.checksum ^= 1
        case .staleLength: seal.length -= 1
        case .wrongNextPosition: seal.nextPosition += 1
        case .indexMissing: try FileManager.default.removeItem(at: directory.appending(LogFixtures.indexName(name)))
        }
        if [.staleChecksum, .staleLength, .wrongNextPosition].contains(fault) {
            try LogFixtures.write(seal.encoded(), directory, sealName)
        }
        let (report, read) = try await Self.reopen(directory)
        #expect(read == payloads)
        #expect(report.checkedByRecords == 1)
        #expect(report.checkedBySeal == report.sealedSegments - 1)
        #expect(report.sealsRebuilt == (fault == .indexMissing ? 0 : 1))
        // The seal is as the writer wrote it, and the next open uses it.
        #expect(try LogFixtures.bytes(directory, sealName) == original)
        #expect(FileManager.default.fileExists(atPath: directory.appending(LogFixtures.indexName(name)).path))
        let (again, _) = try await Self.reopen(directory)
        #expect(again.checkedBySeal == again.sealedSegments && again.checkedByRecords == 0)
    }

    /// Where a byte of the damaged record is flipped.
    enum Spot: String, CaseIterable, Sendable {
        case checksum, length, position, flags, payload
        var byte: Int {
            switch self {
            case .checksum: 1
            case .length: 5
            case .position: 9
            case .flags: 16
            case .payload: 25
            }
        }
    }

    /// A flipped byte in a sealed segment whose seal is intact: the seal no longer matches,
    /// and the per-record check names segment, offset and position. Nothing is changed.
    @Test(arguments: Spot.allCases)
    func flippedByteInSealedSegmentWithValidSeal(spot: Spot) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try await Self.makeLog(in: directory)
        let name = try LogFixtures.segments(directory)[2]
        var bytes = try LogFixtures.bytes(directory, name)
        let seal = try #require(SegmentSeal.decode(try LogFixtures.bytes(directory, LogFixtures.sealName(name))))
        #expect(seal.checksum == CRC32C.checksum(bytes))
        let offset = LogFixtures.frameOffsets(bytes)[3]
        let position = LogFixtures.base(name) + 3
        bytes[offset + spot.byte] ^= 0x40
        try LogFixtures.write(bytes, directory, name)

        let error = try await #require(throws: LogError.self) { _ = try await LogWriter.open(directory: directory.path) }
        #expect(error.code == .corruptRecord)
        #expect(error.segment == name && error.offset == Int64(offset) && error.position == position)
        #expect(error.description.contains("segment \(name), offset \(offset), position \(position)"))
        #expect(try LogFixtures.bytes(directory, name) == bytes)
        #expect(SegmentSeal.decode(try LogFixtures.bytes(directory, LogFixtures.sealName(name))) == seal)
        let report = try LogVerifier.verify(directory: directory.path)
        #expect(report.damage.map(\.positions) == [position...position])
        #expect(report.damage.first?.offset == Int64(offset))
    }

    /// A flipped byte in a sealed segment's header is reported as a damaged segment.
    @Test func flippedHeaderByteInSealedSegment() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try await Self.makeLog(in: directory)
        let name = try LogFixtures.segments(directory)[1]
        var bytes = try LogFixtures.bytes(directory, name)
        bytes[18] ^= 1
        try LogFixtures.write(bytes, directory, name)
        let error = try await #require(throws: LogError.self) { _ = try await LogWriter.open(directory: directory.path) }
        #expect(error.code == .corruptSegment && error.segment == name && error.offset == 0)
        #expect(error.position == LogFixtures.base(name))
    }

    /// Single-bit damage anywhere in a seal file makes it unreadable (and so ignored).
    @Test(arguments: 0..<8)
    func sealEncodingRoundTripsAndRejectsEveryFlippedBit(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let base = UInt64.random(in: 1...1_000_000, using: &random)
        let seal = SegmentSeal(basePosition: base, length: Int64.random(in: 32...(1 << 40), using: &random),
                               nextPosition: base + UInt64.random(in: 0...100_000, using: &random),
                               checksum: UInt32.random(in: .min ... .max, using: &random))
        let bytes = seal.encoded()
        #expect(bytes.count == SegmentSeal.size)
        #expect(SegmentSeal.decode(bytes) == seal)
        for index in bytes.indices {
            for bit in 0..<8 {
                var damaged = bytes
                damaged[index] ^= UInt8(1 << bit)
                #expect(SegmentSeal.decode(damaged) == nil, "byte \(index) bit \(bit)")
            }
        }
    }
}
