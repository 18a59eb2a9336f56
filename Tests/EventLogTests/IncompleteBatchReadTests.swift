import EventLog
import Foundation
import Synchronization
import Testing
import TestSupport
@testable import EventLog
import SystemSeam

/// Defect 2 of issue 19: a directory reader (the CLI's read commands, other processes) stops at
/// the end of the last complete batch, always: the records of a batch whose end-of-batch record
/// was never written are never handed out.
@Suite struct IncompleteBatchReadTests {
    /// How the bytes after the last complete batch look.
    enum Tail: String, CaseIterable, Sendable {
        /// Whole frames of a batch that never got its last record (a killed append).
        case wholeFramesWithoutEnd
        /// Those frames, then a last frame cut short.
        case lastFrameCutShort
        /// Those frames, then zero-filled preallocated space.
        case zeroFilledAfter
    }

    /// The frames of records `positions` (none flagged end-of-batch), payloads `[p, p, p]`.
    static func unendedFrames(_ positions: ClosedRange<UInt64>) -> [UInt8] {
        var bytes: [UInt8] = []
        for position in positions {
            let payload = [UInt8](repeating: UInt8(truncatingIfNeeded: position), count: 3 + Int(position % 5))
            payload.withUnsafeBytes { RecordFrame.append(position: position, flags: 0, payload: $0, to: &bytes) }
        }
        return bytes
    }

    /// A log of `batches` (closed cleanly), then `tail` written after them as a killed writer
    /// leaves it. Returns the payloads of the complete batches.
    static func makeLog(in directory: TemporaryDirectory, batches: [[[UInt8]]], segmentSize: Int = 64 << 20,
                        tail: Tail) async throws -> [[UInt8]] {
        let writer = try await LogWriter.open(directory: directory.path, options: LogOptions(segmentSize: segmentSize))
        for batch in batches { _ = try await writer.append(contentsOf: batch) }
        try await writer.close()
        let last = try #require(try LogFixtures.segments(directory).last)
        let next = UInt64(batches.map(\.count).reduce(0, +)) + 1
        var bytes = try LogFixtures.bytes(directory, last)
        bytes += unendedFrames(next...(next + 4))
        switch tail {
        case .wholeFramesWithoutEnd: break
        case .lastFrameCutShort: bytes.removeLast(5)
        case .zeroFilledAfter: bytes += [UInt8](repeating: 0, count: 8192)
        }
        try LogFixtures.write(bytes, directory, last)
        return batches.flatMap { $0 }
    }

    /// forEach, records and lastPosition all end at the last complete batch, in one segment and
    /// after a roll (the incomplete batch alone in the last segment).
    @Test(arguments: Tail.allCases, [64 << 20, 4096])
    func readersEndAtTheLastCompleteBatch(tail: Tail, segmentSize: Int) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let batches = (0..<12).map { LogFixtures.payloads(1 + $0 % 4, seed: 100 + UInt64($0), lengths: 10...300) }
        let payloads = try await Self.makeLog(in: directory, batches: batches, segmentSize: segmentSize, tail: tail)
        let reader = LogReader(directory: directory.path)
        #expect(try reader.records().map(\.payload) == payloads)
        #expect(try reader.lastPosition() == UInt64(payloads.count))
        var seen: [UInt64] = []
        try reader.forEach(from: 3) { position, _ in seen.append(position) }
        #expect(seen == Array(3...UInt64(payloads.count)))
        // From inside the incomplete batch: nothing.
        #expect(try reader.records(from: UInt64(payloads.count) + 2).isEmpty)
        // A batch-wise consumer resuming through a place sees the same.
        let place = LogReadPlace()
        let first = LogFixtures.readChunk(reader, from: 1, through: .max, limit: 5, place: place)
        let rest = LogFixtures.readChunk(reader, from: UInt64(first.records.count) + 1, through: .max, limit: .max, place: place)
        #expect(first.error == nil && rest.error == nil)
        #expect((first.records + rest.records).map(\.1) == payloads)
        // The next writer open cuts exactly what the readers did not show.
        let writer = try await LogWriter.open(directory: directory.path)
        #expect(writer.lastPosition == UInt64(payloads.count))
        try await writer.close()
    }

    /// The index's last entry inside the incomplete batch (a big batch that never ended):
    /// lastPosition still finds the batch before it.
    @Test func lastPositionWhenTheIndexPointsIntoTheIncompleteBatch() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let writer = try await LogWriter.open(directory: directory.path)
        _ = try await writer.append(contentsOf: LogFixtures.payloads(3, seed: 7, lengths: 10...20))
        try await writer.close()
        let name = LogFixtures.segmentName(1)
        var bytes = try LogFixtures.bytes(directory, name)
        let entryOffset = bytes.count
        bytes += Self.unendedFrames(4...6)
        try LogFixtures.write(bytes, directory, name)
        var index = SparseIndex(basePosition: 1)
        index.note(position: 1, offset: 32)
        index.note(position: 4, offset: Int64(entryOffset))
        index.coveredLength = Int64(bytes.count)
        try LogFixtures.write(index.encoded(), directory, LogFixtures.indexName(name))
        #expect(try LogReader(directory: directory.path).lastPosition() == 3)
    }

    /// A writer whose write of a batch stops part-way (a short write, then EIO) leaves whole
    /// frames of the batch on disk: a directory reader and the writer's subscription both end
    /// at the batch before it, and reopening cuts it.
    @Test func shortWriteMidBatch() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let failing = FaultSwitch()
        var fs = FileSystem.posix
        let real = fs.write
        let calls = Atomic<Int>(0)
        fs.write = { fd, bytes, offset, path throws(SystemCallError) in
            guard failing.isOn, !bytes.allSatisfy({ $0 == 0 }) else { return try real(fd, bytes, offset, path) }
            if calls.add(1, ordering: .relaxed).newValue > 1 { throw SystemCallError(call: "pwrite", path: path, errno: 5) }
            return try real(fd, UnsafeRawBufferPointer(rebasing: bytes[0..<(bytes.count - 7)]), offset, path)
        }
        let writer = try await LogWriter.open(directory: directory.path, options: LogOptions(durability: .fsyncEachAppend, fileSystem: fs))
        let kept = LogFixtures.payloads(4, seed: 5, lengths: 30...40)
        _ = try await writer.append(contentsOf: kept)
        let subscription = Task {
            var seen: [UInt64] = []
            for try await record in writer.subscribe(from: 1) { seen.append(record.position) }
            return seen
        }
        failing.set(true)
        let error = try await #require(throws: LogError.self) {
            _ = try await writer.append(contentsOf: LogFixtures.payloads(3, seed: 6, lengths: 30...40))
        }
        #expect(error.code == .writerFailed)
        // Frames 5 and 6 are whole on disk, frame 7 is cut short.
        let reader = LogReader(directory: directory.path)
        #expect(try reader.records().map(\.payload) == kept)
        #expect(try reader.lastPosition() == 4)
        #expect(try writer.reader.records().map(\.payload) == kept)
        try? await writer.close()
        #expect(try await subscription.value == [1, 2, 3, 4])
        let reopened = try await LogWriter.open(directory: directory.path)
        #expect(reopened.lastPosition == 4)
        try await reopened.close()
    }

    /// A directory reader reading while a writer of the same process appends batches (group
    /// commit, segment rolls) only ever ends a read at a batch boundary, with contiguous positions.
    @Test func directoryReaderWhileAWriterAppends() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let writer = try await LogWriter.open(directory: directory.path,
                                              options: LogOptions(durability: .groupCommit, segmentSize: 16 << 10))
        let batches = TestScale.cases(short: 300, long: 3000)
        let finished = FaultSwitch()
        let appender = Task {
            defer { finished.set(true) }
            var random = SplitMix64(seed: 77)
            for number in 0..<batches {
                let count = Int.random(in: 1...6, using: &random)
                // Payload: [index in batch, batch size, filler...]
                let batch = (0..<count).map { [UInt8($0), UInt8(count)] + random.bytes(Int.random(in: 0...200, using: &random)) }
                _ = try await writer.append(contentsOf: batch)
                if number % 20 == 0 { await Task.yield() }
            }
        }
        let reader = LogReader(directory: directory.path)
        var reads = 0
        while true {
            let done = finished.isOn
            var last: [UInt8]?
            var expected: UInt64 = 1
            try reader.forEach { position, payload in
                #expect(position == expected)
                expected += 1
                last = Array(payload.prefix(2))
            }
            if let last { #expect(last[0] + 1 == last[1], "a read ended inside a batch") }
            reads += 1
            if done { break }
            await Task.yield()
        }
        try await appender.value
        try await writer.close()
        #expect(reads > 1)
    }
}
