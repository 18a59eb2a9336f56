import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// Read models are never ahead of, or apart from, the log they were folded from: a snapshot is
/// trusted only while the log still holds the record it ends at (issue: snapshots ahead of the
/// log were trusted after a torn tail was cut, and after the log grew again with other events).
@Suite struct SnapshotAnchorTests {
    /// Every read model (and the command ledger) of a fresh fold of the log in `path`: the log is
    /// copied into a directory of its own with no snapshots.
    static func freshFold(of path: String) async throws -> [String: [UInt8]] {
        let copy = try TemporaryDirectory()
        defer { copy.remove() }
        try FileManager.default.copyItem(atPath: path + "/log", toPath: copy.path + "/log")
        let store = try await Store.open(directory: copy.path, options: StoreFixture.options())
        #expect(store.openReport.restoredFromSnapshots == 0)
        let encoded = await store.encodedReadModels()
        try await store.closeLogOnlyForTesting()
        return encoded
    }

    /// The read models of `models`, encoded as in their snapshots.
    static func encoded(_ models: ReadModels) async -> [String: [UInt8]] {
        var encoded: [String: [UInt8]] = [:]
        for projector in models.all {
            let snapshot = await projector.snapshot()
            encoded[snapshot.projection] = snapshot.state
        }
        return encoded
    }

    /// Cuts `bytes` bytes off the end of the log's last segment (a torn last batch).
    static func tearLastBatch(in path: String, bytes: Int = 10) throws {
        let log = path + "/log"
        let last = try #require(try FileManager.default.contentsOfDirectory(atPath: log).filter { $0.hasSuffix(".log") }.max())
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: log + "/" + last))
        let size = try handle.seekToEnd()
        try handle.truncate(atOffset: size - UInt64(bytes))
        try handle.close()
    }

    @Test func snapshotsAheadOfALogCutBackAreDiscarded() async throws {
        let f = try await StoreFixture()
        try await History.send(to: f, seed: 1, days: 3)
        let written = await f.store.lastPosition()
        try await f.store.close()
        try Self.tearLastBatch(in: f.directory.path)

        let lines = Lines()
        var options = StoreFixture.options()
        options.diagnostics = { lines.append($0) }
        f.store = try await Store.open(directory: f.directory.path, options: options)
        let kept = await f.store.lastPosition()
        #expect(kept < written)
        #expect(f.store.openReport.restoredFromSnapshots == 0)
        let discarded = lines.all.filter { $0.contains("covers position \(written) but the log ends at \(kept)") }
        #expect(discarded.count == StoreFixture.storeSnapshots, "\(lines.all)")
        #expect(await f.store.encodedReadModels() == (try await Self.freshFold(of: f.directory.path)))
    }

    /// The log is cut back, grows again past the old end with other events, and the snapshots of
    /// the old log are put back (as a backup restore or a crash between the cut and the snapshots'
    /// removal would leave them): their positions lie inside the log, but their records are gone.
    @Test func snapshotsOfRecordsTheLogNoLongerHoldsAreDiscarded() async throws {
        let f = try await StoreFixture()
        try await History.send(to: f, seed: 1, days: 3)
        let written = await f.store.lastPosition()
        try await f.store.close()
        let saved = try TemporaryDirectory()
        defer { saved.remove() }
        try FileManager.default.removeItem(atPath: saved.path)
        try FileManager.default.copyItem(atPath: f.directory.path + "/snapshots", toPath: saved.path)
        try Self.tearLastBatch(in: f.directory.path)

        f.store = try await Store.open(directory: f.directory.path, options: StoreFixture.options())
        var n: UInt64 = 100
        while await f.store.lastPosition() <= written + 5 {
            n += 1
            try await f.send(Ids.profile(1), StoreFixture.time(days: 5), .vocabulary(.createCard(Ids.card(n), deck: Ids.deck(1),
                                                                                                   front: "new \(n)", back: "b")))
        }
        try await f.store.close()
        try FileManager.default.removeItem(atPath: f.directory.path + "/snapshots")
        try FileManager.default.copyItem(atPath: saved.path, toPath: f.directory.path + "/snapshots")

        // Read-only, as the CLI's read commands open it: nothing of the old snapshots is used.
        let notes = Lines()
        let (models, position) = try await ReadModels.latest(dataDirectory: f.directory.path, configuration: ReadModelConfiguration(),
                                                             diagnostics: { notes.append($0) })
        let fresh = try await Self.freshFold(of: f.directory.path)
        #expect(position > written)
        #expect(notes.all.filter { $0.contains("is not the one it was folded from") }.count == StoreFixture.builtInReadModels, "\(notes.all)")
        let readOnly = await Self.encoded(models)
        for (name, bytes) in readOnly { #expect(fresh[name] == bytes, "\(name) differs from a fresh fold") }

        // And the store itself.
        let lines = Lines()
        var options = StoreFixture.options()
        options.diagnostics = { lines.append($0) }
        f.store = try await Store.open(directory: f.directory.path, options: options)
        #expect(f.store.openReport.restoredFromSnapshots == 0)
        #expect(lines.all.filter { $0.contains("is not the one it was folded from") }.count == StoreFixture.storeSnapshots, "\(lines.all)")
        #expect(await f.store.encodedReadModels() == fresh)
    }

    /// A read-only open restores current snapshots, folds only the log after them, and writes nothing.
    @Test func theReadOnlyOpenUsesCurrentSnapshotsAndWritesNothing() async throws {
        let f = try await StoreFixture()
        try await History.send(to: f, seed: 2, days: 3)
        try await f.store.close()
        let before = try Self.tree(f.directory.path)
        let notes = Lines()
        let (models, position) = try await ReadModels.latest(dataDirectory: f.directory.path, configuration: ReadModelConfiguration(),
                                                             diagnostics: { notes.append($0) })
        #expect(notes.all.isEmpty, "\(notes.all)")
        for projector in models.all { #expect(await projector.checkpoint == position) }
        #expect(try Self.tree(f.directory.path) == before)
        let fresh = try await Self.freshFold(of: f.directory.path)
        for (name, bytes) in await Self.encoded(models) { #expect(fresh[name] == bytes) }
    }

    /// Every file under `path` with its bytes.
    static func tree(_ path: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: path)
        while let name = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[name] = FileManager.default.contents(atPath: path + "/" + name)
            }
        }
        return files
    }
}
