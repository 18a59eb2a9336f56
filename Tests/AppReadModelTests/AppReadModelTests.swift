import Foundation
import Hindsight
import Testing

/// An app's own read model (``WordsLearnedPerWeek``, the README's example), in a target that
/// imports only `Hindsight`: folded live with each command, restored from its snapshot after a
/// restart, rebuilt from the log when its snapshot is gone or its configuration changes, and
/// refused when its name is taken.
@Suite struct AppReadModelTests {
    static let profile = ProfileID(UUID(uuidString: "00000000-0000-4000-8000-0000000000A1")!)
    static let deck = DeckID(UUID(uuidString: "00000000-0000-4000-8000-0000000000D1")!)
    static func card(_ n: Int) -> CardID { CardID(UUID(uuidString: "00000000-0000-4000-8000-00000000C00\(n)")!) }

    /// Monday 2 March 2026, 09:00 UTC (ISO week 10).
    static let monday: Int64 = 1_772_442_000_000
    /// Sunday 8 March 2026, 23:30 UTC: Monday 00:30 (week 11) for a learner at UTC+1.
    static let sundayNight: Int64 = 1_773_012_600_000
    /// Tuesday 10 March 2026, 09:00 UTC (week 11).
    static let tuesday: Int64 = 1_773_133_200_000

    static func options(_ models: [any Projection]) -> StoreOptions {
        StoreOptions(clock: { Timestamp(milliseconds: 1_800_000_000_000) }, readModels: models)
    }

    /// A profile, a deck, three cards and six reviews: card 1 good on Monday (week 10) and again
    /// later; card 2 forgotten on Monday, good on Sunday night at UTC+1 (week 11 locally, week
    /// 10 in UTC); card 3 easy on Tuesday (week 11).
    static func study(_ store: Store) async throws {
        var sent = 0
        func send(_ ms: Int64, offset: Int = 0, _ action: StoreCommand.Action) async throws {
            sent += 1
            let time = EventTime(instant: Timestamp(milliseconds: ms), utcOffset: try UTCOffset(seconds: offset))
            let id = UUID(uuidString: "00000000-0000-4000-8000-\(String(format: "%012d", sent))")!
            _ = try await store.send(StoreCommand(id: id, profile: profile, time: time, action))
        }
        try await send(monday - 60_000, .profiles(.create(name: "Ada", isChild: false)))
        try await send(monday - 60_000, .vocabulary(.createDeck(deck, name: "Words")))
        for n in 1...3 {
            try await send(monday - 60_000, .vocabulary(.createCard(card(n), deck: deck, front: "word \(n)", back: "meaning \(n)")))
        }
        try await send(monday, .vocabulary(.review(card(1), rating: .good, duration: .seconds(4))))
        try await send(monday, .vocabulary(.review(card(2), rating: .again, duration: .seconds(4))))
        try await send(sundayNight, offset: 3600, .vocabulary(.review(card(2), rating: .good, duration: .seconds(4))))
        try await send(tuesday, .vocabulary(.review(card(3), rating: .easy, duration: .seconds(4))))
        try await send(tuesday, .vocabulary(.review(card(1), rating: .good, duration: .seconds(4))))
    }

    static let expected = [profile: ["2026-W10": 1, "2026-W11": 2]]

    @Test func foldedLiveRestoredFromItsSnapshotAndRebuilt() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }

        // Live: each command's events are folded before `send` returns.
        let store = try await Store.open(directory: directory, options: Self.options([WordsLearnedPerWeek()]))
        try await Self.study(store)
        let live = try await store.readModel(WordsLearnedPerWeek.self)
        #expect(live.weeks == Self.expected)
        #expect(live.learned.count == 3)
        try await store.close()
        let snapshot = directory + "/snapshots/" + WordsLearnedPerWeek.name + ".snapshot"
        #expect(FileManager.default.fileExists(atPath: snapshot))

        // Restart: restored from its snapshot, nothing folded again.
        let reopened = try await Store.open(directory: directory, options: Self.options([WordsLearnedPerWeek()]))
        #expect(reopened.openReport.restoredFromSnapshots == reopened.openReport.total)
        #expect(reopened.openReport.replayedEvents == 0)
        #expect(try await reopened.readModel(WordsLearnedPerWeek.self) == live)
        try await reopened.close()

        // Rebuilt from the log: its snapshot is gone.
        try FileManager.default.removeItem(atPath: snapshot)
        let rebuilt = try await Store.open(directory: directory, options: Self.options([WordsLearnedPerWeek()]))
        #expect(rebuilt.openReport.restoredFromSnapshots == rebuilt.openReport.total - 1)
        #expect(try await rebuilt.readModel(WordsLearnedPerWeek.self) == live)
        try await rebuilt.close()

        // Rebuilt under another configuration: the snapshot's fingerprint no longer matches.
        let stricter = try await Store.open(directory: directory, options: Self.options([WordsLearnedPerWeek(passing: .easy)]))
        let easyOnly = try await stricter.readModel(WordsLearnedPerWeek.self)
        #expect(easyOnly.weeks == [Self.profile: ["2026-W11": 1]])
        #expect(easyOnly.learned == [Self.card(3): "2026-W11"])
        try await stricter.close()
    }

    /// An import folds the app's read model as a command does: a store filled by importing
    /// another's history holds what the other folded live, and keeps it after a restart.
    @Test func anImportFoldsTheAppsReadModel() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let source = try await Store.open(directory: directory + "/source", options: Self.options([WordsLearnedPerWeek()]))
        try await Self.study(source)
        let live = try await source.readModel(WordsLearnedPerWeek.self)
        let history = try await source.exportJSONLines().joined(separator: "\n") + "\n"
        try await source.close()

        let store = try await Store.open(directory: directory + "/imported", options: Self.options([WordsLearnedPerWeek()]))
        let result = try await store.importJSONLines(history)
        #expect(result.added == 10)
        #expect(try await store.readModel(WordsLearnedPerWeek.self) == live)
        try await store.close()
        let reopened = try await Store.open(directory: directory + "/imported", options: Self.options([WordsLearnedPerWeek()]))
        #expect(try await reopened.readModel(WordsLearnedPerWeek.self) == live)
        try await reopened.close()
    }

    /// A read model that cannot fold a review.
    struct RefusesReviews: Projection {
        struct Refused: Error, CustomStringConvertible {
            var description: String { "reviews are refused here" }
        }
        static let name = "refuses-reviews"
        static let version: UInt32 = 1
        func makeInitialState() -> WordsLearnedPerWeek.State { WordsLearnedPerWeek.State() }
        func apply(_ event: RecordedEvent, to state: inout WordsLearnedPerWeek.State) throws {
            if case .reviewGraded = event.event { throw Refused() }
        }
    }

    /// An app's read model that cannot fold an imported event: the import is recorded, the
    /// error names the read model and why, the model stops, and the others hold the import.
    @Test func anImportAnAppsReadModelCannotFoldNamesIt() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let source = try await Store.open(directory: directory + "/source", options: Self.options([]))
        try await Self.study(source)
        let history = try await source.exportJSONLines().joined(separator: "\n") + "\n"
        try await source.close()

        let store = try await Store.open(directory: directory + "/imported",
                                         options: Self.options([RefusesReviews(), WordsLearnedPerWeek()]))
        let error = await #expect(throws: ImportError.self) { try await store.importJSONLines(history) }
        #expect(error?.message.contains("a read model cannot fold it") == true, "\(String(describing: error))")
        #expect(error?.message.contains("refuses-reviews") == true, "\(String(describing: error))")
        #expect(error?.message.contains("reviews are refused here") == true, "\(String(describing: error))")
        #expect(try await store.readModel(WordsLearnedPerWeek.self).weeks == Self.expected)
        #expect(try await store.exportJSONLines().count == 10)
        try await store.close()
    }

    @Test func aStoreWithoutTheReadModelSaysSo() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try await Store.open(directory: directory, options: Self.options([]))
        let error = await #expect(throws: StoreError.self) { try await store.readModel(WordsLearnedPerWeek.self) }
        #expect(error?.code == .invalidValue)
        #expect(error?.field == "readModels")
        #expect(error?.message.contains("without the read model 'words-learned-per-week'") == true)
        try await store.close()
    }

    /// A read model whose name another one has.
    struct Impostor: Projection {
        struct State: ProjectionState {
            init() {}
            init(from reader: inout SnapshotReader) throws(EventDecodingError) {}
            func encode(to writer: inout SnapshotWriter) {}
        }
        static let name = "vocabulary"
        static let version: UInt32 = 1
        func makeInitialState() -> State { State() }
        func apply(_ event: RecordedEvent, to state: inout State) {}
    }

    @Test(arguments: [
        ([Impostor()] as [any Projection], "two read models are named 'vocabulary'"),
        ([WordsLearnedPerWeek(), WordsLearnedPerWeek(passing: .easy)], "two read models are named 'words-learned-per-week'"),
    ])
    func aTakenNameIsRefusedAndNothingIsCreated(models: [any Projection], message: String) async throws {
        let directory = try Self.temporaryDirectory() + "/store"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let error = await #expect(throws: StoreError.self) { try await Store.open(directory: directory, options: Self.options(models)) }
        #expect(error?.code == .invalidValue)
        #expect(error?.field == "readModels")
        #expect(error?.message.contains(message) == true, "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: directory))
    }

    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hindsight-app-model-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

/// The README's view-model example (``DueBadge``) follows a real store: its count is the
/// vocabulary's after each batch that touches it, and its loop ends when the store closes.
@Suite struct DueBadgeTests {
    @Test @MainActor func theBadgeFollowsTheStore() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hindsight-badge-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = try await Store.open(directory: dir, options: AppReadModelTests.options([]))
        let badge = DueBadge()
        let later = EventTime(instant: Timestamp(milliseconds: AppReadModelTests.tuesday + 30 * 86_400_000),
                              utcOffset: try UTCOffset(seconds: 0))
        let following = Task { @MainActor in await badge.follow(store, learner: AppReadModelTests.profile, now: { later }) }
        try await AppReadModelTests.study(store)
        try await store.close()
        await following.value
        let reopened = try await Store.open(directory: dir, options: AppReadModelTests.options([]))
        let expected = await reopened.vocabulary().dueCount(profile: AppReadModelTests.profile, at: later).due
        try await reopened.close()
        #expect(expected > 0)
        #expect(badge.due == expected)
    }
}
