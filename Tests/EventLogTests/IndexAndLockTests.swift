import EventLog
import Foundation
import Testing
import TestSupport
@testable import EventLog

@Suite struct IndexAndLockTests {
    /// 1,000 records of ~1 KiB in 256 KiB segments: several sealed segments with index entries.
    static func makeLog(in directory: TemporaryDirectory) async throws -> [[UInt8]] {
        let payloads = LogFixtures.payloads(1000, seed: 51, lengths: 900...1100)
        let writer = try await LogWriter.open(directory: directory.path, options: LogOptions(segmentSize: 256 << 10))
        for chunk in stride(from: 0, to: payloads.count, by: 10) {
            _ = try await writer.append(contentsOf: payloads[chunk..<(chunk + 10)])
        }
        try await writer.close()
        return payloads
    }

    @Test func deletedOrCorruptedIndexIsRebuilt() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let payloads = try await Self.makeLog(in: directory)
        let indexes = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".idx") }.sorted()
        #expect(indexes.count >= 4)
        let original = try LogFixtures.bytes(directory, indexes[1])
        try FileManager.default.removeItem(at: directory.appending(indexes[0]))
        var damaged = original
        damaged[40] ^= 0x55
        try LogFixtures.write(damaged, directory, indexes[1])

        // Readers never trust a damaged index: reads are right before any rebuild.
        let reader = LogReader(directory: directory.path)
        #expect(try reader.records(from: 400, limit: 50).map(\.payload) == Array(payloads[399..<449]))

        let writer = try await LogWriter.open(directory: directory.path)
        try await writer.close()
        #expect(FileManager.default.fileExists(atPath: directory.appending(indexes[0]).path))
        #expect(try LogFixtures.bytes(directory, indexes[1]) == original)
        #expect(SparseIndex.decode(try LogFixtures.bytes(directory, indexes[0]))?.entries.isEmpty == false)
        for start in [1, 2, 255, 256, 257, 500, 999, 1000] {
            #expect(try reader.records(from: UInt64(start), limit: 3).map(\.payload) == Array(payloads[(start - 1)..<min(start + 2, 1000)]))
        }
    }

    /// An index whose checksum is fine but whose entries point at the wrong bytes is
    /// caught by the check of the entry's record, and reads stay right.
    @Test func wrongIndexEntriesAreNotTrusted() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let payloads = try await Self.makeLog(in: directory)
        let name = SegmentName.index(base: 1)
        var index = try #require(SparseIndex.decode(try LogFixtures.bytes(directory, name)))
        var lying = SparseIndex(basePosition: 1)
        for entry in index.entries { lying.note(position: entry.position + 3, offset: entry.offset) }
        lying.coveredLength = index.coveredLength
        index = lying
        try LogFixtures.write(index.encoded(), directory, name)
        let reader = LogReader(directory: directory.path)
        for start in [70, 130, 200] {
            #expect(try reader.records(from: UInt64(start), limit: 5).map(\.payload) == Array(payloads[(start - 1)..<(start + 4)]))
        }
    }

    @Test func secondWriterIsRefusedWithTheDirectoryNamed() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = try await LogWriter.open(directory: directory.path)
        _ = try await first.append([1, 2, 3])
        let error = try await #require(throws: LogError.self) { _ = try await LogWriter.open(directory: directory.path) }
        #expect(error.code == .locked)
        #expect(error.message.contains(directory.path))
        // Readers need no lock, and see the first writer's record.
        #expect(try LogReader(directory: directory.path).records().map(\.payload) == [[1, 2, 3]])
        try await first.close()
        let second = try await LogWriter.open(directory: directory.path)
        #expect(second.lastPosition == 1)
        try await second.close()
    }
}
