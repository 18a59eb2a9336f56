import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// Concurrent commands end in a contiguous log with nothing lost, and the read models equal a
/// fresh fold of the log; reopening gives the same read models from snapshots or from the log.
@Suite struct ConsistencyTests {
    @Test func concurrentCommandsLoseNothing() async throws {
        let f = try await StoreFixture()
        let ada = Ids.profile(1)
        try await f.send(ada, StoreFixture.time(), .profiles(.create(name: "Ada", isChild: false)))
        try await f.send(ada, StoreFixture.time(), .vocabulary(.createDeck(Ids.deck(1), name: "Words")))
        let tasks = 8, perTask = 30
        for t in 0..<tasks {
            try await f.send(ada, StoreFixture.time(), .vocabulary(.createCard(Ids.card(UInt64(t)), deck: Ids.deck(1), front: "f\(t)", back: "b")))
        }
        let base = await f.store.lastPosition()
        let store = f.store
        let results = try await withThrowingTaskGroup(of: [CommandResult].self) { group in
            for t in 0..<tasks {
                group.addTask {
                    var results: [CommandResult] = []
                    for i in 0..<perTask {
                        let id = Ids.uuid(0xD0 + UInt8(t), UInt64(i))
                        let time = StoreFixture.time(days: i / 10, minutes: i)
                        let action: StoreCommand.Action = i % 5 == 4
                            ? .dictation(.finish(wordCount: 10, duration: .milliseconds(1000), language: "en"))
                            : .vocabulary(.review(Ids.card(UInt64(t)), rating: Rating.allCases[(i + t) % 4], duration: .milliseconds(1000)))
                        results.append(try await store.send(StoreCommand(id: id, profile: ada, time: time, action)))
                    }
                    return results
                }
            }
            var all: [CommandResult] = []
            for try await results in group { all += results }
            return all
        }
        #expect(results.count == tasks * perTask)
        let positions = results.flatMap { Array($0.positions) }.sorted()
        #expect(positions == Array(base + 1...base + UInt64(tasks * perTask)))
        #expect(await f.store.lastPosition() == base + UInt64(tasks * perTask))
        let totals = await f.store.dailyStats().totals(profile: ada, from: -100_000, through: 100_000)
        #expect(totals.reviews == tasks * perTask * 4 / 5)
        #expect(totals.dictations == tasks * perTask / 5)

        let live = await f.store.encodedReadModels()
        try await f.store.close()
        try FileManager.default.removeItem(atPath: f.directory.path + "/snapshots")
        f.store = try await Store.open(directory: f.directory.path, options: StoreFixture.options())
        #expect(f.store.openReport.restoredFromSnapshots == 0)
        #expect(await f.store.encodedReadModels() == live)
    }

    @Test(arguments: [7, 8, 9] as [UInt64])
    func reopenGivesTheSameReadModels(seed: UInt64) async throws {
        let f = try await StoreFixture()
        try await History.send(to: f, seed: seed, days: 20)
        let live = await f.store.encodedReadModels()
        let last = await f.store.lastPosition()
        #expect(live.count == StoreFixture.storeSnapshots)

        try await f.reopen()
        let fromSnapshots = f.store.openReport
        #expect(fromSnapshots.existingStore)
        #expect(fromSnapshots.restoredFromSnapshots == StoreFixture.storeSnapshots)
        #expect(fromSnapshots.replayedEvents == 0)
        #expect(fromSnapshots.lastPosition == last)
        #expect(await f.store.encodedReadModels() == live)

        try await f.store.close()
        try FileManager.default.removeItem(atPath: f.directory.path + "/snapshots")
        f.store = try await Store.open(directory: f.directory.path, options: StoreFixture.options())
        #expect(f.store.openReport.restoredFromSnapshots == 0)
        #expect(f.store.openReport.replayedEvents == last)
        #expect(await f.store.encodedReadModels() == live)
    }

    @Test func snapshotsEveryNEventsAreUsedAfterACrash() async throws {
        let f = try await StoreFixture(options: StoreFixture.options(everyEvents: 50))
        try await History.send(to: f, seed: 3, days: 10)
        let live = await f.store.encodedReadModels()
        // No close (as after a crash): the periodic snapshots plus the log's tail rebuild the same state.
        let options = StoreFixture.options(everyEvents: 50)
        var reopened: Store?
        let path = f.directory.path
        try await f.store.closeLogOnlyForTesting()
        reopened = try await Store.open(directory: path, options: options)
        let report = try #require(reopened?.openReport)
        #expect(report.restoredFromSnapshots == StoreFixture.storeSnapshots)
        #expect(report.replayedEvents < 50)
        #expect(await reopened?.encodedReadModels() == live)
        f.store = reopened!
    }

    @Test func aSnapshotOfAnotherConfigurationIsDiscardedAndRebuilt() async throws {
        let f = try await StoreFixture()
        try await History.send(to: f, seed: 5, days: 10)
        try await f.store.close()
        let lines = Lines()
        var options = StoreFixture.options()
        options.dailyNewCardLimit = 5
        options.diagnostics = { lines.append($0) }
        f.store = try await Store.open(directory: f.directory.path, options: options)
        #expect(f.store.openReport.restoredFromSnapshots == StoreFixture.storeSnapshots - 1)
        let discarded = lines.all.filter { $0.contains("vocabulary.snapshot") }
        #expect(discarded.count == 1)
        #expect(discarded.first?.contains("was computed with other parameters") == true)
        #expect(discarded.first?.hasSuffix("rebuilding from the log") == true)
        #expect(await f.store.vocabulary().dailyNewCardLimit == 5)
    }

    @Test func aSecondStoreOnTheSameDirectoryIsLocked() async throws {
        let f = try await StoreFixture()
        do {
            _ = try await Store.open(directory: f.directory.path, options: StoreFixture.options())
            Issue.record("a second store opened the same directory")
        } catch {
            #expect(error.code == .locked)
            #expect(error.message.contains("another writer has the log at \(f.directory.path)/log open; close it first"))
        }
    }
}

/// Diagnostic lines collected from any thread.
final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
