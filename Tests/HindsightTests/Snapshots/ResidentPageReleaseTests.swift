import Foundation
import Synchronization
import Testing
import TestSupport
@testable import Events
@testable import Hindsight
@testable import Projections
import SeededRandom
import SystemSeam

/// Passes over a mapped snapshot let go of the pages they have read, a stretch at a time
/// (``ResidentPageOwner``), and read exactly what a pass that keeps them reads.
@Suite struct ResidentPageReleaseTests {
    /// Bytes owned by an object that records the regions let go of, as offsets in its bytes.
    final class RecordingOwner: ResidentPageOwner, @unchecked Sendable {
        // @unchecked: the bytes are written once, in init; the record is behind a lock.
        let bytes: UnsafeRawBufferPointer
        private let record = Mutex<[Range<Int>]>([])

        init(_ contents: [UInt8]) {
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, contents.count), alignment: 16)
            buffer.copyBytes(from: contents)
            bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[..<contents.count])
        }

        deinit { UnsafeMutableRawPointer(mutating: bytes.baseAddress!).deallocate() }

        func releaseResidentPages(of region: UnsafeRawBufferPointer) {
            guard let start = region.baseAddress, let base = bytes.baseAddress else { return }
            record.withLock { $0.append((start - base)..<(start - base + region.count)) }
        }

        /// The regions let go of, in order.
        var released: [Range<Int>] { record.withLock { $0 } }

        private let notes = Mutex(0)

        func noteScatteredRead() { notes.withLock { $0 += 1 } }

        /// How many scattered reads were noted.
        var scatteredReads: Int { notes.withLock { $0 } }

        /// The bytes as kept in place (``RetainedBytes``).
        var retained: RetainedBytes { RetainedBytes(bytes, owner: self) }
    }

    static let stride = RetainedBytes.releaseStride
    static let sizes = [0, 1, 7, stride - 1, stride, stride + 1, 3 * stride + 5]

    static func randomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }

    /// Whether `regions` are consecutive stretches of at most `stride` bytes covering `0..<count`.
    static func coverInStretches(_ regions: [Range<Int>], _ count: Int) -> Bool {
        var next = 0
        for region in regions where !region.isEmpty {
            guard region.lowerBound == next, region.count <= stride else { return false }
            next = region.upperBound
        }
        return next == count
    }

    @Test("the checksum read a stretch at a time equals the checksum of the whole, every stretch let go of",
          arguments: sizes)
    func checksumInStretches(size: Int) {
        let owner = RecordingOwner(Self.randomBytes(size, seed: UInt64(size)))
        let whole = StableHash.words64(owner.bytes)
        #expect(Snapshot.checksum(owner.bytes, format: Snapshot.formatVersion, releasing: owner) == whole)
        #expect(Self.coverInStretches(owner.released, size), "\(owner.released)")
    }

    @Test("bytes kept in place are written as they are, each stretch let go of once written", arguments: sizes)
    func writingKeptBytes(size: Int) {
        let contents = Self.randomBytes(size, seed: UInt64(size) &+ 99)
        let owner = RecordingOwner(contents)
        var writer = BinaryWriter(bytes: [1, 2, 3])
        writer.writeRaw(owner.retained)
        #expect(writer.bytes == [1, 2, 3] + contents)
        #expect(Self.coverInStretches(owner.released, size), "\(owner.released)")
    }

    @Test("a snapshot checked in place lets go of what its checksum read and decodes the same")
    func snapshotCheckedInPlace() throws {
        let state = Self.randomBytes(2 * Self.stride + 333, seed: 5)
        let saved = Snapshot(projection: "vocabulary", version: 3, fingerprint: 11, position: 42, logAnchor: LogAnchor(rawValue: 9),
                             state: state)
        let file = saved.encoded()
        let owner = RecordingOwner(file)
        let loaded = try Snapshot(retaining: owner.bytes, owner: owner)
        #expect(loaded == saved)
        #expect(Self.coverInStretches(owner.released, file.count - 8), "\(owner.released)")
        // A damaged one is refused all the same.
        var damaged = file
        damaged[damaged.count / 2] ^= 0x40
        let damagedOwner = RecordingOwner(damaged)
        #expect(throws: SnapshotError.self) { try Snapshot(retaining: damagedOwner.bytes, owner: damagedOwner) }
    }

    @Test("a restored event-id index lets go of the words its check read, and of those it copies when it merges")
    func eventIDIndexInPlace() throws {
        let ids = EventIDIndexTests.ids(Self.stride / 8 + 5_001, seed: 17)
        var saved = EventIDIndex()
        for (offset, id) in ids.dropLast().enumerated() { saved.insert(id, at: UInt64(offset + 1)) }
        var writer = BinaryWriter()
        saved.writeAllPacked(to: &writer)
        let owner = RecordingOwner(writer.bytes)
        var restored = try #require(EventIDIndex(restoring: owner.retained))
        #expect(Self.coverInStretches(owner.released, writer.bytes.count), "\(owner.released)")
        let idAt = { (position: UInt64) -> EventID? in position >= 1 && position <= UInt64(ids.count) ? ids[Int(position - 1)] : nil }
        for id in ids.prefix(2_000) {
            let found = restored.position(of: id, confirmingWith: idAt), expected = saved.position(of: id, confirmingWith: idAt)
            #expect(found == expected)
        }
        // Each lookup in the restored words notes one scattered read.
        #expect(owner.scatteredReads == 2_000)
        let checked = owner.released.count
        restored.absorb([[EventIDIndex.word(ids.last!, at: UInt64(ids.count))]])
        #expect(Self.coverInStretches(Array(owner.released.dropFirst(checked)), writer.bytes.count))
        #expect(restored.count == ids.count)
    }

    @Test("a mapped file lets go of all its resident pages once every 64 scattered reads noted, from any thread")
    func mappedFileReleasesEverySoManyScatteredReads() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let contents = Self.randomBytes(3 * MemoryAdvice.pageSize + 100, seed: 3)
        let path = dir.appending("file").path
        try Data(contents).write(to: URL(fileURLWithPath: path))
        let released = Mutex<[Int]>([])
        var fileSystem = FileSystem.posix
        fileSystem.releasePages = { stretch in released.withLock { $0.append(stretch.count) } }
        let file = try #require(try DurableFile.map(path, fileSystem: fileSystem))
        #expect(Array(file.bytes) == contents)
        let per = MappedFile.scatteredReadsPerRelease
        for _ in 0..<(per - 1) { file.noteScatteredRead() }
        #expect(released.withLock { $0 }.isEmpty)
        file.noteScatteredRead()
        // The whole file, every page it holds: the bytes stay readable.
        #expect(released.withLock { $0 } == [contents.count])
        #expect(Array(file.bytes) == contents)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 { group.addTask { for _ in 0..<per { file.noteScatteredRead() } } }
        }
        #expect(released.withLock { $0 } == Array(repeating: contents.count, count: 5))
    }

    @Test("a releasing pass lets go of what it has read a stride at a time and of the rest when it is over",
          arguments: sizes, [1, 61, 4096])
    func releasingPass(size: Int, step: Int) {
        let owner = RecordingOwner(Self.randomBytes(size, seed: 9))
        var pass = owner.retained.releasingPass
        var offset = 0
        while offset < size {
            offset = min(size, offset + step)
            pass.read(through: offset)
        }
        // Every stretch handed back before the end is at least a stride and less than a stride and a step.
        for region in owner.released { #expect(region.count >= Self.stride && region.count < Self.stride + step) }
        let before = owner.released.count
        pass.finish()
        let all = owner.released
        #expect(all.count == before + 1)
        var next = 0
        for region in all {
            #expect(region.lowerBound == next)
            next = region.upperBound
        }
        #expect(next == size)
        // Over no bytes, a pass does nothing.
        var none = ReleasingPass(over: nil)
        none.read(through: 3 * Self.stride)
        none.finish()
    }
}
