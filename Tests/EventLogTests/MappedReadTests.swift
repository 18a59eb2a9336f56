import Foundation
import Synchronization
import Testing
import TestSupport
@testable import EventLog
import SystemSeam

/// Sealed segments are read through a mapping kept in the ``LogReadPlace``: the records, the
/// stops and the errors must be exactly those of a read that copies the bytes with `pread`.
@Suite struct MappedReadTests {
    /// How many times segments were mapped.
    final class Counter: Sendable {
        let count = Mutex(0)
        var value: Int { count.withLock { $0 } }
    }

    /// A file system that counts whole-segment mappings (or refuses them: reads then use `pread`).
    static func fileSystem(mapping: Bool, count: Counter? = nil) -> FileSystem {
        var fs = FileSystem.posix
        let real = fs.mapWhole
        fs.mapWhole = { fd, length, path throws(SystemCallError) in
            guard mapping else { throw SystemCallError(call: "mmap", path: path, errno: 19) }
            count?.count.withLock { $0 += 1 }
            return try real(fd, length, path)
        }
        return fs
    }

    /// A reader of `directory` that never maps (the reference every mapped read must equal).
    static func copyingReader(_ directory: String) -> LogReader {
        LogReader(directory: directory, fileSystem: fileSystem(mapping: false), tail: nil)
    }

    /// ``LogFixtures/readChunk(_:from:through:limit:place:)``, its error as a ``LogError`` (every
    /// error a read here can meet).
    static func read(_ reader: LogReader, from: UInt64, through last: UInt64, limit: Int,
                     place: LogReadPlace?) -> (records: [(UInt64, [UInt8])], error: LogError?) {
        let (records, error) = LogFixtures.readChunk(reader, from: from, through: last, limit: limit, place: place)
        return (records, error as? LogError)
    }

    /// Random logs of many small segments, read in random chunks (mostly resuming at the place,
    /// sometimes jumping back or ahead) with appends and rolls between reads, and over a close and
    /// reopen of the writer: every read equals a fresh copying read of the same range.
    @Test(arguments: [UInt64(21), 22, 23])
    func mappedReadsEqualCopyingReads(seed: UInt64) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var random = SplitMix64(seed: seed)
        let payloads = LogFixtures.payloads(2_000, seed: seed, lengths: 0...400)
        let options = LogOptions(durability: .buffered(flushInterval: .seconds(3600)), segmentSize: 16_384, preallocationSize: 4096)
        var writer = try await LogWriter.open(directory: directory.path, options: options)
        let maps = Counter()
        let place = LogReadPlace()
        var written = 0
        var next: UInt64 = 1
        var reopened = false
        var sawMapping = false
        while written < payloads.count || next <= writer.lastPosition {
            if written < payloads.count, Int.random(in: 0..<3, using: &random) == 0 {
                let count = min(Int.random(in: 1...60, using: &random), payloads.count - written)
                _ = try await writer.append(contentsOf: Array(payloads[written..<(written + count)]))
                try await writer.sync()
                written += count
                continue
            }
            if !reopened && written > payloads.count / 2 {
                // The place keeps its mapping over the writer's close and a new writer's recovery.
                try await writer.close()
                writer = try await LogWriter.open(directory: directory.path, options: options)
                reopened = true
            }
            let reader = LogReader(directory: directory.path, fileSystem: Self.fileSystem(mapping: true, count: maps),
                                   tail: writer.reader.tail)
            let jump = Int.random(in: 0..<8, using: &random) == 0 && writer.lastPosition > 0
            let from = jump ? UInt64.random(in: 1...writer.lastPosition, using: &random) : next
            let limit = Int.random(in: 1...150, using: &random)
            let mapped = Self.read(reader, from: from, through: writer.lastPosition, limit: limit, place: place)
            let copied = Self.read(Self.copyingReader(directory.path), from: from, through: writer.lastPosition,
                                   limit: limit, place: nil)
            #expect(mapped.error == nil && copied.error == nil)
            #expect(mapped.records.map(\.0) == copied.records.map(\.0))
            #expect(mapped.records.map(\.1) == copied.records.map(\.1))
            #expect(mapped.records.map(\.1) == mapped.records.map { payloads[Int($0.0) - 1] })
            sawMapping = sawMapping || place.mappedSegmentBase != nil
            if !jump { next = (mapped.records.last?.0 ?? from - 1) + 1 }
        }
        #expect(next == UInt64(payloads.count) + 1)
        #expect(try LogFixtures.segments(directory).count > 10)
        #expect(sawMapping)
        #expect(maps.value > 0)
        try await writer.close()
    }

    /// A replay in consecutive chunks through one place maps each sealed segment exactly once,
    /// and never maps the last (active) segment.
    @Test func aReplayMapsEachSealedSegmentOnce() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let payloads = LogFixtures.payloads(3_000, seed: 31, lengths: 20...200)
        let writer = try await LogWriter.open(directory: directory.path,
                                              options: LogOptions(durability: .buffered(flushInterval: .seconds(3600)), segmentSize: 32_768))
        for start in stride(from: 0, to: payloads.count, by: 50) {
            _ = try await writer.append(contentsOf: Array(payloads[start..<(start + 50)]))
        }
        try await writer.sync()
        let maps = Counter()
        let reader = LogReader(directory: directory.path, fileSystem: Self.fileSystem(mapping: true, count: maps),
                               tail: writer.reader.tail)
        let place = LogReadPlace()
        var all: [(UInt64, [UInt8])] = []
        while all.count < payloads.count {
            let chunk = Self.read(reader, from: UInt64(all.count + 1), through: writer.lastPosition, limit: 70, place: place)
            #expect(chunk.error == nil)
            #expect(!chunk.records.isEmpty)
            if chunk.records.isEmpty { break }
            all += chunk.records
        }
        #expect(all.map(\.0) == Array(1...UInt64(payloads.count)))
        #expect(all.map(\.1) == payloads)
        let segments = try LogFixtures.segments(directory).count
        #expect(segments > 5)
        #expect(maps.value == segments - 1)
        try await writer.close()
    }

    /// Reading the active segment in many small chunks through one place decides once that it
    /// is not sealed: the directory is listed a few times in all, not once per read (a live
    /// follower reads the active segment in small steps all day).
    @Test func chunkedReadsOfTheActiveSegmentListTheDirectoryOnce() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let payloads = LogFixtures.payloads(2_000, seed: 41, lengths: 10...60)
        let writer = try await LogWriter.open(directory: directory.path,
                                              options: LogOptions(durability: .buffered(flushInterval: .seconds(3600))))
        for start in stride(from: 0, to: payloads.count, by: 10) {
            _ = try await writer.append(contentsOf: Array(payloads[start..<(start + 10)]))
        }
        try await writer.sync()
        let listings = Counter()
        var fileSystem = FileSystem.posix
        let list = fileSystem.list
        fileSystem.list = { path throws(SystemCallError) in
            listings.count.withLock { $0 += 1 }
            return try list(path)
        }
        let reader = LogReader(directory: directory.path, fileSystem: fileSystem, tail: writer.reader.tail)
        let place = LogReadPlace()
        var read = 0, reads = 0
        while read < payloads.count {
            let chunk = Self.read(reader, from: UInt64(read + 1), through: writer.lastPosition, limit: 20, place: place)
            #expect(chunk.error == nil)
            #expect(chunk.records.map(\.1) == Array(payloads[read..<(read + chunk.records.count)]))
            if chunk.records.isEmpty { break }
            read += chunk.records.count
            reads += 1
        }
        #expect(read == payloads.count)
        #expect(reads >= 100)
        #expect(listings.value <= 2, "listed \(listings.value) times for \(reads) reads")
        #expect(place.mappedSegmentBase == nil)
        try await writer.close()
    }

    /// A byte flipped anywhere in a record of a sealed segment (frame header or payload): the
    /// mapped read hands out the same records before it, none after, and throws the same error
    /// (code, message, segment, offset, position) as the copying read.
    @Test(arguments: 0..<24)
    func damageInASealedSegmentGivesTheSameError(seed: UInt64) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var random = SplitMix64(seed: seed)
        let payloads = LogFixtures.payloads(600, seed: seed &+ 100, lengths: 0...300)
        let writer = try await LogWriter.open(directory: directory.path, options: LogOptions(segmentSize: 16_384))
        for start in stride(from: 0, to: payloads.count, by: 20) {
            _ = try await writer.append(contentsOf: Array(payloads[start..<(start + 20)]))
        }
        try await writer.close()
        let segments = try LogFixtures.segments(directory)
        #expect(segments.count > 3)
        let name = segments[Int.random(in: 0..<(segments.count - 1), using: &random)]  // a sealed one
        var bytes = try LogFixtures.bytes(directory, name)
        let offsets = LogFixtures.frameOffsets(bytes)
        let frame = offsets[Int.random(in: 0..<offsets.count, using: &random)]
        let frameEnd = offsets.first(where: { $0 > frame }) ?? bytes.count
        let at = Int.random(in: frame..<frameEnd, using: &random)
        bytes[at] ^= UInt8(1) << UInt8(Int.random(in: 0..<8, using: &random))
        try LogFixtures.write(bytes, directory, name)

        let maps = Counter()
        let mappedReader = LogReader(directory: directory.path, fileSystem: Self.fileSystem(mapping: true, count: maps), tail: nil)
        for place in [LogReadPlace(), nil] {
            let mapped = Self.read(mappedReader, from: 1, through: .max, limit: .max, place: place)
            let copied = Self.read(Self.copyingReader(directory.path), from: 1, through: .max, limit: .max, place: nil)
            #expect(mapped.records.map(\.0) == copied.records.map(\.0))
            #expect(mapped.records.map(\.1) == copied.records.map(\.1))
            let error = try #require(mapped.error)
            #expect(error == copied.error)
            #expect(error.segment == name)
            #expect(error.code == .corruptRecord || error.code == .corruptSegment)
            #expect(mapped.records.count == Int(error.position ?? 0) - 1 || error.code == .corruptSegment)
        }
        #expect(maps.value > 0)
    }

    /// A place that holds a mapping stays safe when dropped mid-segment, when a read through it
    /// throws, and when the read moves on: the mapping is released and later reads are right.
    @Test func aPlaceLetsGoOfItsMapping() async throws {
        struct Stop: Error {}
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let payloads = LogFixtures.payloads(800, seed: 41, lengths: 50...150)
        let writer = try await LogWriter.open(directory: directory.path, options: LogOptions(segmentSize: 16_384))
        _ = try await writer.append(contentsOf: payloads)
        for payload in payloads.prefix(300) { _ = try await writer.append(payload) }  // rolls to later segments
        let place = LogReadPlace()
        let first = Self.read(writer.reader, from: 1, through: 10, limit: .max, place: place)
        #expect(first.records.map(\.1) == Array(payloads[0..<10]))
        #expect(place.mappedSegmentBase == 1)
        #expect(throws: Stop.self) {
            try writer.reader.forEachRecord(from: 11, through: 800, resuming: place) { position, _, _ in
                if position == 12 { throw Stop() }
                return true
            }
        }
        #expect(place.mappedSegmentBase == nil)  // a read that threw keeps nothing
        let rest = Self.read(writer.reader, from: 11, through: 1_100, limit: .max, place: place)
        #expect(rest.records.map(\.1) == Array(payloads[10...]) + Array(payloads.prefix(300)))
        #expect(place.mappedSegmentBase != 1)
        try await writer.close()
    }
}
