import Foundation
import Synchronization
import Testing
import TestSupport
@testable import EventLog
import SystemSeam

/// A writer's reader seeks into the active segment, which has no index file until it is sealed,
/// by the sparse-index entries the writer publishes on its tail (``LogTail/publishIndex(_:)``):
/// reading one record deep in a large active segment reads about a buffer or two of it, not
/// the segment from its start, and returns the very record written.
@Suite struct ActiveSegmentSeekTests {
    /// Bytes read so far.
    final class ByteCount: Sendable {
        let bytes = Mutex(0)
        var value: Int { bytes.withLock { $0 } }
        func reset() { bytes.withLock { $0 = 0 } }
    }

    /// A file system that counts the bytes read with `pread` into `count`.
    static func countingFileSystem(_ count: ByteCount) -> FileSystem {
        var fs = FileSystem.posix
        let real = fs.read
        fs.read = { fd, buffer, offset, path throws(SystemCallError) in
            let read = try real(fd, buffer, offset, path)
            count.bytes.withLock { $0 += read }
            return read
        }
        return fs
    }

    /// How the records came into the segment.
    enum Writing: String, CaseIterable, Sendable {
        /// Appends of a few hundred records, each published when synced.
        case appends
        /// One staged batch, published when committed.
        case stagedBatch
        /// Appends, then the writer closed and the log opened again: the segment's entries
        /// come from recovery (and its index file), the later ones from the appends after.
        case appendsAcrossAReopen
    }

    @Test(arguments: Writing.allCases)
    func aReadDeepInTheActiveSegmentSeeksNearItsRecord(writing: Writing) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let read = ByteCount()
        let options = LogOptions(durability: .fsyncEachAppend, fileSystem: Self.countingFileSystem(read))
        // About 12 MB of records in one segment (64 MB): far more than the reader's 1 MiB buffer.
        let payloads = LogFixtures.payloads(24_000, seed: 9, lengths: 300...700)
        var writer = try await LogWriter.open(directory: directory.path, options: options)
        switch writing {
        case .appends, .appendsAcrossAReopen:
            let half = writing == .appends ? payloads.count : payloads.count / 2
            for start in stride(from: 0, to: half, by: 400) {
                _ = try await writer.append(contentsOf: Array(payloads[start..<min(start + 400, half)]))
            }
            if writing == .appendsAcrossAReopen {
                try await writer.close()
                writer = try await LogWriter.open(directory: directory.path, options: options)
                for start in stride(from: half, to: payloads.count, by: 400) {
                    _ = try await writer.append(contentsOf: Array(payloads[start..<min(start + 400, payloads.count)]))
                }
            }
        case .stagedBatch:
            for start in stride(from: 0, to: payloads.count, by: 1_000) {
                try await writer.stageRecords(Array(payloads[start..<min(start + 1_000, payloads.count)]))
            }
            _ = try await writer.commitStagedBatch()
        }
        if writing != .appendsAcrossAReopen { #expect(try LogFixtures.segments(directory).count == 1) }

        var random = SplitMix64(seed: 10)
        let reader = writer.reader
        let last = UInt64(payloads.count)
        for position in [last, last - 1] + (0..<40).map({ _ in UInt64.random(in: last / 2...last, using: &random) }) {
            read.reset()
            var found: [UInt8]?
            try reader.forEach(from: position, through: position) { _, payload in found = Array(payload) }
            #expect(found == payloads[Int(position) - 1], "record \(position)")
            // A seek checks the entry's frame (a buffer) and reads on from it (another): never
            // the megabytes of records before it.
            let limit = 2 * (1 << 20) + 4 * Int(SparseIndex.interval)
            #expect(read.value <= limit, "record \(position): \(read.value) bytes read")
        }
        try await writer.close()
    }

    @Test func theTailKeepsTheEntriesOfTheActiveSegmentOnly() {
        let tail = LogTail(lastPosition: 0)
        var index = SparseIndex(basePosition: 1)
        #expect(tail.activeEntry(atOrBefore: 10, inSegmentAt: 1) == nil)
        index.note(position: 1, offset: 16)
        index.note(position: 200, offset: 16 + SparseIndex.interval)
        tail.publishIndex(index)
        #expect(tail.activeEntry(atOrBefore: 150, inSegmentAt: 1) == SparseIndex.Entry(position: 1, offset: 16))
        #expect(tail.activeEntry(atOrBefore: 250, inSegmentAt: 1) == SparseIndex.Entry(position: 200, offset: 16 + SparseIndex.interval))
        index.note(position: 300, offset: 16 + 2 * SparseIndex.interval)
        tail.publishIndex(index)
        #expect(tail.activeEntry(atOrBefore: 999, inSegmentAt: 1) == SparseIndex.Entry(position: 300, offset: 16 + 2 * SparseIndex.interval))
        // Another segment's entries are not this one's; a new active segment replaces them.
        #expect(tail.activeEntry(atOrBefore: 999, inSegmentAt: 301) == nil)
        var next = SparseIndex(basePosition: 301)
        next.note(position: 301, offset: 16)
        tail.publishIndex(next)
        #expect(tail.activeEntry(atOrBefore: 999, inSegmentAt: 1) == nil)
        #expect(tail.activeEntry(atOrBefore: 999, inSegmentAt: 301) == SparseIndex.Entry(position: 301, offset: 16))
    }
}
