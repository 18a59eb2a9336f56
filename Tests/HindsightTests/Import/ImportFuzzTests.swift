import Foundation
import Projections
import Testing
import TestSupport
@testable import Hindsight
import FSRS

/// Fuzzing of the two import formats: revlog CSV (``RevlogCSV`` and ``RevlogImportPlan``) and
/// JSON Lines (``JSONLinesImportPlan``), from valid files damaged by ``Mutator`` (bytes, extreme
/// numbers, invalid UTF-8, splices of two files). Each damaged file either plans an import or is
/// refused with an ``ImportError`` naming its line; and through a real store, a refused import
/// appends nothing and a planned one is all there after reopening.
@Suite struct ImportFuzzTests {
    /// A revlog of `rows` seeded rows: a few cards, times in order and not, every rating and state.
    static func revlog(seed: UInt64, rows: Int) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        var text = RevlogCSV.header + (seed % 3 == 0 ? "\r\n" : "\n")
        var time: Int64 = 1_704_700_000_000 + Int64(random.next() % 1_000_000)
        for _ in 0..<rows {
            time += Int64(random.next() % 200_000_000)
            text += "\(1 + random.next() % 6),\(time),\(random.next() % 5),\(random.next() % 6),\(random.next() % 60_000)\n"
        }
        return Array(text.utf8)
    }

    /// What a revlog plan made: its events, cards and reviews.
    struct PlanOutput {
        var events: [ImportedEvent]
        var cards: Int
        var reviews: Int
    }

    /// The plan of `text` on an empty store (every event it makes), or the error that refuses it.
    static func planRevlog(_ text: String, on vocabulary: VocabularyState) -> Result<PlanOutput, ImportError> {
        Result { () throws(ImportError) in
            let rows: [RevlogRow]
            do throws(RevlogError) { rows = try RevlogCSV.parse(text) } catch { throw ImportError(error, path: "fuzz.csv") }
            let plan = RevlogImportPlan(options: RevlogImportOptions(profile: Ids.profile(1), deckName: "fuzz", utcOffsetMinutes: 60),
                                        path: "fuzz.csv", profiles: ProfilesProjection().makeInitialState(),
                                        vocabulary: vocabulary,
                                        ledger: CommandLedger())
            var scan = try RevlogScan.scan(rows: rows, path: "fuzz.csv", runLength: 5)
            var source = try plan.events(&scan)
            var events: [ImportedEvent] = []
            while let event = try source.next() { events.append(event) }
            return PlanOutput(events: events, cards: source.cards, reviews: source.reviews)
        }
    }

    @Test func mutatedRevlogsPlanOrNameTheirLine() throws {
        let count = TestScale.cases(short: 1500, long: 1_000_000)
        let files = (0..<4 as Range<UInt64>).map { Self.revlog(seed: $0, rows: 3 + Int($0) * 4) }
        let empty = VocabularyProjection(configuration: try SchedulerConfiguration(), dailyNewCardLimit: 20).makeInitialState()
        var tally = FuzzTally()
        for seed in 0..<UInt64(count) {
            var mutator = Mutator(seed: seed)
            let damaged = mutator.mutateText(files[mutator.below(files.count)], splicingWith: files[mutator.below(files.count)])
            let text = String(decoding: damaged, as: UTF8.self)
            let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
            switch Self.planRevlog(text, on: empty) {
            case .success(let output):
                tally.noteDecoded()
                // Every row is kept: a card comes from at least one row, which may be a manual one.
                #expect(output.reviews <= lines && output.cards <= lines)
                #expect(output.events.allSatisfy { $0.line >= 1 && $0.line <= lines }, "seed \(seed)")
            case .failure(let error):
                tally.noteRefused(error.code.rawValue)
                #expect(error.path == "fuzz.csv" && !error.message.isEmpty)
                if error.code == .badRevlogLine {
                    #expect(error.line.map { $0 >= 1 && $0 <= lines } == true, "seed \(seed): \(error) names no line of the file")
                }
            }
        }
        tally.report("RevlogCSV + RevlogImportPlan")
        #expect(tally.decoded > 0 && tally.refused["import.bad-revlog-line", default: 0] > 0)
    }

    /// Revlogs the long run's imports made extreme: a review at `Int64.max` or `Int64.min` ms
    /// once crashed the vocabulary fold (a precondition on the card's local day) after the import
    /// was appended; it is refused, and nothing is appended.
    @Test(arguments: ["9223372036854775807", "-9223372036854775808", "-1", "99999999999999999"])
    func extremeReviewTimesAreRefusedOrImportedWhole(time: String) async throws {
        let f = try await StoreFixture()
        let text = RevlogCSV.header + "\n1,1704700000000,3,0,5000\n1,\(time),3,1,5000\n"
        do {
            let result = try await f.store.importRevlog(text, options: RevlogImportOptions(profile: Ids.profile(1), deckName: "fuzz"))
            #expect(await f.store.lastPosition() == UInt64(result.added))
        } catch {
            let last = await f.store.lastPosition()
            #expect(error.line == 3 && last == 0, "\(error)")
        }
        try await f.store.close()
    }

    /// A revlog duration over a day (the long fuzz run's `Int64.max` overflowed the daily time
    /// sums and crashed the activity fold) is refused naming its line, and nothing is appended;
    /// a day exactly is imported.
    @Test(arguments: [("9223372036854775807", false), ("86400001", false), ("86400000", true)])
    func reviewDurationsAreBoundedToADay(duration: String, accepted: Bool) async throws {
        let f = try await StoreFixture()
        let text = RevlogCSV.header + "\n1,1704700000000,3,0,5000\n1,1704800000000,3,1,\(duration)\n"
        do {
            let result = try await f.store.importRevlog(text, options: RevlogImportOptions(profile: Ids.profile(1), deckName: "fuzz"))
            #expect(accepted)
            #expect(await f.store.lastPosition() == UInt64(result.added))
            let totals = await f.store.dailyStats().totals(profile: Ids.profile(1), from: 19_000, through: 21_000)
            #expect(totals.reviewTimeMs == 5000 + 86_400_000)
        } catch {
            #expect(!accepted)
            #expect(error.line == 3 && error.message.contains("longer than a day"), "\(error)")
            #expect(await f.store.lastPosition() == 0)
        }
        try await f.store.close()
    }

    /// An import file with invalid UTF-8 on its third line is refused naming that line and the
    /// byte (it was read with U+FFFD in place of the bytes, so a name changed silently).
    @Test(arguments: Mutator.invalidUTF8Sequences)
    func invalidUTF8IsRefusedNamingItsLine(sequence: [UInt8]) throws {
        let directory = try TemporaryDirectory(prefix: "hindsight-import-utf8")
        defer { directory.remove() }
        let valid = Self.revlog(seed: 1, rows: 4)
        let lineStarts = valid.indices.filter { $0 == 0 || valid[$0 - 1] == UInt8(ascii: "\n") }
        let at = lineStarts[2] + 2
        let path = directory.path + "/bad.csv"
        try Data(Array(valid[..<at]) + sequence + Array(valid[at...])).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: ImportError.self) { try Store.importText(at: path) }
        #expect(error.code == .unreadableFile && error.line == 3 && error.path == path, "\(error)")
        #expect(error.message.contains("not valid UTF-8 at byte offset \(at)"), "\(error)")
    }

    /// Damaged bytes read as an import file: the exact bytes as text, or refused naming a line.
    @Test func importTextIsExactOrRefused() throws {
        let count = TestScale.cases(short: 200, long: 100_000)
        let directory = try TemporaryDirectory(prefix: "hindsight-import-text")
        defer { directory.remove() }
        let path = directory.path + "/fuzz.txt"
        var tally = FuzzTally()
        for seed in 0..<UInt64(count) {
            var mutator = Mutator(seed: seed)
            let damaged = mutator.mutateText(Self.revlog(seed: seed % 5, rows: 5))
            try Data(damaged).write(to: URL(fileURLWithPath: path))
            do {
                let text = try Store.importText(at: path)
                tally.noteDecoded()
                #expect(Array(text.utf8) == damaged, "seed \(seed): the text read is not the file's bytes")
            } catch {
                tally.noteRefused(error.code.rawValue)
                let lines = damaged.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
                #expect(error.code == .unreadableFile && error.line.map { $0 >= 1 && $0 <= lines } == true, "seed \(seed): \(error)")
            }
        }
        tally.report("import file text")
        #expect(tally.decoded > 0 && tally.refused["import.unreadable-file", default: 0] > 0)
    }

    /// The JSON Lines export of the import history (30 lines).
    static func exportedLines() async throws -> [[UInt8]] {
        let source = try await StoreFixture()
        try await ImportHistory.write(into: source)
        try await source.store.close()
        return try ImportHistory.export(source.directory.path, to: source.directory.path + "/a.jsonl").map { Array($0.utf8) }
    }

    /// A file of `count` lines picked from `lines` in order from `start`.
    static func file(_ lines: [[UInt8]], start: Int, count: Int) -> [UInt8] {
        Array((0..<count).map { lines[(start + $0) % lines.count] }.joined(separator: [UInt8(ascii: "\n")]))
    }

    @Test func mutatedJSONLinesPlanOrNameTheirLine() async throws {
        let count = TestScale.cases(short: 800, long: 1_000_000)
        let lines = try await Self.exportedLines()
        try #require(lines.count == 35)   // with the child's default parental controls
        var tally = FuzzTally()
        for seed in 0..<UInt64(count) {
            var mutator = Mutator(seed: seed)
            let valid = Self.file(lines, start: mutator.below(lines.count), count: 1 + mutator.below(4))
            let damaged = mutator.mutateText(valid, splicingWith: Self.file(lines, start: mutator.below(lines.count), count: 2))
            let text = String(decoding: damaged, as: UTF8.self)
            let lineCount = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
            do {
                let batch = try JSONLinesImportPlan.batch(text, path: "fuzz.jsonl")
                tally.noteDecoded()
                #expect(batch.events.allSatisfy { $0.line >= 1 && $0.line <= lineCount })
            } catch {
                tally.noteRefused(error.code.rawValue)
                #expect(error.code == .badJSONLine && error.path == "fuzz.jsonl", "seed \(seed): \(error)")
                #expect(error.line.map { $0 >= 1 && $0 <= lineCount } == true, "seed \(seed): \(error) names no line of the file")
            }
        }
        tally.report("JSONLinesImportPlan")
        #expect(tally.decoded > 0 && tally.refused["import.bad-json-line", default: 0] > 0)
    }

    /// 100,000 nested arrays on a line are refused naming the line (no stack overflow).
    @Test func deeplyNestedLineIsRefused() async throws {
        let text = String(decoding: try await Self.exportedLines()[0] + [UInt8(ascii: "\n")] + Mutator.nestedJSONArrays(depth: 100_000), as: UTF8.self)
        let error = try #require(throws: ImportError.self) { try JSONLinesImportPlan.batch(text, path: "deep.jsonl") }
        #expect(error.code == .badJSONLine && error.line == 2, "\(error)")
    }

    /// Damaged files imported into real stores: a refused import appends nothing, an accepted
    /// one is all in the log after reopening.
    @Test func mutatedImportsIntoAStoreAreAllOrNothing() async throws {
        let count = TestScale.cases(short: 24, long: 5000)
        let revlogs = (0..<3 as Range<UInt64>).map { Self.revlog(seed: $0, rows: 6) }
        let lines = try await Self.exportedLines()
        var outcomes = FuzzTally()
        for seed in 0..<UInt64(count) {
            var mutator = Mutator(seed: seed)
            let f = try await StoreFixture()
            try await f.send(Ids.profile(9), StoreFixture.time(), .profiles(.create(name: "Before", isChild: false)))
            let before = await f.store.lastPosition()
            let result: Result<ImportResult, ImportError>
            if seed % 2 == 0 {
                // Mostly one number made extreme (the file stays well-formed, so the import runs
                // and the read models fold it); sometimes any damage.
                let revlog = revlogs[mutator.below(revlogs.count)]
                let damaged = seed % 4 == 0 ? mutator.mutateText(revlog) : mutator.replacingNumber(in: revlog)
                let text = String(decoding: damaged, as: UTF8.self)
                do {
                    result = .success(try await f.store.importRevlog(text, options: RevlogImportOptions(profile: Ids.profile(1), deckName: "fuzz")))
                } catch { result = .failure(error) }
            } else {
                let file = Self.file(lines, start: 0, count: lines.count)
                let damaged = seed % 4 == 1 ? mutator.mutateText(file) : mutator.replacingNumber(in: file)
                let text = String(decoding: damaged, as: UTF8.self)
                do { result = .success(try await f.store.importJSONLines(text)) } catch { result = .failure(error) }
            }
            let after = await f.store.lastPosition()
            try await f.reopen()
            #expect(await f.store.lastPosition() == after, "seed \(seed): the import did not survive a reopen whole")
            switch result {
            case .success(let imported):
                outcomes.noteDecoded()
                #expect(after == before + UInt64(imported.added), "seed \(seed)")
            case .failure(let error):
                outcomes.noteRefused(error.code.rawValue)
                #expect(after == before, "seed \(seed): a refused import appended \(after - before) events: \(error)")
            }
            try await f.store.close()
        }
        outcomes.report("imports into a store")
        #expect(outcomes.total == count)
    }
}
