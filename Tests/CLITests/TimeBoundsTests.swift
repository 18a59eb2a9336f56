import Foundation
import Testing
import TestSupport

/// Defect 9: every event time lies in 1970-01-01T00:00:00Z … 9999-12-31T23:59:59.999Z; a time
/// outside is refused where it enters (imports name the line and the value; options name the
/// option), and nothing is imported.
@Suite struct TimeBoundsTests {
    let cli = BuiltProducts.executable("hindsight")
    static let range = "1970-01-01T00:00:00Z … 9999-12-31T23:59:59.999Z (0 … 253402300799999 ms since 1970)"

    @Test(arguments: [
        (Int64(-5), false), (-1, false), (0, true), (1_772_010_000_000, true),
        (253_402_300_799_999, true), (253_402_300_800_000, false), (99_999_999_999_999_999, false),
    ])
    func revlogReviewTimes(reviewTime: Int64, accepted: Bool) throws {
        let dir = try TemporaryDirectory(prefix: "hindsight-time")
        defer { dir.remove() }
        let revlog = "card_id,review_time,review_rating,review_state,review_duration\n7,1772010000000,3,0,1000\n9,\(reviewTime),3,0,1000\n"
        try Data(revlog.utf8).write(to: dir.appending("r.csv"))
        let result = try ChildProcess.run(cli, ["import", "r.csv", "--data-dir", "store", "--profile", SmallStore.profile],
                                          currentDirectory: dir.url)
        if accepted {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try events(in: dir) > 0)
        } else {
            #expect(result.status == 1)
            #expect(result.stderr.contains("line 3: review_time \(reviewTime) is outside \(Self.range); fix or remove the row"),
                    "\(result.stderr)")
            #expect(result.stderr.contains("nothing was imported"))
            #expect(try events(in: dir) == 0)
        }
    }

    @Test(arguments: [
        ("occurredAt", Int64(-99_999_999_999_999_999), false), ("occurredAt", -1, false), ("occurredAt", 0, true),
        ("occurredAt", 253_402_300_799_999, true), ("occurredAt", 253_402_300_800_000, false),
        ("recordedAt", -1, false), ("recordedAt", 253_402_300_800_000, false), ("recordedAt", 0, true),
    ])
    func jsonLinesTimes(field: String, value: Int64, accepted: Bool) throws {
        let dir = try SmallStore.make(cli)
        defer { dir.remove() }
        let export = try SmallStore.run(cli, ["export", "--format", "jsonl", "--output", "all.jsonl"], in: dir)
        #expect(export.status == 0, "\(export.stderr)")
        var lines = try String(contentsOf: dir.appending("all.jsonl"), encoding: .utf8).split(separator: "\n").map(String.init)
        let pattern = try Regex("\"\(field)\":-?[0-9]+")
        lines[0] = lines[0].replacing(pattern, with: "\"\(field)\":\(value)", maxReplacements: 1)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: dir.appending("edited.jsonl"))
        let result = try ChildProcess.run(cli, ["import", "edited.jsonl", "--data-dir", "fresh"], currentDirectory: dir.url)
        if accepted {
            #expect(result.status == 0, "\(result.stderr)")
        } else {
            #expect(result.status == 1)
            #expect(result.stderr.contains("line 1: \(field) \(value) is outside \(Self.range); fix or remove the line"),
                    "\(result.stderr)")
            #expect(result.stderr.contains("nothing was imported"))
        }
    }

    @Test(arguments: [
        (["stats", "--now", "1969-12-31T23:59:59Z"], "now", "1969-12-31T23:59:59Z"),
        (["due", "--now", "9999-12-31T23:59:59-01:00"], "now", "9999-12-31T23:59:59-01:00"),
        (["demo", "--now", "1969-12-31T23:59:59Z"], "now", "1969-12-31T23:59:59Z"),
        (["export", "--format", "jsonl", "--output", "x.jsonl", "--since", "1969-12-31"], "since", "1969-12-31"),
        (["export", "--format", "jsonl", "--output", "x.jsonl", "--until", "0001-01-01T00:00:00Z"], "until", "0001-01-01T00:00:00Z"),
        (["audit", "card", "00000000-0000-0000-0000-000000000001", "--as-of", "1969-12-31T00:00:00Z"], "as-of", "1969-12-31T00:00:00Z"),
        (["rebuild", "--parameters", "fsrs6", "--as-of", "9999-12-31T23:00:00-02:00"], "as-of", "9999-12-31T23:00:00-02:00"),
    ])
    func optionsOutsideTheRangeAreUsageErrors(arguments: [String], option: String, text: String) throws {
        let dir = try SmallStore.make(cli)
        defer { dir.remove() }
        let before = try DirectoryTree.snapshot(dir.url)
        let result = try SmallStore.run(cli, arguments, in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: option --\(option) got '\(text)', which is outside \(Self.range); give a time in that range"),
                "\(result.stderr)")
        #expect(try DirectoryTree.snapshot(dir.url) == before)
    }

    @Test(arguments: [
        ["stats", "--now", "1970-01-01T00:00:00Z"],
        ["due", "--now", "9999-12-31T23:59:59Z"],
        ["export", "--format", "jsonl", "--output", "x.jsonl", "--since", "1970-01-01", "--until", "9999-12-31T23:59:59Z"],
    ])
    func optionsAtTheEndsOfTheRangeAreAccepted(arguments: [String]) throws {
        let dir = try SmallStore.make(cli)
        defer { dir.remove() }
        let result = try SmallStore.run(cli, arguments, in: dir)
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// The number of records in the store of `dir`, by `verify`.
    private func events(in dir: TemporaryDirectory) throws -> Int {
        guard FileManager.default.fileExists(atPath: dir.appending("store/log").path) else { return 0 }
        let result = try ChildProcess.run(cli, ["verify", "--data-dir", dir.appending("store").path, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let log = try #require((object["report"] as? [String: Any])?["log"] as? [String: Any])
        return (log["records"] as? NSNumber)?.intValue ?? -1
    }
}
