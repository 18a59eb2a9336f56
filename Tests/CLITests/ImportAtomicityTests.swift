import Foundation
import Testing
import TestSupport

/// A streamed import is all or nothing, end to end on the built binary: a real `hindsight import`
/// process killed with SIGKILL at seeded random moments leaves a store that verifies clean and
/// holds none or all of the file; a bad last line of a large file leaves the log byte for byte as
/// it was.
@Suite(.serialized) struct ImportAtomicityTests {
    static let cli = BuiltProducts.executable("hindsight")

    /// A JSON Lines export large enough for an import to take a while, made once per test run:
    /// a generated revlog (cards reviewed day after day) imported into a store and exported.
    struct LargeExport: Sendable {
        let directory: TemporaryDirectory
        var path: String { directory.appending("large.jsonl").path }
        let lines: [Substring]
    }

    static let cards = 600, reviewsPerCard = 20

    static let large: Result<LargeExport, any Error> = Result {
        let directory = try TemporaryDirectory(prefix: "hindsight-import-atomic")
        atexit { try? ImportAtomicityTests.large.get().directory.remove() }
        var csv = "card_id,review_time,review_rating,review_state,review_duration\n"
        let start: Int64 = 1_704_067_200_000  // 2024-01-01
        for card in 1...cards {
            for review in 0..<reviewsPerCard {
                let time = start + Int64(review) * 86_400_000 + Int64(card) * 1000
                csv += "\(card),\(time),\(review % 7 == 3 ? 1 : 3),\(review == 0 ? 0 : 2),\(4000 + card % 900)\n"
            }
        }
        try csv.write(to: directory.appending("large.csv"), atomically: true, encoding: .utf8)
        let source = directory.appending("source").path
        let imported = try ChildProcess.run(cli, ["import", directory.appending("large.csv").path, "--data-dir", source])
        guard imported.status == 0 else { throw SkipReason("the revlog import failed: \(imported.stderr)") }
        let exported = try ChildProcess.run(cli, ["export", "--format", "jsonl", "--output", directory.appending("large.jsonl").path,
                                                  "--data-dir", source])
        guard exported.status == 0 else { throw SkipReason("the export failed: \(exported.stderr)") }
        let text = try String(contentsOf: directory.appending("large.jsonl"), encoding: .utf8)
        return LargeExport(directory: directory, lines: text.split(separator: "\n"))
    }

    /// The events the store at `store` holds (its JSON Lines export's lines), after checking that
    /// `verify` finds no damage.
    static func verifiedEvents(_ store: String, scratch: TemporaryDirectory) throws -> [Substring] {
        guard FileManager.default.fileExists(atPath: store + "/log") else { return [] }  // killed before the store existed
        let verify = try ChildProcess.run(cli, ["verify", "--data-dir", store])
        #expect(verify.status == 0, "verify: \(verify.stdout) \(verify.stderr)")
        let output = scratch.appending("check.jsonl").path
        try? FileManager.default.removeItem(atPath: output)
        let export = try ChildProcess.run(cli, ["export", "--format", "jsonl", "--output", output, "--data-dir", store])
        if export.stderr.contains("export.empty-log") { return [] }
        #expect(export.status == 0, "export: \(export.stderr)")
        return try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
    }

    /// The bytes of every file of the store's log (segments, indexes, seals), by name.
    static func logFiles(_ store: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: store)
        while let name = enumerator?.nextObject() as? String {
            guard [".log", ".idx", ".seal"].contains(where: name.hasSuffix) else { continue }
            files[name] = try Data(contentsOf: URL(fileURLWithPath: store + "/" + name))
        }
        return files
    }

    @Test func anImportKilledAtAnyMomentLeavesNothingOrEverything() throws {
        let large = try Self.large.get()
        let scratch = try TemporaryDirectory(prefix: "hindsight-import-kill")
        defer { scratch.remove() }
        // How long a whole import takes here: the kills fall within it.
        let started = Date()
        let whole = try ChildProcess.run(Self.cli, ["import", large.path, "--data-dir", scratch.appending("whole").path])
        let duration = Date().timeIntervalSince(started)
        #expect(whole.status == 0, "\(whole.stderr)")
        #expect(try Self.verifiedEvents(scratch.appending("whole").path, scratch: scratch) == large.lines)
        var rng = SplitMix64(seed: 0x0A70_3C11)
        var outcomes: [Bool] = []
        for kill in 0..<20 {
            let store = scratch.appending("store-\(kill)").path
            let process = Process()
            process.executableURL = Self.cli
            process.arguments = ["import", large.path, "--data-dir", store]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: Double.random(in: 0.05...max(0.1, duration * 1.1), using: &rng))
            Foundation.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let events = try Self.verifiedEvents(store, scratch: scratch)
            #expect(events.isEmpty || events == large.lines, "kill \(kill): the store holds \(events.count) of \(large.lines.count) events")
            outcomes.append(!events.isEmpty)
            if kill % 5 == 4 {
                // The killed store takes the import again, whole (recovery cut whatever was staged).
                let again = try ChildProcess.run(Self.cli, ["import", large.path, "--data-dir", store])
                #expect(again.status == 0, "\(again.stderr)")
                #expect(try Self.verifiedEvents(store, scratch: scratch) == large.lines)
            }
            try? FileManager.default.removeItem(atPath: store)
        }
        #expect(outcomes.contains(false), "no kill fell before the commit: the file is too small to test anything")
    }

    @Test func aBadLastLineLeavesTheLogByteForByte() throws {
        let large = try Self.large.get()
        let scratch = try TemporaryDirectory(prefix: "hindsight-import-bad")
        defer { scratch.remove() }
        let store = scratch.appending("store").path
        // The store already holds the first half of the file; the import would add the rest.
        let half = large.lines.count / 2
        try (large.lines[..<half].joined(separator: "\n") + "\n").write(to: scratch.appending("half.jsonl"), atomically: true, encoding: .utf8)
        #expect(try ChildProcess.run(Self.cli, ["import", scratch.appending("half.jsonl").path, "--data-dir", store]).status == 0)
        let before = try Self.logFiles(store)
        #expect(!before.isEmpty)
        let bad = large.lines.joined(separator: "\n") + "\n{\"eventId\": \"not an event\"}\n"
        try bad.write(to: scratch.appending("bad.jsonl"), atomically: true, encoding: .utf8)
        let refused = try ChildProcess.run(Self.cli, ["import", scratch.appending("bad.jsonl").path, "--data-dir", store])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("line \(large.lines.count + 1): not an exported event"), "\(refused.stderr)")
        #expect(refused.stderr.contains("nothing was imported"), "\(refused.stderr)")
        #expect(try Self.logFiles(store) == before)
        #expect(try Self.verifiedEvents(store, scratch: scratch) == Array(large.lines[..<half]))
    }
}
