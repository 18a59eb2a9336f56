import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// Imports streamed in bounded memory give exactly what a whole-file import gives: a revlog
/// sorted through the temporary file (runs smaller than the file) writes the same log as one
/// sorted in memory; repeated imports add nothing; an id repeated far apart in a file (chunks
/// apart, present or new) is refused by line.
@Suite struct StreamedImportTests {
    static let profile = Ids.profile(11)
    static let options = RevlogImportOptions(profile: profile, deckName: "streamed", utcOffsetMinutes: 60, dayCutoffHour: 4)

    /// A seeded revlog of most kinds of row: 40 cards, times on a coarse grid (so rows of a card,
    /// and of several cards, share a time), learning runs (and the resets a run after reviews
    /// implies), reviews, cram, due dates set, rating 0 rows; rows in no particular order. No
    /// manual resets (state 5): one of a card already new is refused (the Anki fixture has them).
    static func randomRevlog(seed: UInt64, rows: Int) -> String {
        var random = SplitMix64(seed: seed)
        var text = "card_id,review_time,review_rating,review_state,review_duration\n"
        for _ in 0..<rows {
            let card = 1_600_000_000_000 + Int64.random(in: 0..<40, using: &random)
            let time = 1_704_700_800_000 + Int64.random(in: 0..<300, using: &random) * 3_600_000
            let state = [0, 1, 2, 3, 4, 6][Int.random(in: 0..<6, using: &random)]
            let rating = Int.random(in: 0..<10, using: &random) == 0 ? 0 : Int.random(in: 1...4, using: &random)
            text += "\(card),\(time),\(rating),\(state),\(Int.random(in: 0...90_000, using: &random))\n"
        }
        return text
    }

    @Test(arguments: [(UInt64(1), 1), (2, 7), (3, 64), (4, 1_000_000)])
    func aRevlogSortedThroughTheTemporaryFileWritesTheSameLog(seed: UInt64, runLength: Int) async throws {
        let text = Self.randomRevlog(seed: seed, rows: 600)
        let whole = try await StoreFixture()
        let expected = try await whole.store.importRevlog(text, options: Self.options, path: "r.csv")
        let streamed = try await StoreFixture()
        let file = streamed.directory.path + "/r.csv"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let result = try await streamed.store.importRevlog(file: file, options: Self.options, path: "r.csv", sortRunLength: runLength)
        #expect(result == expected)
        #expect(result.added > 600)
        try await whole.store.close()
        try await streamed.store.close()
        #expect(try streamed.logBytes() == whole.logBytes())
    }

    @Test func theAnkiFixtureStreamedInSmallRunsWritesTheSameLog() async throws {
        let text = try String(contentsOf: Fixtures.url("anki-revlog/revlog.csv"), encoding: .utf8)
        let whole = try await StoreFixture()
        let expected = try await whole.store.importRevlog(text, options: Self.options)
        let streamed = try await StoreFixture()
        let result = try await streamed.store.importRevlog(file: Fixtures.url("anki-revlog/revlog.csv").path, options: Self.options,
                                                           path: nil, sortRunLength: 13)
        #expect(result == expected)
        let (position, stats) = (await whole.store.lastPosition(), await whole.store.dailyStats())
        #expect(await streamed.store.lastPosition() == position)
        #expect(await streamed.store.dailyStats() == stats)
        try await whole.store.close()
        try await streamed.store.close()
        #expect(try streamed.logBytes() == whole.logBytes())
    }

    /// The Anki fixture with its columns in another order, a column of another tool among them
    /// (quoted, with a comma) and its card ids quoted, streamed, writes the log the file in the
    /// canonical layout writes.
    @Test func theAnkiFixtureInAnotherLayoutWritesTheSameLog() async throws {
        let text = try String(contentsOf: Fixtures.url("anki-revlog/revlog.csv"), encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "card_id,review_time,review_rating,review_state,review_duration")
        lines[0] = "review_state,note,card_id,review_duration,review_rating,review_time"
        for index in lines.indices.dropFirst() where !lines[index].isEmpty {
            let f = lines[index].split(separator: ",").map(String.init)
            lines[index] = "\(f[3]),\"n, \(index)\",\"\(f[0])\",\(f[4]),\(f[2]),\(f[1])"
        }
        let canonical = try await StoreFixture()
        let expected = try await canonical.store.importRevlog(file: Fixtures.url("anki-revlog/revlog.csv").path, options: Self.options)
        let other = try await StoreFixture()
        let file = other.directory.path + "/other.csv"
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: file))
        let result = try await other.store.importRevlog(file: file, options: Self.options, path: nil, sortRunLength: 13)
        #expect(result == expected)
        #expect(result.reviews > 100)
        try await canonical.store.close()
        try await other.store.close()
        #expect(try other.logBytes() == canonical.logBytes())
    }

    @Test func aRepeatedStreamedRevlogImportAddsNothing() async throws {
        let f = try await StoreFixture()
        let file = f.directory.path + "/r.csv"
        try Data(Self.randomRevlog(seed: 9, rows: 900).utf8).write(to: URL(fileURLWithPath: file))
        let first = try await f.store.importRevlog(file: file, options: Self.options, path: nil, sortRunLength: 50)
        let end = await f.store.lastPosition()
        let again = try await f.store.importRevlog(file: file, options: Self.options, path: nil, sortRunLength: 50)
        #expect(again.added == 0)
        #expect(again.positions == nil)
        // The profile, the deck and the cards exist: only the rows' events are made again (the
        // cut-off hour 4 is the default, so none is recorded).
        #expect(again.alreadyPresent == first.added - 2 - first.cards)
        #expect(await f.store.lastPosition() == end)
    }

    /// A JSON Lines export of more than `chunks` chunks of events (a revlog import's store).
    static func bigExport(chunks: Int = 2) async throws -> (lines: [String], source: StoreFixture) {
        let source = try await StoreFixture()
        var text = "card_id,review_time,review_rating,review_state,review_duration\n"
        for row in 0..<(Store.importChunk * chunks + 500) {
            text += "\(row / 10),\(1_704_700_800_000 + Int64(row % 10) * 86_400_000 + Int64(row / 10) * 1000),3,\(row % 10 == 0 ? 0 : 2),900\n"
        }
        _ = try await source.store.importRevlog(text, options: options)
        try await source.store.close()
        let lines = try ImportHistory.export(source.directory.path, to: source.directory.path + "/a.jsonl")
        return (lines, source)
    }

    /// A repeat of an id staged `chunksBack` chunks before the last: in a chunk whose staging may
    /// still be in flight (1, 2) or settled (3, 4); the import is refused by the repeat's line.
    @Test(arguments: [1, 2, 3, 4])
    func anIDStagedChunksBeforeIsRefusedByLine(chunksBack: Int) async throws {
        let (lines, source) = try await Self.bigExport(chunks: 5)
        let lastChunk = lines.count / Store.importChunk  // the repeat, appended, falls in it
        #expect(lastChunk >= 5)
        let repeated = (lastChunk - chunksBack) * Store.importChunk + 5
        let file = source.directory.path + "/dup.jsonl"
        try Data((lines + [lines[repeated]]).joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: file))
        let target = try await StoreFixture()
        let error = await #expect(throws: ImportError.self) { try await target.store.importJSONLines(file: file) }
        #expect(error?.code == .duplicateEvent)
        #expect(error?.line == lines.count + 1)
        #expect(await target.store.lastPosition() == 0)
        // Without the repeat, the same file imports whole.
        let whole = source.directory.path + "/whole.jsonl"
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: whole))
        #expect(try await target.store.importJSONLines(file: whole).added == lines.count)
    }

    @Test func anIDRepeatedChunksApartIsRefusedByLine() async throws {
        let (lines, source) = try await Self.bigExport()
        #expect(lines.count > Store.importChunk * 2)
        let file = source.directory.path + "/dup.jsonl"
        // Line 3's event again at the end: new in the target, staged two chunks before.
        try Data((lines + [lines[2]]).joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: file))
        let target = try await StoreFixture()
        let error = await #expect(throws: ImportError.self) { try await target.store.importJSONLines(file: file) }
        #expect(error?.code == .duplicateEvent)
        #expect(error?.line == lines.count + 1)
        #expect(await target.store.lastPosition() == 0)

        // The same file into a store that holds its events: line 3's event is present, and given twice.
        let holder = try await StoreFixture()
        let once = source.directory.path + "/once.jsonl"
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: once))
        _ = try await holder.store.importJSONLines(file: once)
        let end = await holder.store.lastPosition()
        let again = try await holder.store.importJSONLines(file: once)
        #expect(again.added == 0)
        #expect(again.alreadyPresent == lines.count)
        let present = await #expect(throws: ImportError.self) { try await holder.store.importJSONLines(file: file) }
        #expect(present?.code == .duplicateEvent)
        #expect(present?.line == lines.count + 1)
        #expect(await holder.store.lastPosition() == end)
    }
}
