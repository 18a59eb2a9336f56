import Foundation
import Testing
import TestSupport

/// `hindsight import`, end to end on the built binary: revlog and JSON Lines, repeat imports,
/// the demo store's export → import → export round trip, and the error paths.
@Suite struct ImportCommandTests {
    let cli = BuiltProducts.executable("hindsight")
    static let now = "2026-03-01T18:30:00Z"

    func run(_ arguments: [String], in directory: TemporaryDirectory) throws -> ProcessOutput {
        try ChildProcess.run(cli, arguments, environment: ["HINDSIGHT_DATA_DIR": directory.appending("store").path],
                             currentDirectory: directory.url)
    }

    func copyRevlog(to directory: TemporaryDirectory) throws {
        try FileManager.default.copyItem(at: Fixtures.url("fsrs-vectors/revlog.csv"), to: directory.appending("vectors.csv"))
    }

    @Test func aRevlogIsImportedOnceAndRepeatsAddNothing() throws {
        let dir = try TemporaryDirectory(prefix: "hindsight-import")
        defer { dir.remove() }
        try copyRevlog(to: dir)
        let first = try run(["import", "vectors.csv"], in: dir)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "imported 206 events at positions 1...206; 0 already present\n20 cards and 184 reviews in the file\n")
        let again = try run(["import", "vectors.csv", "--json"], in: dir)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout == #"{"added":0,"alreadyPresent":184,"cards":20,"format":"revlog","reviews":184}"# + "\n")
        // The deck is named after the file, the profile too (the store had none).
        let export = try run(["export", "--format", "jsonl", "--output", "out.jsonl"], in: dir)
        #expect(export.status == 0, "\(export.stderr)")
        let text = try String(contentsOf: dir.appending("out.jsonl"), encoding: .utf8)
        #expect(text.contains(#""personalData":{"name":"vectors"}"#))
        #expect(text.contains(#""name":"vectors","#) || text.contains(#""name":"vectors"}"#))
    }

    @Test func demoStoreRoundTripsThroughJSONLines() throws {
        let dir = try TemporaryDirectory(prefix: "hindsight-import")
        defer { dir.remove() }
        let source = dir.appending("source").path, target = dir.appending("target").path
        let demo = try run(["demo", "--data-dir", source, "--now", Self.now], in: dir)
        #expect(demo.status == 0, "\(demo.stderr)")
        let created = try #require(demo.stdout.split(separator: "\n").first { $0.hasPrefix("created a new demo store: ") })
        let events = try #require(Int(created.dropFirst("created a new demo store: ".count).prefix { $0.isNumber }))
        #expect(events > 1000)
        #expect(try run(["export", "--format", "jsonl", "--output", "a.jsonl", "--data-dir", source], in: dir).status == 0)
        let imported = try run(["import", "a.jsonl", "--data-dir", target], in: dir)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("imported \(events) events at positions 1...\(events); 0 already present"))
        let repeated = try run(["import", "a.jsonl", "--data-dir", target, "--json"], in: dir)
        #expect(repeated.stdout.contains(#""added":0,"alreadyPresent":\#(events)"#), "\(repeated.stdout)")
        #expect(try run(["export", "--format", "jsonl", "--output", "b.jsonl", "--data-dir", target], in: dir).status == 0)
        let a = try Data(contentsOf: dir.appending("a.jsonl")), b = try Data(contentsOf: dir.appending("b.jsonl"))
        #expect(a == b)
        #expect(String(decoding: a, as: UTF8.self).contains(#""personalData":{"name":"Alex"}"#))
        // Both stores closed at the same position: their read models' snapshots are the same bytes.
        let names = try FileManager.default.contentsOfDirectory(atPath: source + "/snapshots").sorted()
        #expect(names.count == 9)  // eight read models and the command ledger
        #expect(try FileManager.default.contentsOfDirectory(atPath: target + "/snapshots").sorted() == names)
        for name in names {
            #expect(FileManager.default.contents(atPath: source + "/snapshots/" + name)
                    == FileManager.default.contents(atPath: target + "/snapshots/" + name), "\(name)")
        }
        // And the imported store shows what the demo shows.
        let view = try run(["demo", "--data-dir", target, "--now", Self.now], in: dir)
        let original = try run(["demo", "--data-dir", source, "--now", Self.now], in: dir)
        let alex = "== Alex (A1E00000-0000-4000-8000-000000000001) =="
        #expect(view.stdout.contains(alex))
        // (The last line names each store's own report file.)
        #expect(view.stdout.replacingOccurrences(of: target, with: "STORE").components(separatedBy: alex).last
                == original.stdout.replacingOccurrences(of: source, with: "STORE").components(separatedBy: alex).last)
    }

    @Test func erasedNamesStayErasedThroughImportAndExport() throws {
        let dir = try TemporaryDirectory(prefix: "hindsight-import")
        defer { dir.remove() }
        let profile = "10000000-0000-4000-8000-000000000001"
        let reference = "20000000-0000-4000-8000-000000000002"
        let line = #"{"eventId":"30000000-0000-4000-8000-000000000003","occurredAt":1767225600000,"payload":{"isChild":true,"name":"\#(reference)","profile":"\#(profile)"},"personalData":{"name":"[erased]"},"position":1,"profileId":"\#(profile)","recordedAt":1767225600001,"schemaVersion":1,"streamCategory":"profile","streamId":"\#(profile)","streamVersion":1,"type":"profiles.profile-created","utcOffsetSeconds":0}"#
        try Data((line + "\n").utf8).write(to: dir.appending("forgotten.jsonl"))
        let imported = try run(["import", "forgotten.jsonl"], in: dir)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try run(["export", "--format", "jsonl", "--output", "out.jsonl"], in: dir).status == 0)
        #expect(try String(contentsOf: dir.appending("out.jsonl"), encoding: .utf8) == line + "\n")
        let stats = try run(["stats", "--now", Self.now], in: dir)
        #expect(stats.stdout.hasPrefix("== [erased] (\(profile)) =="), "\(stats.stdout)")
    }

    @Test func rebuildApplyRecordsThroughTheStoresCommands() throws {
        let dir = try TemporaryDirectory(prefix: "hindsight-import")
        defer { dir.remove() }
        try copyRevlog(to: dir)
        #expect(try run(["import", "vectors.csv"], in: dir).status == 0)
        let applied = try run(["rebuild", "--parameters", "fsrs5", "--desired-retention", "0.85", "--apply", "--json"], in: dir)
        #expect(applied.status == 0, "\(applied.stderr)")
        #expect(applied.stdout.contains(#""applied":[207,208]"#), "\(applied.stdout)")
        let tail = try run(["tail", "--from", "207", "--limit", "2"], in: dir)
        #expect(tail.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true)[2] }
                == ["settings.scheduler-parameters-changed", "settings.desired-retention-changed"])
    }

    @Test(arguments: [
        (["import"], Int32(2), "missing FILE"),
        (["import", "notes.txt"], 2, "cannot tell the format of 'notes.txt' from its extension"),
        (["import", "vectors.csv", "--format", "xml"], 2, "option --format expects revlog or jsonl, got 'xml'"),
        (["import", "vectors.csv", "--utc-offset-minutes", "5000"], 2, "option --utc-offset-minutes expects minutes in -1080 … 1080, got '5000'"),
        (["import", "vectors.csv", "--day-start-hour", "24"], 2, "option --day-start-hour expects an hour in 0 … 23, got '24'"),
        (["import", "vectors.csv", "--profile", "alex"], 2, "option --profile expects a profile UUID, got 'alex'"),
        (["import", "a.jsonl", "--day-start-hour", "3"], 2, "--profile and --day-start-hour apply to revlog imports"),
        (["import", "missing.csv"], 1, "there is no file to import here; check the path"),
        (["import", "vectors.csv", "--bogus"], 2, "unknown option --bogus"),
    ])
    func usageAndRunErrorsGoToStderr(arguments: [String], status: Int32, message: String) throws {
        let dir = try TemporaryDirectory(prefix: "hindsight-import")
        defer { dir.remove() }
        try copyRevlog(to: dir)
        let result = try run(arguments, in: dir)
        #expect(result.status == status)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func aBadLineIsRejectedWithItsNumberAndTheLogIsUnchanged() throws {
        let dir = try TemporaryDirectory(prefix: "hindsight-import")
        defer { dir.remove() }
        try copyRevlog(to: dir)
        #expect(try run(["import", "vectors.csv"], in: dir).status == 0)
        let log = dir.appending("store/log/00000000000000000001.log")
        let before = try Data(contentsOf: log)
        // Every row of card 5 (lines 8 …) gets a bad review_time; a good new card follows at the end.
        // (The fixture ends its lines in CRLF, one Character in Swift: split on the scalars.)
        let original = try String(contentsOf: dir.appending("vectors.csv"), encoding: .utf8)
        var lines = original.unicodeScalars.split(separator: "\n").map { String(String.UnicodeScalarView($0)) }
        lines = lines.map { $0.hasPrefix("5,") ? "5,x" + $0.dropFirst(2) : $0 }
        lines.append("99,1709625645000,3,0,100")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: dir.appending("bad.csv"))
        let result = try run(["import", "bad.csv", "--deck", "more"], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: line 8: review_time 'x1704528047000' is not an integer"), "\(result.stderr)")
        #expect(result.stderr.contains("nothing was imported"))
        #expect(try Data(contentsOf: log) == before)
        try Data("{}\n".utf8).write(to: dir.appending("bad.jsonl"))
        let json = try run(["import", "bad.jsonl"], in: dir)
        #expect(json.status == 1)
        #expect(json.stderr.hasPrefix("error: line 1: not an exported event: "), "\(json.stderr)")
        #expect(try Data(contentsOf: log) == before)
    }
}
