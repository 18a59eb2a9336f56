import Foundation
import Synchronization
import Testing
import TestSupport
@testable import Events
@testable import Projections

/// Collects log lines written by the code under test.
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    var sink: @Sendable (String) -> Void { { line in self.lines.withLock { $0.append(line) } } }
}

@Suite struct SnapshotStoreTests {
    func snapshot() async -> Snapshot {
        let projector = Projector(TypeCountProjection())
        await projector.apply(sampleEvents(100))
        return await projector.snapshot()
    }

    @Test func savesAtomicallyAndLoadsTheSameSnapshot() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = SnapshotStore(directory: dir.path + "/snapshots", log: { _ in })
        let saved = await snapshot()
        try store.save(saved)
        try store.save(saved)   // replacing is fine
        #expect(store.load("type-counts") == saved)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path + "/snapshots")
        #expect(files == ["type-counts.snapshot"])  // no temporary file left behind
    }

    /// Format 1 files (FNV-1a-64 checksum) still read after format 2 became the one written;
    /// a format-1 file whose checksum is format 2's is damaged.
    @Test func formatOneFilesStillRead() async throws {
        let saved = await snapshot()
        let current = saved.encoded()
        #expect(current[8] == 2)
        var old = Array(current.dropLast(8))
        old[8] = 1
        let fnv = StableHash.fnv1a64(old)
        let withFNV = old + (0..<8).map { UInt8(truncatingIfNeeded: fnv >> (8 * UInt64($0))) }
        #expect(try Snapshot(decoding: withFNV) == saved)
        let withWrongChecksum = old + current.suffix(8)
        #expect(throws: SnapshotError.self) { try Snapshot(decoding: withWrongChecksum) }
        var unknown = current
        unknown[8] = 9
        let error = #expect(throws: SnapshotError.self) { try Snapshot(decoding: unknown) }
        #expect(error?.message.contains("format 9") == true)
    }

    @Test func aMissingSnapshotIsNilWithoutALogLine() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let lines = LogLines()
        #expect(SnapshotStore(directory: dir.path, log: lines.sink).load("type-counts") == nil)
        #expect(lines.all.isEmpty)
    }

    /// Every single-byte flip and every truncation of the file is detected and discarded.
    @Test func everyFlippedByteOrTruncationIsDiscardedAndLogged() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let lines = LogLines()
        let store = SnapshotStore(directory: dir.path, log: lines.sink)
        let bytes = await snapshot().encoded()
        let path = store.path(of: "type-counts")
        var damaged = 0
        for index in bytes.indices {
            var flipped = bytes
            flipped[index] ^= 0x20
            try Data(flipped).write(to: URL(fileURLWithPath: path))
            if store.load("type-counts") == nil { damaged += 1 }
            try Data(bytes[..<index]).write(to: URL(fileURLWithPath: path))
            if store.load("type-counts") == nil { damaged += 1 }
        }
        #expect(damaged == 2 * bytes.count)
        #expect(lines.all.count == 2 * bytes.count)
        #expect(lines.all.allSatisfy { $0.contains("discarded snapshot") && $0.contains("rebuilding 'type-counts' from the log") })
    }

    /// A snapshot loaded from its file keeps the file's bytes and reads its state in place: the
    /// same parts and state bytes as the snapshot saved, and it encodes to the same file.
    @Test func aLoadedSnapshotEqualsTheSavedOneAndReencodesToTheSameFile() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = SnapshotStore(directory: dir.path, log: { _ in })
        let saved = await snapshot()
        try store.save(saved)
        let loaded = try #require(store.load("type-counts"))
        #expect(loaded == saved)
        #expect(loaded.state == saved.state)
        #expect(loaded.stateByteCount == saved.state.count)
        #expect(loaded.encoded() == saved.encoded())
        let file = try #require(try MappedFile.map(store.path(of: "type-counts")))
        #expect(Array(file.bytes) == saved.encoded())
        #expect(try MappedFile.map(dir.path + "/absent.snapshot") == nil)
    }

    /// A loaded snapshot reads a mapping of its file: replacing the file (as a save does, by
    /// rename) or removing it must not change what the loaded snapshot holds.
    @Test func aLoadedSnapshotOutlivesItsFilesReplacementAndRemoval() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = SnapshotStore(directory: dir.path, log: { _ in })
        let first = await snapshot()
        try store.save(first)
        let loaded = try #require(store.load("type-counts"))
        let source = Projector(TypeCountProjection())
        await source.apply(sampleEvents(7))
        let second = await source.snapshot()
        #expect(second != first)
        try store.save(second)
        #expect(loaded == first)
        store.remove("type-counts")
        #expect(loaded.state == first.state)
        #expect(store.load("type-counts") == nil)
    }

    @Test func anEmptyFileMapsToNoBytesAndIsNotASnapshot() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let lines = LogLines()
        let store = SnapshotStore(directory: dir.path, log: lines.sink)
        try DurableFile.replace([], at: store.path(of: "type-counts"), in: dir.path)
        #expect(try MappedFile.map(store.path(of: "type-counts"))?.bytes.count == 0)
        #expect(store.load("type-counts") == nil)
        #expect(lines.all.contains { $0.contains("does not start with a snapshot header") })
    }

    /// Projectors restore concurrently; a snapshot one of them cannot take (another fingerprint)
    /// is reported, left in place until ``SnapshotRestore/discard(_:in:)``, then logged and removed.
    @Test func concurrentRestoreTakesMatchingSnapshotsAndReportsTheOthers() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let lines = LogLines()
        let store = SnapshotStore(directory: dir.path, log: lines.sink)
        let source = Projector(TypeCountProjection())
        await source.apply(sampleEvents(100))
        try store.save(await source.snapshot())

        let matching = Projector(TypeCountProjection())
        let other = Projector(TypeCountProjection(fingerprint: 8))
        let outcome = await SnapshotRestore.restore([matching, other], from: store)
        #expect(outcome.taken == ["type-counts"])
        #expect(outcome.discarded.map(\.projection) == ["type-counts"])
        #expect(outcome.discarded.first?.reason.contains("other parameters") == true)
        #expect(await matching.checkpoint == 100)
        #expect(await matching.current().state == source.current().state)
        #expect(await other.checkpoint == 0)
        #expect(FileManager.default.fileExists(atPath: store.path(of: "type-counts")))
        #expect(lines.all.isEmpty)

        SnapshotRestore.discard(outcome, in: store)
        #expect(!FileManager.default.fileExists(atPath: store.path(of: "type-counts")))
        #expect(lines.all.count == 1)
        #expect(lines.all.first?.contains("discarded snapshot") == true)
    }
}
