@testable import EventLog
import Foundation
import Synchronization
import SystemSeam
import Testing
import TestSupport

/// A reader without a writer (another process's view: audit, rebuild, retention) reads a long
/// last segment in chunks through a ``LogReadPlace``: each chunk must hand out exactly the
/// records a fresh read would, and the whole read must stay linear in the segment's size. A look
/// ahead for complete batches runs from where the last one ended, never again over records
/// already found complete (before, every chunk looked ahead to the end of the file: a 1M-event
/// import, one batch, took seconds to audit one card).
@Suite struct ChunkedDirectoryReadTests {
    /// How many bytes were read from segment files.
    final class ByteCount: Sendable {
        let bytes = Atomic<Int>(0)
        var value: Int { bytes.load(ordering: .relaxed) }
    }

    /// The real file system, counting the bytes read from segment files into `count`.
    static func counting(_ count: ByteCount) -> FileSystem {
        var fs = FileSystem.posix
        let read = fs.read
        fs.read = { fd, buffer, offset, path throws(SystemCallError) in
            let read = try read(fd, buffer, offset, path)
            if path.hasSuffix(".log") { count.bytes.add(read, ordering: .relaxed) }
            return read
        }
        return fs
    }

    /// Reads up to `limit` records from `position` through `place`, stopping anywhere (inside a
    /// batch too).
    static func chunk(_ reader: LogReader, from position: UInt64, limit: Int, place: LogReadPlace) throws -> [(UInt64, [UInt8])] {
        var records: [(UInt64, [UInt8])] = []
        try reader.forEachRecord(from: position, resuming: place) { position, payload, _ in
            records.append((position, Array(payload)))
            return records.count < limit
        }
        return records
    }

    @Test(arguments: [300, 4096])
    func chunksOfOneLongBatchReadTheSegmentAFewTimesAtMost(limit: Int) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // About 9 MB, many times the read buffer; each payload of its own length and bytes
        // (random bytes would cost more than the read itself in a debug build).
        let payloads = (0..<40_000).map { index in
            withUnsafeBytes(of: UInt32(index).littleEndian, Array.init)
                + [UInt8](repeating: UInt8(truncatingIfNeeded: index), count: 100 + index * 37 % 200)
        }
        let writer = try await LogWriter.open(directory: directory.path)
        _ = try await writer.append(contentsOf: payloads)  // one batch, as an import writes
        try await writer.close()
        let segment = try LogFixtures.segments(directory)
        #expect(segment.count == 1)
        let size = try LogFixtures.bytes(directory, segment[0]).count

        let bytesRead = ByteCount()
        let reader = LogReader(directory: directory.path, fileSystem: Self.counting(bytesRead), tail: nil)
        let place = LogReadPlace()
        var read: [(UInt64, [UInt8])] = []
        while true {
            let next = try Self.chunk(reader, from: UInt64(read.count) + 1, limit: limit, place: place)
            if next.isEmpty { break }
            #expect(next.count == min(limit, payloads.count - read.count))
            read += next
        }
        #expect(read.map(\.0) == Array(1...UInt64(payloads.count)))
        #expect(read.map(\.1) == payloads)
        // One look ahead over the segment and one read handing the records out, plus at most a
        // buffer's worth read past each chunk's end; looking ahead from every chunk's start to the
        // end of the file would read about half the file again per chunk.
        let chunks = (payloads.count + limit - 1) / limit
        #expect(bytesRead.value <= 2 * size + chunks * ReadBuffer().capacity)
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func chunksInterleavedWithAppendsMatchAFreshRead(seed: UInt64) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var random = SplitMix64(seed: seed)
        let payloads = LogFixtures.payloads(3_000, seed: seed, lengths: 0...300)
        let writer = try await LogWriter.open(directory: directory.path, options: LogOptions(segmentSize: 65_536))
        let reader = LogReader(directory: directory.path)
        let place = LogReadPlace()
        var written = 0
        var next: UInt64 = 1
        while next <= UInt64(payloads.count) {
            if written < payloads.count, Int.random(in: 0..<3, using: &random) == 0 {
                let count = min(Int.random(in: 1...400, using: &random), payloads.count - written)
                _ = try await writer.append(contentsOf: Array(payloads[written..<(written + count)]))
                written += count
                continue
            }
            let limit = Int.random(in: 1...150, using: &random)
            let resumed = try Self.chunk(reader, from: next, limit: limit, place: place)
            let fresh = try Self.chunk(reader, from: next, limit: limit, place: LogReadPlace())
            #expect(resumed.map(\.0) == fresh.map(\.0))
            #expect(resumed.map(\.1) == resumed.map { payloads[Int($0.0) - 1] })
            // Everything written is complete, so a chunk stops only at its limit or the log's end.
            #expect(resumed.count == min(limit, written - Int(next) + 1))
            next += UInt64(resumed.count)
        }
        #expect(try LogFixtures.segments(directory).count > 3)  // the reads crossed rolls
        try await writer.close()
    }

    /// A batch found complete by one chunk's look ahead may be gone by the next chunk (a writer
    /// cuts a batch it never acknowledged, say after a failed sync): the read then looks again and
    /// ends where a new reader ends, with no error.
    @Test func aBatchCutAfterTheLookEndsTheReadWhereAFreshReadEnds() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = LogFixtures.payloads(100, seed: 11, lengths: 10...60)
        let second = LogFixtures.payloads(100, seed: 12, lengths: 10...60)
        let writer = try await LogWriter.open(directory: directory.path)
        _ = try await writer.append(contentsOf: first)
        _ = try await writer.append(contentsOf: second)
        try await writer.close()
        let name = try #require(try LogFixtures.segments(directory).first)

        let reader = LogReader(directory: directory.path)
        let place = LogReadPlace()
        let opening = try Self.chunk(reader, from: 1, limit: 30, place: place)  // looks ahead: complete through 200
        #expect(opening.map(\.0) == Array(1...30))
        let bytes = try LogFixtures.bytes(directory, name)
        let cut = LogFixtures.frameOffsets(bytes)[first.count]  // the second batch's first frame
        try LogFixtures.write(Array(bytes[..<cut]), directory, name)

        let rest = try Self.chunk(reader, from: 31, limit: 1_000, place: place)
        let fresh = try Self.chunk(reader, from: 31, limit: 1_000, place: LogReadPlace())
        #expect(rest.map(\.0) == Array(31...100))
        #expect(rest.map(\.0) == fresh.map(\.0))
        #expect(rest.map(\.1) == Array(first[30...]))
    }
}
