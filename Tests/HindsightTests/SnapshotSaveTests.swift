import Foundation
import LogFaults
import Testing
import TestSupport
@testable import Hindsight
import SystemSeam

/// Snapshots are saved in lanes, several at once (``SnapshotAnchoring/save(_:to:reader:lanes:)``):
/// the files are the very bytes a save one after another writes, they restore to the states
/// saved, and a snapshot that cannot be written is reported by its file while every other file
/// stays one the store can open with.
@Suite struct SnapshotSaveTests {
    @Test(arguments: [UInt64(1), 2, 3])
    func savingInLanesWritesTheBytesOfASerialSaveAndRestoresTheStates(seed: UInt64) async throws {
        let f = try await StoreFixture()
        try await History.send(to: f, seed: seed, days: 4)
        let serial = try TemporaryDirectory(), lanes = try TemporaryDirectory()
        defer { serial.remove(); lanes.remove() }
        try await f.store.saveSnapshotsForTesting(to: serial.path, lanes: 1)
        try await f.store.saveSnapshotsForTesting(to: lanes.path, lanes: SnapshotAnchoring.saveLanes)

        let files = try SnapshotAnchorTests.tree(serial.path)
        #expect(files.count == StoreFixture.storeSnapshots)
        #expect(try SnapshotAnchorTests.tree(lanes.path) == files)
        let expected = try await f.store.anchoredSnapshotFiles()
        #expect(files == expected)

        let models = try ReadModels(configuration: ReadModelConfiguration())
        let ledger = Projector(CommandLedgerProjection())
        let outcome = await SnapshotRestore.restore(models.all + [ledger],
                                                    from: SnapshotStore(directory: lanes.path, log: { _ in }))
        #expect(outcome.taken.count == StoreFixture.storeSnapshots && outcome.discarded.isEmpty)
        var restored: [String: [UInt8]] = [:]
        for projector in models.all + [ledger] {
            let snapshot = await projector.snapshot()
            #expect(snapshot.position == (await f.store.lastPosition()))
            restored[snapshot.projection] = snapshot.state
        }
        #expect(restored == (await f.store.encodedReadModels()))
    }

    /// The snapshots that cannot be written (`failing`, by projection) make the close throw,
    /// naming the first of them in the save's order; the store then opens on a sound disk with
    /// every read model equal to a fresh fold of the log, restoring what the failed save left.
    @Test(arguments: [["activity"], ["command-ledger"], ["activity", "vocabulary"], ["command-ledger", "card-content"]])
    func aSnapshotThatCannotBeWrittenIsNamedAndTheStoreStillOpens(failing: [String]) async throws {
        let f = try await StoreFixture()
        try await History.send(to: f, seed: 4, days: 2)
        try await f.store.close()  // every snapshot written, at the history's last position
        var options = StoreFixture.options()
        options.fileSystem = Self.failingOpens(of: failing.map { "/snapshots/\($0).snapshot.tmp" })
        f.store = try await Store.open(directory: f.directory.path, options: options)
        for n in UInt64(500)..<510 {
            try await f.send(Ids.profile(1), StoreFixture.time(days: 3), .vocabulary(.createCard(Ids.card(n), deck: Ids.deck(1),
                                                                                                   front: "new \(n)", back: "b")))
        }

        let order = try ReadModels(configuration: ReadModelConfiguration())
            .saveOrder(with: [Projector(CommandLedgerProjection())]).map(\.name)
        let first = try #require(order.first { failing.contains($0) })
        do {
            try await f.store.close()
            Issue.record("the close wrote every snapshot, though \(failing) cannot be written")
        } catch {
            #expect(error.code == .snapshot)
            #expect(error.path?.hasSuffix("/snapshots/\(first).snapshot.tmp") == true, "\(error)")
        }
        let lines = Lines()
        options = StoreFixture.options()
        options.diagnostics = { lines.append($0) }
        f.store = try await Store.open(directory: f.directory.path, options: options)
        #expect(f.store.openReport.restoredFromSnapshots == StoreFixture.storeSnapshots, "\(lines.all)")
        #expect(await f.store.encodedReadModels() == (try await SnapshotAnchorTests.freshFold(of: f.directory.path)))
        try await f.store.close()
    }

    /// A close right after a save at the same position writes nothing more: the files are those
    /// of that save.
    @Test func aCloseAtThePositionOfTheLastSaveDoesNotWriteTheSnapshotsAgain() async throws {
        let opened = Lines()
        var options = StoreFixture.options(everyEvents: 1)
        options.fileSystem = .posix
        options.fileSystem.open = { path, mode throws(SystemCallError) in
            opened.append(path)
            return try FileSystem.posix.open(path, mode)
        }
        let f = try await StoreFixture(options: options)
        try await History.send(to: f, seed: 6, days: 1)
        let saved = try SnapshotAnchorTests.tree(f.directory.path + "/snapshots")
        #expect(saved.count == StoreFixture.storeSnapshots)
        let writes = opened.all.filter { $0.hasSuffix(".snapshot.tmp") }.count
        try await f.store.close()
        #expect(opened.all.filter { $0.hasSuffix(".snapshot.tmp") }.count == writes)
        #expect(try SnapshotAnchorTests.tree(f.directory.path + "/snapshots") == saved)
        f.store = try await Store.open(directory: f.directory.path, options: StoreFixture.options())
        #expect(f.store.openReport.restoredFromSnapshots == StoreFixture.storeSnapshots)
    }

    /// A close with fewer events past the oldest snapshot than the policy's minimum leaves the
    /// snapshots as they are, and the next open folds those events into the same read models;
    /// sessions add up: once the events past the oldest snapshot reach the minimum, a close
    /// writes them all again. A store without snapshots gets them at its first close.
    @Test func aCloseWithFewerEventsThanTheMinimumLeavesTheSnapshotsBehind() async throws {
        let profile = Ids.profile(1)
        var few = StoreFixture.options()
        few.snapshots.onCloseMinimumEvents = 5
        let f = try await StoreFixture(options: few)
        try await f.send(profile, StoreFixture.time(), .profiles(.create(name: "Ada", isChild: false)))
        try await f.send(profile, StoreFixture.time(), .vocabulary(.createDeck(Ids.deck(1), name: "D1")))
        try await f.reopen(options: few)
        #expect(f.store.openReport.restoredFromSnapshots == StoreFixture.storeSnapshots)
        let saved = try SnapshotAnchorTests.tree(f.directory.path + "/snapshots")
        for deck: UInt64 in 2...4 {
            try await f.send(profile, StoreFixture.time(), .vocabulary(.createDeck(Ids.deck(deck), name: "D\(deck)")))
        }
        let decks = await f.store.vocabulary().decks(of: profile).map(\.id)
        try await f.reopen(options: few)
        #expect(try SnapshotAnchorTests.tree(f.directory.path + "/snapshots") == saved)
        #expect(f.store.openReport.replayedEvents == 3)
        #expect(await f.store.vocabulary().decks(of: profile).map(\.id) == decks)
        for deck: UInt64 in 5...6 {
            try await f.send(profile, StoreFixture.time(), .vocabulary(.createDeck(Ids.deck(deck), name: "D\(deck)")))
        }
        try await f.reopen(options: few)
        #expect(try SnapshotAnchorTests.tree(f.directory.path + "/snapshots") != saved)
        #expect(f.store.openReport.replayedEvents == 0)
        #expect(f.store.openReport.restoredFromSnapshots == StoreFixture.storeSnapshots)
        #expect(await f.store.vocabulary().decks(of: profile).count == 6)
    }

    /// The real file system, except that opening any path ending in one of `suffixes` fails with EIO.
    static func failingOpens(of suffixes: [String]) -> FileSystem {
        var fs = FileSystem.posix
        fs.open = { path, mode throws(SystemCallError) in
            if suffixes.contains(where: { path.hasSuffix($0) }) {
                throw SystemCallError(call: "open", path: path, errno: InjectedErrno.eio)
            }
            return try FileSystem.posix.open(path, mode)
        }
        return fs
    }
}

extension Store {
    /// Saves every snapshot of the store (read models and command ledger) to `directory` in
    /// `lanes` lanes, as ``saveSnapshots()`` does to the store's own.
    func saveSnapshotsForTesting(to directory: String, lanes: Int) async throws(SnapshotError) {
        try await SnapshotAnchoring.save(projectors, to: SnapshotStore(directory: directory, log: { _ in }),
                                         reader: writer.reader, lanes: lanes)
    }

    /// The snapshot files of every projector (by file name) as a save would write them now, each
    /// encoded in memory one after another.
    func anchoredSnapshotFiles() async throws -> [String: Data] {
        var files: [String: Data] = [:]
        for projector in projectors {
            let snapshot = await projector.snapshot()
            let anchor = try #require(try SnapshotAnchoring.anchor(at: snapshot.position, in: writer.reader))
            files[snapshot.projection + ".snapshot"] = Data(snapshot.anchored(anchor).encoded())
        }
        return files
    }
}
