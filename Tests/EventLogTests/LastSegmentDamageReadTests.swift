import EventLog
import Foundation
import Testing
import TestSupport
@testable import EventLog

/// Defect 3 of issue 19: damage in the last segment is never silent. A directory reader that
/// meets an invalid record followed by a valid record of a later position throws
/// `.corruptRecord` naming segment, offset and position, as writer recovery does; a genuinely
/// torn tail still reads cleanly up to the last complete batch.
@Suite struct LastSegmentDamageReadTests {
    /// Which byte of the damaged record's frame is flipped.
    enum Flip: String, CaseIterable, Sendable {
        case checksum, length, position, payload
        var offset: Int {
            switch self {
            case .checksum: 1
            case .length: 5
            case .position: 9
            case .payload: 25
            }
        }
    }

    /// A log of 40 single-record batches (one or more segments); the damaged record is `damaged`
    /// of the last segment's records. Returns the segment name and the damaged frame's offset.
    static func damagedLog(in directory: TemporaryDirectory, segmentSize: Int, flip: Flip) async throws
        -> (name: String, offset: Int, position: UInt64) {
        let writer = try await LogWriter.open(directory: directory.path, options: LogOptions(segmentSize: segmentSize))
        for payload in LogFixtures.payloads(40, seed: 9, lengths: 20...80) { _ = try await writer.append(payload) }
        try await writer.close()
        let name = try #require(try LogFixtures.segments(directory).last)
        var bytes = try LogFixtures.bytes(directory, name)
        let offsets = LogFixtures.frameOffsets(bytes)
        let victim = offsets.count / 2
        bytes[offsets[victim] + flip.offset] ^= 0x10
        try LogFixtures.write(bytes, directory, name)
        return (name, offsets[victim], LogFixtures.base(name) + UInt64(victim))
    }

    @Test(arguments: Flip.allCases, [64 << 20, 1024])
    func flippedByteMidLastSegment(flip: Flip, segmentSize: Int) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (name, offset, position) = try await Self.damagedLog(in: directory, segmentSize: segmentSize, flip: flip)
        let reader = LogReader(directory: directory.path)
        func check(_ error: LogError, _ what: String) {
            #expect(error.code == .corruptRecord, "\(what)")
            #expect(error.segment == name, "\(what)")
            #expect(error.offset == Int64(offset), "\(what)")
            #expect(error.position == position, "\(what)")
            #expect(error.message.contains("valid records follow"), "\(what): \(error.message)")
        }
        check(try #require(throws: LogError.self) { _ = try reader.records() }, "records")
        check(try #require(throws: LogError.self) { _ = try reader.lastPosition() }, "lastPosition")
        var handed: [UInt64] = []
        let error = try #require(throws: LogError.self) { try reader.forEach { position, _ in handed.append(position) } }
        check(error, "forEach")
        // Nothing at or after the damage was handed out.
        #expect(handed.last.map { $0 < position } ?? true)
        // Recovery agrees.
        let opening = try await #require(throws: LogError.self) { _ = try await LogWriter.open(directory: directory.path) }
        #expect(opening.code == .corruptRecord && opening.offset == Int64(offset) && opening.position == position)
    }

    /// A record cut short at every byte of the last record, or zero-filled from there on, is a
    /// torn tail: readers read cleanly up to the batch before it.
    @Test(arguments: [false, true])
    func tornTailReadsCleanly(zeroFilled: Bool) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let payloads = LogFixtures.payloads(6, seed: 4, lengths: 10...30)
        let segment = try await TornTailTests.makeLog(payloads.map { [$0] }, in: directory)
        let lastStart = segment.count - LogFixtures.frameSize(payloads[5])
        for cut in lastStart..<segment.count {
            var bytes = Array(segment[..<cut])
            if zeroFilled { bytes += [UInt8](repeating: 0, count: 4096) }
            try LogFixtures.write(bytes, directory, LogFixtures.segmentName(1))
            let reader = LogReader(directory: directory.path)
            #expect(try reader.records().map(\.payload) == Array(payloads[0..<5]), "cut at \(cut)")
            #expect(try reader.lastPosition() == 5, "cut at \(cut)")
        }
    }
}
