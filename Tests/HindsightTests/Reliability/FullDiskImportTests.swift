import EventLog
import Foundation
import Synchronization
import Testing
import TestSupport
@testable import Hindsight
import SystemSeam

/// Defect 4: a full disk (or a failed sync) during an import leaves nothing of it. The log's
/// writes go through ``FaultyDisk``: a write that does not fit writes what fits and then fails
/// with ENOSPC, as a real full disk does. Before the fix the partial batch stayed in the segment
/// until the next open for writing: `verify`, `export` and `tail` met it (thousands of events
/// of an import that said "nothing was imported").
@Suite struct FullDiskImportTests {
    static let profile = ProfileID(UUID(uuidString: "11111111-2222-4333-8444-555555555555")!)

    static let faults: [FaultyDisk.Fault] = [
        .fullAfter(bytes: 0), .fullAfter(bytes: 100), .fullAfter(bytes: 4096), .fullAfter(bytes: 100_001), .failingSync,
    ]

    @Test(arguments: faults)
    func aFailedImportLeavesNothingOfItself(fault: FaultyDisk.Fault) async throws {
        let disk = FaultyDisk()
        var options = StoreFixture.options()
        options.durability = .fsyncEachAppend
        options.fileSystem = disk.fileSystem
        let f = try await StoreFixture(options: options)
        try await History.send(to: f, seed: 3, days: 2)
        let before = await f.store.lastPosition()
        let modelsBefore = await f.store.encodedReadModels()
        let revlog = RevlogText.make(rows: 2000, seed: 11)
        let importOptions = RevlogImportOptions(profile: Self.profile, deckName: "Imported")

        disk.arm(fault)
        let error = await #expect(throws: ImportError.self) {
            try await f.store.importRevlog(revlog, options: importOptions, path: "big.csv")
        }
        let expected = if case .failingSync = fault { "Input/output error" } else { "No space left on device" }
        #expect(error?.code == .store)
        #expect(error?.description.contains(expected) == true, "\(String(describing: error))")
        #expect(error?.description.hasSuffix("nothing was imported") == true)

        // Without reopening: a reader (another process: export, tail, verify) finds nothing of it.
        let seen = try LogVerifier.verify(directory: f.directory.path + "/log")
        #expect(seen.lastPosition == before)
        #expect(seen.records == Int(before))
        #expect(seen.tornTail == nil)
        #expect(await f.store.lastPosition() == before)
        #expect(await f.store.encodedReadModels() == modelsBefore)

        // The failed writer refuses more appends; reopened (space freed), the store is as before
        // and the import goes through whole.
        await #expect(throws: StoreError.self) {
            try await f.send(Ids.profile(1), StoreFixture.time(days: 9), .dictation(.finish(wordCount: 3, duration: .milliseconds(1000), language: "en")))
        }
        try? await f.store.close()
        disk.disarm()
        f.store = try await Store.open(directory: f.directory.path, options: options)
        #expect(await f.store.lastPosition() == before)
        #expect(await f.store.encodedReadModels() == modelsBefore)
        let result = try await f.store.importRevlog(revlog, options: importOptions, path: "big.csv")
        #expect(result.added > 2000)
        #expect(result.positions == (before + 1)...(before + UInt64(result.added)))
        try await f.store.close()
        _ = try await RecoveredStore.check(f.directory.path, options: options, acknowledged: [], resend: [])
    }

    /// A full disk while writing the snapshots after an import is not the import's failure: the
    /// import is recorded and folded, so it must not say "nothing was imported". The snapshot
    /// failure is reported through diagnostics, and the next open folds the log past the old ones.
    @Test func aSnapshotFailureAfterAnImportIsNotTheImports() async throws {
        let notes = Notes()
        let directory = try TemporaryDirectory(prefix: "hindsight-snapshot-full")
        defer { directory.remove() }
        var options = StoreFixture.options(everyEvents: 100)
        options.diagnostics = { notes.add($0) }
        // The snapshot directory cannot be written: a file stands where it should be.
        let store = try await Store.open(directory: directory.path, options: options)
        try Data().write(to: directory.appending("snapshots"))
        let result = try await store.importRevlog(RevlogText.make(rows: 400, seed: 5),
                                                  options: RevlogImportOptions(profile: Self.profile, deckName: "D"), path: "r.csv")
        #expect(result.added > 400)
        #expect(notes.all.count == 1)
        #expect(notes.all.first?.hasPrefix("snapshots not written at position \(result.added) (the events are recorded") == true,
                "\(notes.all)")
        await #expect(throws: StoreError.self) { try await store.close() }
        try FileManager.default.removeItem(at: directory.appending("snapshots"))
        let last = try await RecoveredStore.check(directory.path, options: options, acknowledged: [], resend: [])
        #expect(last == UInt64(result.added))
    }
}

/// Diagnostics lines collected from a store.
final class Notes: Sendable {
    private let lines = Mutex<[String]>([])
    func add(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}
