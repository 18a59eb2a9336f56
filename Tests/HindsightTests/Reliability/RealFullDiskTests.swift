import EventLog
import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// A real full disk (issue 19, build item 4): a small tmpfs filled during command appends,
/// during snapshot writes, during an import. Each gets a clear error naming ENOSPC and claims
/// nothing done that is not; nothing acknowledged is lost (every acknowledged command there once,
/// `verify` clean, read models equal a fresh fold); once space is freed, writing works again.
/// Skipped, with the reason printed, when the tests cannot mount a tmpfs (not root, not Linux).
@Suite(.serialized) struct RealFullDiskTests {
    static let noSpace = "No space left on device"

    static func options(everyEvents: Int? = nil, notes: Notes = Notes()) -> StoreOptions {
        var options = StoreFixture.options(everyEvents: everyEvents)
        options.durability = .fsyncEachAppend
        options.diagnostics = { notes.add($0) }
        return options
    }

    /// Mounts a tmpfs, runs `body` on a store directory in it, and unmounts (stores must be closed).
    static func onTmpfs(megabytes: Int = 16, _ body: (String, Tmpfs) async throws -> Void) async throws {
        switch Tmpfs.mount(megabytes: megabytes) {
        case .failure(let reason):
            print("skipped (real full disk): \(reason)")
        case .success(let tmpfs):
            defer { tmpfs.unmount() }
            try await body(tmpfs.path + "/store", tmpfs)
        }
    }

    /// Sends the setup every scenario starts from: a profile, a deck, cards, reviews.
    static func setUp(_ store: Store, acknowledged: inout [UUID]) async throws {
        var counter: UInt64 = 0
        func send(_ action: StoreCommand.Action, minute: Int) async throws {
            counter += 1
            let command = StoreCommand(id: Ids.uuid(0xE1, counter), profile: Ids.profile(1),
                                       time: StoreFixture.time(minutes: minute), action)
            _ = try await store.send(command)
            acknowledged.append(command.id)
        }
        try await send(.profiles(.create(name: "Ada", isChild: false)), minute: 0)
        try await send(.vocabulary(.createDeck(Ids.deck(1), name: "Words")), minute: 0)
        for n: UInt64 in 1...5 {
            try await send(.vocabulary(.createCard(Ids.card(n), deck: Ids.deck(1), front: "w\(n)", back: "m\(n)")), minute: 1)
            try await send(.vocabulary(.review(Ids.card(n), rating: .good, duration: .milliseconds(1000))), minute: 2)
        }
    }

    static func review(_ n: UInt64, minute: Int, id: UUID) -> StoreCommand {
        StoreCommand(id: id, profile: Ids.profile(1), time: StoreFixture.time(minutes: minute),
                     .vocabulary(.review(Ids.card(n % 5 + 1), rating: Rating.allCases[Int(n % 4)], duration: .milliseconds(1000))))
    }

    /// Writing works again once space is freed: a command goes through, and closing saves snapshots.
    static func writeAgain(_ directory: String, options: StoreOptions) async throws {
        let store = try await Store.open(directory: directory, options: options)
        let before = await store.lastPosition()
        let result = try await store.send(review(99, minute: 500, id: Ids.uuid(0xEF, 1)))
        #expect(result.positions == (before + 1)...(before + 1))
        try await store.close()
        let report = try await StoreVerifier.verify(dataDirectory: directory, configuration: options.readModelConfiguration)
        #expect(report.snapshots.allSatisfy { $0.status == .current || $0.status == .unknown }, "\(report.snapshots)")
    }

    @Test func fullDuringCommandAppends() async throws {
        try await Self.onTmpfs { directory, tmpfs in
            let options = Self.options()
            var acknowledged: [UUID] = []
            var store = try await Store.open(directory: directory, options: options)
            try await Self.setUp(store, acknowledged: &acknowledged)
            try await store.close()
            store = try await Store.open(directory: directory, options: options)
            let before = await store.lastPosition()
            let filler = try tmpfs.fill()

            let error = await #expect(throws: StoreError.self) {
                try await store.send(Self.review(1, minute: 10, id: Ids.uuid(0xE2, 1)))
            }
            #expect(error?.code == .log)
            #expect(error?.message.contains(Self.noSpace) == true, "\(String(describing: error))")
            // The failed writer refuses the next command too, naming the first failure.
            let next = await #expect(throws: StoreError.self) {
                try await store.send(Self.review(2, minute: 11, id: Ids.uuid(0xE2, 2)))
            }
            #expect(next?.message.contains("refuses all further appends") == true)
            #expect(try LogVerifier.verify(directory: directory + "/log").lastPosition == before)
            // Closing a store whose log failed writes no snapshot (none may cover a log in an
            // unknown state): it says why, naming the first failure.
            let closing = await #expect(throws: StoreError.self) { try await store.close() }
            #expect(closing?.code == .log)
            #expect(closing?.message.contains(Self.noSpace) == true, "\(String(describing: closing))")

            try FileManager.default.removeItem(atPath: filler)
            let last = try await RecoveredStore.check(directory, options: options, acknowledged: acknowledged, resend: acknowledged)
            #expect(last == before)
            try await Self.writeAgain(directory, options: options)
        }
    }

    @Test func fullDuringSnapshotWrites() async throws {
        try await Self.onTmpfs { directory, tmpfs in
            let notes = Notes()
            let options = Self.options(everyEvents: 10, notes: notes)
            var acknowledged: [UUID] = []
            let store = try await Store.open(directory: directory, options: options)
            try await Self.setUp(store, acknowledged: &acknowledged)
            // The log's segment is preallocated (zero-filled ahead), so appends still fit; the
            // snapshots written every 10 events do not.
            let filler = try tmpfs.fill()
            for n: UInt64 in 1...25 {
                let command = Self.review(n, minute: 10 + Int(n), id: Ids.uuid(0xE3, n))
                _ = try await store.send(command)
                acknowledged.append(command.id)
            }
            let failures = notes.all.filter { $0.hasPrefix("snapshots not written") }
            #expect(failures.count >= 2, "\(notes.all)")
            #expect(failures.allSatisfy { $0.contains(Self.noSpace) }, "\(failures)")
            let closing = await #expect(throws: StoreError.self) { try await store.close() }
            #expect(closing?.code == .snapshot)
            #expect(closing?.message.contains(Self.noSpace) == true, "\(String(describing: closing))")
            // No snapshot is half written: each is the last one written before the disk filled.
            let report = try await StoreVerifier.verify(dataDirectory: directory, configuration: options.readModelConfiguration)
            #expect(!report.snapshots.contains { $0.status == .damaged }, "\(report.snapshots)")
            let names = try FileManager.default.contentsOfDirectory(atPath: directory + "/snapshots")
            var leftovers: [String] = []
            for name in names where !name.hasSuffix(".snapshot") { leftovers.append(name) }
            #expect(leftovers.isEmpty, "files left behind by failed snapshot writes: \(leftovers)")

            try FileManager.default.removeItem(atPath: filler)
            let last = try await RecoveredStore.check(directory, options: options, acknowledged: acknowledged, resend: acknowledged)
            #expect(last == UInt64(acknowledged.count))
            try await Self.writeAgain(directory, options: options)
        }
    }

    @Test func fullDuringAnImport() async throws {
        try await Self.onTmpfs { directory, tmpfs in
            let options = Self.options()
            var acknowledged: [UUID] = []
            var store = try await Store.open(directory: directory, options: options)
            try await Self.setUp(store, acknowledged: &acknowledged)
            try await store.close()
            store = try await Store.open(directory: directory, options: options)
            let before = await store.lastPosition()
            let revlog = RevlogText.make(rows: 3000, seed: 8)
            let importOptions = RevlogImportOptions(profile: FullDiskImportTests.profile, deckName: "Imported")
            let filler = try tmpfs.fill(leaving: 150 << 10)

            let error = await #expect(throws: ImportError.self) {
                try await store.importRevlog(revlog, options: importOptions, path: "big.csv")
            }
            #expect(error?.code == .store)
            #expect(error?.description.contains(Self.noSpace) == true, "\(String(describing: error))")
            #expect(error?.description.hasSuffix("nothing was imported") == true)
            // Before any reopen, a reader finds nothing of the import.
            let seen = try LogVerifier.verify(directory: directory + "/log")
            #expect(seen.lastPosition == before)
            #expect(seen.tornTail == nil)
            try? await store.close()

            try FileManager.default.removeItem(atPath: filler)
            let last = try await RecoveredStore.check(directory, options: options, acknowledged: acknowledged, resend: acknowledged)
            #expect(last == before)
            store = try await Store.open(directory: directory, options: options)
            let result = try await store.importRevlog(revlog, options: importOptions, path: "big.csv")
            #expect(result.positions?.lowerBound == before + 1)
            #expect(result.added > 3000)
            try await store.close()
            try await Self.writeAgain(directory, options: options)
        }
    }

    /// The reproduction of defect 4, through the CLI: a demo store on a 1 MiB tmpfs, an
    /// import that does not fit. It fails with ENOSPC and says nothing was imported; right
    /// after, before any open for writing, `export` and `verify` find all the demo's events
    /// and nothing of the import (they found thousands of its events before the fix).
    @Test func cliImportOnAFullDiskImportsNothing() async throws {
        try await Self.onTmpfs(megabytes: 1) { store, _ in
            let hindsight = BuiltProducts.executable("hindsight")
            let outside = try TemporaryDirectory(prefix: "hindsight-full-cli")
            defer { outside.remove() }
            let demo = try ChildProcess.run(hindsight, ["demo", "--data-dir", store, "--now", "2026-03-01T18:00:00Z"])
            try #require(demo.status == 0, "\(demo.stderr)")
            let created = try #require(demo.stdout.split(separator: "\n").first { $0.hasPrefix("created a new demo store: ") })
            let events = try #require(Int(created.dropFirst("created a new demo store: ".count).prefix { $0.isNumber }))
            let revlog = outside.appending("big.csv").path
            try RevlogText.make(rows: 6000, seed: 4).write(toFile: revlog, atomically: true, encoding: .utf8)

            let imported = try ChildProcess.run(hindsight, ["import", revlog, "--data-dir", store, "--profile",
                                                            "11111111-2222-4333-8444-555555555555"])
            #expect(imported.status == 1)
            #expect(imported.stderr.contains(Self.noSpace), "\(imported.stderr)")
            #expect(imported.stderr.hasSuffix("nothing was imported\n"), "\(imported.stderr)")

            let exported = try ChildProcess.run(hindsight, ["export", "--data-dir", store, "--format", "jsonl",
                                                            "--output", outside.appending("all.jsonl").path])
            #expect(exported.status == 0)
            #expect((exported.stdout + exported.stderr).contains("exported \(events) events of \(events)"), "\(exported.stdout) \(exported.stderr)")
            let verified = try ChildProcess.run(hindsight, ["verify", "--data-dir", store])
            #expect(verified.stdout.contains("\(events) record(s), last position \(events)"), "\(verified.stdout)")
            #expect(!verified.stdout.contains("incomplete write"), "\(verified.stdout)")
        }
    }
}
