import Foundation
import SystemSeam
import Testing
import TestSupport
@testable import EventLog

/// Records encoded into one buffer of frames (``FramedRecords``) and framed where they lie
/// (``RecordFrame/frameInPlace(_:count:firstPosition:flags:note:)``) end as the frames the
/// one-record framing writes, and a batch staged from them is, byte for byte, the batch one
/// append of the same payloads writes.
@Suite struct FramedRecordsTests {
    /// The layout before staging: each record a header holding only its payload's length, then
    /// the payload, whichever way it was appended.
    @Test func recordsAreLaidOutAsFramesWithOnlyTheirLengths() {
        var records = FramedRecords()
        #expect(records.isEmpty)
        records.append([0xAA, 0xBB])
        records.append(encoding: { $0 += [1, 2, 3] })
        records.append([])
        let header: (UInt8) -> [UInt8] = { length in [0, 0, 0, 0, length, 0, 0, 0] + [UInt8](repeating: 0, count: 12) }
        #expect(records.bytes == header(2) + [0xAA, 0xBB] + header(3) + [1, 2, 3] + header(0))
        #expect(records.count == 3)
        #expect(records.largestPayload == 3)
        #expect(records.lastFrameOffset == 22 + 23)
    }

    /// Framing in place writes exactly the frames ``RecordFrame/append(position:flags:payload:to:)``
    /// writes for each payload, and notes each frame's position and offset in order (groups of
    /// four and a remainder, empty payloads, long ones).
    @Test(arguments: 0..<24 as Range<UInt64>)
    func framingInPlaceWritesTheFramesOfTheOneRecordFraming(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let payloads = LogFixtures.payloads(Int.random(in: 1...41, using: &random), seed: seed &+ 7,
                                            lengths: seed % 3 == 0 ? 0...5_000 : 0...300)
        let first = UInt64.random(in: 1...1_000_000_000, using: &random)
        let flags = seed % 2 == 0 ? 0 : RecordFrame.endOfBatch
        var records = FramedRecords()
        for payload in payloads { records.append(payload) }
        var expected: [UInt8] = []
        var offsets: [Int] = []
        for (index, payload) in payloads.enumerated() {
            offsets.append(expected.count)
            payload.withUnsafeBytes { RecordFrame.append(position: first + UInt64(index), flags: flags, payload: $0, to: &expected) }
        }
        var bytes = records.bytes
        var notes: [UInt64] = []
        var notedOffsets: [Int] = []
        let end = bytes.withUnsafeMutableBytes { raw in
            RecordFrame.frameInPlace(raw, count: payloads.count, firstPosition: first, flags: flags) { position, offset in
                notes.append(position)
                notedOffsets.append(offset)
            }
        }
        #expect(bytes == expected)
        #expect(end == expected.count)
        #expect(notes == Array(first..<(first + UInt64(payloads.count))))
        #expect(notedOffsets == offsets)
        #expect(records.count == payloads.count)
        #expect(records.largestPayload == payloads.map(\.count).max())
        #expect(records.lastFrameOffset == offsets.last)
    }

    /// A batch staged in parts of framed records, then committed, leaves every file of the log
    /// (segments, indexes, seals) byte for byte as one append of the same payloads does; while
    /// staged, the last record of each part is held back (not in the file) and read back from
    /// memory, and no reader sees the batch.
    @Test(arguments: [UInt64(1), 2, 3, 4])
    func stagedFramedRecordsWriteTheBytesOfOneAppend(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        let before = LogFixtures.payloads(40, seed: seed &+ 100, lengths: 0...300)
        let parts = (0..<Int.random(in: 1...9, using: &random)).map { part in
            LogFixtures.payloads(Int.random(in: 1...300, using: &random), seed: seed &* 31 &+ UInt64(part), lengths: 0...2_000)
        }
        let options = LogOptions(segmentSize: 1 << 30, preallocationSize: 0)

        let staged = try TemporaryDirectory()
        defer { staged.remove() }
        let writer = try await LogWriter.open(directory: staged.path, options: options)
        _ = try await writer.append(contentsOf: before)
        let committedEnd = try LogFixtures.bytes(staged, LogFixtures.segmentName(1)).count
        var written = 0
        for part in parts {
            var records = FramedRecords()
            for payload in part { records.append(payload) }
            try await writer.stageRecords(records)
            written += part.count
            let held = UInt64(before.count + written)
            #expect(try await writer.stagedPayloads(at: [held]) == [part.last])
            let segment = try LogFixtures.bytes(staged, LogFixtures.segmentName(1))
            let framesBeforeHeld = parts.joined().prefix(written - 1).reduce(0) { $0 + LogFixtures.frameSize($1) }
            #expect(segment.count == committedEnd + framesBeforeHeld, "every staged record but the held-back one is written")
            #expect(writer.lastPosition == UInt64(before.count))
            #expect(try LogFixtures.readAll(staged).count == before.count)
        }
        #expect(try await writer.commitStagedBatch() == UInt64(before.count + 1)...UInt64(before.count + written))
        try await writer.close()

        let appended = try TemporaryDirectory()
        defer { appended.remove() }
        let other = try await LogWriter.open(directory: appended.path, options: options)
        _ = try await other.append(contentsOf: before)
        _ = try await other.append(contentsOf: Array(parts.joined()))
        try await other.close()

        let names = try FileManager.default.contentsOfDirectory(atPath: staged.path).sorted()
        #expect(names == (try FileManager.default.contentsOfDirectory(atPath: appended.path).sorted()))
        for name in names where name != SegmentName.lockFile {
            #expect(try LogFixtures.bytes(staged, name) == LogFixtures.bytes(appended, name), "\(name)")
        }
    }

    /// A write that fails while a part of framed records is staged cuts the staged records off
    /// and poisons the writer; abandoning the batch then succeeds, and the log reopens with the
    /// records committed before the batch only, its segment as it was.
    @Test(arguments: [0, 1, 3])
    func aFailedPartLeavesTheBatchAbandonable(failingPart: Int) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let diskFull = FaultSwitch()
        var options = LogOptions(durability: .fsyncEachAppend, fileSystem: FaultInjectionTests.fullDisk(diskFull))
        options.preallocationSize = 0
        let writer = try await LogWriter.open(directory: directory.path, options: options)
        let before = LogFixtures.payloads(25, seed: 5, lengths: 0...300)
        _ = try await writer.append(contentsOf: before)
        let committed = try LogFixtures.bytes(directory, LogFixtures.segmentName(1))
        for part in 0...failingPart {
            var records = FramedRecords()
            for payload in LogFixtures.payloads(50, seed: UInt64(part), lengths: 1...400) { records.append(payload) }
            diskFull.set(part == failingPart)
            if part < failingPart {
                try await writer.stageRecords(records)
            } else {
                let error = try await #require(throws: LogError.self) { try await writer.stageRecords(records) }
                #expect(error.code == .writerFailed)
                #expect(error.systemError?.errno == 28)
            }
        }
        diskFull.set(false)
        try await writer.abandonStagedBatch()
        #expect(writer.lastPosition == UInt64(before.count))
        #expect(try LogFixtures.bytes(directory, LogFixtures.segmentName(1)) == committed)
        try? await writer.close()

        let reopened = try await LogWriter.open(directory: directory.path)
        #expect(try reopened.reader.records().map(\.payload) == before)
        try await reopened.close()
    }
}
