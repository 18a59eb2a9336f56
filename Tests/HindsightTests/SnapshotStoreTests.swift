import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// The store's snapshot files: atomic replacement through the file-system seam, loads that read
/// the file in place and never trust a damaged one, and concurrent restores.
@Suite struct SnapshotStoreTests {
    let saved = Snapshot(projection: "vocabulary", version: 1, fingerprint: 7, position: 100,
                         logAnchor: LogAnchor(rawValue: 0x5EED), state: (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 7) })

    @Test func savesAtomicallyAndLoadsTheSameSnapshot() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = SnapshotStore(directory: dir.path + "/snapshots", log: { _ in })
        try store.save(saved)
        try store.save(saved)   // replacing is fine
        let loaded = try #require(store.load("vocabulary"))
        #expect(loaded == saved)
        #expect(loaded.state == saved.state)
        #expect(loaded.encoded() == saved.encoded())
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path + "/snapshots") == ["vocabulary.snapshot"])
        let attributes = try FileManager.default.attributesOfItem(atPath: store.path(of: "vocabulary"))
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o644)
    }

    /// A restore lets go of the file's resident pages once the state is decoded; the bytes a
    /// state keeps in place still read the same (they fault back in from the page cache).
    @Test func aLoadedSnapshotReadsTheSameAfterItsPagesAreReleased() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = SnapshotStore(directory: dir.path, log: { _ in })
        let large = Snapshot(projection: "vocabulary", version: 1, fingerprint: 7, position: 100, logAnchor: LogAnchor(rawValue: 1),
                             state: (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 12) })
        try store.save(large)
        let loaded = try #require(store.load("vocabulary"))
        let mapped = try #require(loaded.owner as? MappedFile)
        #expect(loaded.state == large.state)
        mapped.releaseResidentPages()
        #expect(loaded.state == large.state)
        #expect(loaded == large && loaded.encoded() == large.encoded())
        // Regions on no page boundary, at the file's ends and past them: whole pages inside only.
        for (start, count) in [(0, 1), (1, 4095), (4095, 2), (100, 1_000_000), (mapped.bytes.count - 10, 10),
                               (mapped.bytes.count - 5000, 5000), (0, mapped.bytes.count)] {
            mapped.releaseResidentPages(of: UnsafeRawBufferPointer(rebasing: mapped.bytes[start..<(start + count)]))
            #expect(loaded.state == large.state, "after letting go of \(count) bytes from \(start)")
        }
    }

    @Test func aMissingSnapshotIsNilWithoutALogLine() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let lines = Lines()
        #expect(SnapshotStore(directory: dir.path, log: { lines.append($0) }).load("vocabulary") == nil)
        #expect(lines.all.isEmpty)
    }

    /// Every single-byte flip and every truncation of the file is detected, discarded and logged.
    @Test func everyFlippedByteOrTruncationIsDiscardedAndLogged() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let lines = Lines()
        let store = SnapshotStore(directory: dir.path, log: { lines.append($0) })
        let bytes = saved.encoded()
        let path = store.path(of: "vocabulary")
        var damaged = 0
        for index in bytes.indices {
            var flipped = bytes
            flipped[index] ^= 0x20
            try Data(flipped).write(to: URL(fileURLWithPath: path))
            if store.load("vocabulary") == nil { damaged += 1 }
            try Data(bytes[..<index]).write(to: URL(fileURLWithPath: path))
            if store.load("vocabulary") == nil { damaged += 1 }
        }
        #expect(damaged == 2 * bytes.count)
        #expect(lines.all.count == 2 * bytes.count)
        #expect(lines.all.allSatisfy { $0.contains("discarded snapshot") && $0.contains("rebuilding 'vocabulary' from the log") })
    }

    /// A loaded snapshot reads a mapping of its file: replacing the file (as a save does, by
    /// rename) or removing it must not change what the loaded snapshot holds.
    @Test func aLoadedSnapshotOutlivesItsFilesReplacementAndRemoval() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = SnapshotStore(directory: dir.path, log: { _ in })
        try store.save(saved)
        let loaded = try #require(store.load("vocabulary"))
        let second = Snapshot(projection: "vocabulary", version: 1, fingerprint: 7, position: 101, state: [1, 2, 3])
        try store.save(second)
        #expect(loaded == saved)
        store.remove("vocabulary")
        #expect(loaded.state == saved.state)
        #expect(store.load("vocabulary") == nil)
    }

    @Test func anEmptyFileIsNotASnapshot() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let lines = Lines()
        let store = SnapshotStore(directory: dir.path, log: { lines.append($0) })
        try Data().write(to: URL(fileURLWithPath: store.path(of: "vocabulary")))
        #expect(store.load("vocabulary") == nil)
        #expect(lines.all.contains { $0.contains("does not start with a snapshot header") })
    }

    /// Projectors restore concurrently; a snapshot one of them cannot take (another fingerprint)
    /// is reported, left in place until ``SnapshotRestore/discard(_:in:)``, then logged and removed.
    @Test func concurrentRestoreTakesMatchingSnapshotsAndReportsTheOthers() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let lines = Lines()
        let store = SnapshotStore(directory: dir.path, log: { lines.append($0) })
        let source = try ReadModels(configuration: ReadModelConfiguration())
        await source.vocabulary.apply([], through: 100)
        try store.save(await source.vocabulary.snapshot().anchored(LogAnchor(rawValue: 42)))

        let matching = try ReadModels(configuration: ReadModelConfiguration()).vocabulary
        let other = try ReadModels(configuration: ReadModelConfiguration(dailyNewCardLimit: 5)).vocabulary
        let outcome = await SnapshotRestore.restore([matching, other], from: store)
        #expect(outcome.taken == [SnapshotRestore.Outcome.Taken(projection: "vocabulary", position: 100,
                                                                 logAnchor: LogAnchor(rawValue: 42))])
        #expect(outcome.discarded.map(\.projection) == ["vocabulary"])
        #expect(outcome.discarded.first?.reason.contains("other parameters") == true)
        #expect(await matching.checkpoint == 100)
        #expect(await other.checkpoint == 0)
        #expect(FileManager.default.fileExists(atPath: store.path(of: "vocabulary")))
        #expect(lines.all.isEmpty)

        SnapshotRestore.discard(outcome, in: store)
        #expect(!FileManager.default.fileExists(atPath: store.path(of: "vocabulary")))
        #expect(lines.all.count == 1)
        #expect(lines.all.first?.contains("discarded snapshot") == true)
    }
}
