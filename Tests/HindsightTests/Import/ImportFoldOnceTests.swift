import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// An import's checks fold its events into copies of four read models and the command ledger,
/// which the store's projectors then take over instead of folding the events again. Every read model must end
/// exactly as a replay of the log makes it: the state bytes of each are compared with those of
/// a store opened on a copy of the log (no snapshots), after imports on an empty store and on
/// top of earlier events.
@Suite struct ImportFoldOnceTests {
    static let profile = Ids.profile(11)

    /// Every read model's encoded state and the command ledger's, by name.
    static func states(of store: Store) async -> [String: [UInt8]] {
        var states: [String: [UInt8]] = [:]
        for projector in await store.models.all + [store.ledger] {
            let snapshot = await projector.snapshot()
            states[snapshot.projection] = snapshot.state
        }
        return states
    }

    /// The states of a store opened on a copy of `fixture`'s log alone: a replay of it.
    static func replayedStates(of fixture: StoreFixture) async throws -> [String: [UInt8]] {
        let copy = try TemporaryDirectory(prefix: "hindsight-replay")
        defer { copy.remove() }
        try FileManager.default.copyItem(atPath: fixture.directory.path + "/log", toPath: copy.path + "/log")
        try FileManager.default.removeItem(atPath: copy.path + "/log/writer.lock")
        let replayed = try await Store.open(directory: copy.path, options: StoreFixture.options())
        let states = await states(of: replayed)
        try await replayed.close()
        return states
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func revlogImportsLeaveEveryReadModelAsAReplayDoes(seed: UInt64) async throws {
        let f = try await StoreFixture()
        // Events before the import: the admission's copies start from a store that is not empty.
        try await f.send(Ids.profile(1), StoreFixture.time(), .profiles(.create(name: "Ada", isChild: false)))
        let options = RevlogImportOptions(profile: Self.profile, deckName: "fold", utcOffsetMinutes: 60, dayCutoffHour: 4)
        let first = try await f.store.importRevlog(StreamedImportTests.randomRevlog(seed: seed, rows: 400), options: options)
        // A second import on top of the first, for another learner (the same card numbers are other cards).
        let other = RevlogImportOptions(profile: Ids.profile(12), deckName: "fold")
        let second = try await f.store.importRevlog(StreamedImportTests.randomRevlog(seed: seed + 100, rows: 400), options: other)
        #expect(first.added > 400 && second.added > 400)
        let states = await Self.states(of: f.store)
        try await f.store.close()
        let replayed = try await Self.replayedStates(of: f)
        #expect(states.keys.sorted() == replayed.keys.sorted())
        for (name, bytes) in states { #expect(bytes == replayed[name], "read model \(name)") }
    }

    /// A small import beside a large log: the ledger folds it from the log rather than merge its
    /// index (``ImportAdmission/giveUpModels(staged:)``), and still ends as a replay makes it.
    @Test func aSmallImportOnALargeLogLeavesTheLedgerAsAReplayDoes() async throws {
        let f = try await StoreFixture()
        let options = RevlogImportOptions(profile: Self.profile, deckName: "fold")
        let first = try await f.store.importRevlog(StreamedImportTests.randomRevlog(seed: 21, rows: 2_000), options: options)
        let small = try await f.store.importRevlog("card_id,review_time,review_rating,review_state,review_duration\n7,1700000000000,3,0,4000\n",
                                                   options: RevlogImportOptions(profile: Ids.profile(12), deckName: "small"))
        #expect(small.added > 0 && first.added > ImportAdmission.mergeBreakEven * small.added)
        let states = await Self.states(of: f.store)
        try await f.store.close()
        let replayed = try await Self.replayedStates(of: f)
        #expect(states.keys.sorted() == replayed.keys.sorted())
        for (name, bytes) in states { #expect(bytes == replayed[name], "read model \(name)") }
    }

    @Test func aJSONLinesImportOnTopOfEarlierEventsLeavesEveryReadModelAsAReplayDoes() async throws {
        let source = try await StoreFixture()
        let options = RevlogImportOptions(profile: Self.profile, deckName: "fold")
        _ = try await source.store.importRevlog(StreamedImportTests.randomRevlog(seed: 9, rows: 500), options: options)
        try await source.store.close()
        let file = source.directory.path + "/export.jsonl"
        _ = try LogExporter(dataDirectory: source.directory.path, personalData: .redact(salt: "fold")).exportJSONLines(to: file)

        let f = try await StoreFixture()
        try await f.send(Ids.profile(1), StoreFixture.time(), .profiles(.create(name: "Ada", isChild: false)))
        let result = try await f.store.importJSONLines(file: file)
        #expect(result.added > 500)
        let states = await Self.states(of: f.store)
        try await f.store.close()
        let replayed = try await Self.replayedStates(of: f)
        for (name, bytes) in states { #expect(bytes == replayed[name], "read model \(name)") }
    }
}
