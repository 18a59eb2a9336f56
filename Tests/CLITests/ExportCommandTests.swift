import Foundation
import Testing
import TestSupport

/// `hindsight export`, end to end on the built binary, over a copy of the hand-made log in
/// `Tests/Fixtures/export/data` (see `ExportLogFixture` in the library tests: 13 events, two
/// profiles, a card with a cram and an undone review, a story naming a child).
@Suite struct ExportCommandTests {
    let cli = BuiltProducts.executable("hindsight")
    static let child = "11000000-0000-0000-0000-000000000001"
    static let cardRevlogID = "5485209644447493969"  // FNV-1a-64 of the card's UUID 30000000-…-000000000001, >> 1

    /// A temporary directory holding `data/log` (a copy of the fixture) and room for outputs.
    func workspace() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory(prefix: "hindsight-export-cli")
        try FileManager.default.copyItem(at: Fixtures.url("export/data"), to: directory.appending("data"))
        return directory
    }

    func export(_ arguments: [String], in directory: TemporaryDirectory) throws -> ProcessOutput {
        try ChildProcess.run(cli, ["export", "--data-dir", directory.appending("data").path] + arguments,
                             currentDirectory: directory.url)
    }

    func lines(_ path: URL) throws -> [String] {
        try String(contentsOf: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test func jsonLinesOfEveryEvent() throws {
        let directory = try workspace()
        defer { directory.remove() }
        let result = try export(["--format", "jsonl", "--output", "out.jsonl"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "no progress when stderr is not a terminal")
        #expect(result.stdout.hasPrefix("exported 13 events of 13 to "))
        let lines = try lines(directory.appending("out.jsonl"))
        #expect(lines.count == 13)
        #expect(lines[2] == #"{"eventId":"E0030000-0000-0000-0000-000000000001","occurredAt":1767225602000,"payload":{"deck":"20000000-0000-0000-0000-000000000001","name":"Deutsch"},"position":3,"profileId":"10000000-0000-0000-0000-000000000001","recordedAt":1767225602005,"schemaVersion":1,"streamCategory":"deck","streamId":"20000000-0000-0000-0000-000000000001","streamVersion":1,"type":"vocabulary.deck-created","utcOffsetSeconds":3600}"#)
        for (index, line) in lines.enumerated() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect((object["position"] as? NSNumber)?.intValue == index + 1)
        }
    }

    @Test func redactedJSONLinesHidePersonalData() throws {
        let directory = try workspace()
        defer { directory.remove() }
        let result = try export(["--format", "jsonl", "--output", "out.jsonl", "--redact", "--salt", "k",
                                 "--profile", Self.child], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try lines(directory.appending("out.jsonl"))
        #expect(lines.count == 3)
        let pseudonym = try #require(lines[0].firstRange(of: /person-[0-9a-f]{8}/).map { String(lines[0][$0]) })
        #expect(lines[1].contains(#""childName":"\#(pseudonym)""#))
        #expect(!lines.joined().contains("51000000-0000-0000-0000-000000000001"))
    }

    @Test func csvOnePerTypeAndOneChosenType() throws {
        let directory = try workspace()
        defer { directory.remove() }
        let all = try export(["--format", "csv", "--output", "tables"], in: directory)
        #expect(all.status == 0, "\(all.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.appending("tables").path).sorted()
        #expect(files == ["profiles.profile-created.csv", "stories.story-generated.csv", "stories.story-requested.csv",
                          "vocabulary.card-created.csv", "vocabulary.deck-created.csv",
                          "vocabulary.review-graded.csv", "vocabulary.review-undone.csv"])
        let one = try export(["--format", "csv", "--output", "reviews.csv", "--type", "vocabulary.review-graded",
                              "--since", "2026-01-02", "--until", "2026-01-03T12:00:00Z"], in: directory)
        #expect(one.status == 0, "\(one.stderr)")
        let text = try String(contentsOf: directory.appending("reviews.csv"), encoding: .utf8)
        let records = text.components(separatedBy: "\r\n")
        #expect(records.count == 4 && records[3].isEmpty)
        #expect(records[0] == "position,eventId,type,schemaVersion,streamCategory,streamId,streamVersion,profileId,occurredAt,utcOffsetSeconds,recordedAt,card,rating,mode,duration")
        #expect(records[1].hasPrefix("7,") && records[2].hasPrefix("8,"))
    }

    @Test func revlogOfTheCountedReviews() throws {
        let directory = try workspace()
        defer { directory.remove() }
        let result = try export(["--format", "revlog", "--output", "revlog.csv"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("exported 4 reviews of 13 to "))
        let lines = try lines(directory.appending("revlog.csv"))
        #expect(lines.count == 5)
        #expect(lines[0] == "card_id,review_time,review_rating,review_state,review_duration")
        #expect(lines[1] == "\(Self.cardRevlogID),1767225610000,3,0,4000")
        #expect(lines[2] == "\(Self.cardRevlogID),1767225620000,1,4,4000")
        #expect(lines[3].hasPrefix("\(Self.cardRevlogID),1767312000000,3,"))
        #expect(lines[4].hasPrefix("\(Self.cardRevlogID),1767484800000,2,"))
    }

    @Test(arguments: [
        (["--format", "xml", "--output", "x"], "option --format expects jsonl, csv or revlog, got 'xml'"),
        (["--format", "jsonl"], "missing --output PATH"),
        (["--output", "x"], "missing --format jsonl|csv|revlog"),
        (["--format", "jsonl", "--output", "x", "--since", "yesterday"], "option --since expects an ISO 8601 date or time"),
        (["--format", "jsonl", "--output", "x", "--profile", "bob"], "option --profile expects a profile UUID, got 'bob'"),
        (["--format", "jsonl", "--output", "x", "--stream", "card"], "option --stream expects CATEGORY/UUID"),
        (["--format", "jsonl", "--output", "x", "--salt", "s"], "option --salt only applies with --redact"),
    ])
    func usageErrorsExitWithTwo(arguments: [String], message: String) throws {
        let directory = try workspace()
        defer { directory.remove() }
        let result = try export(arguments, in: directory)
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: \(message)"), "\(result.stderr)")
        #expect(result.stderr.contains("usage: hindsight export"))
        #expect(!FileManager.default.fileExists(atPath: directory.appending("x").path))
    }

    @Test func anEmptyDataDirectoryIsAClearError() throws {
        let directory = try TemporaryDirectory(prefix: "hindsight-export-cli")
        defer { directory.remove() }
        let result = try ChildProcess.run(cli, ["export", "--format", "jsonl", "--output", "out.jsonl"],
                                          environment: ["HINDSIGHT_DATA_DIR": directory.path], currentDirectory: directory.url)
        #expect(result.status == 1)
        #expect(result.stderr.contains("there is no store in \(directory.path) (no 'log' directory); pass --data-dir"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appending("out.jsonl").path))
    }

    @Test func helpPrintsTheUsage() throws {
        let result = try ChildProcess.run(cli, ["export", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("usage: hindsight export --format jsonl|csv|revlog --output PATH [--data-dir DIR]"))
    }
}
