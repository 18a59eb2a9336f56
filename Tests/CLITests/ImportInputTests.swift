import Foundation
import Testing
import TestSupport

/// What `import` reads and how it refuses what it cannot: standard input and pipes, binary
/// files (quoted safely, never raw bytes on the terminal), an export CSV mistaken for a revlog;
/// and the round trip demo store → JSON Lines → fresh store → JSON Lines, byte for byte, with
/// options before and after FILE.
@Suite struct ImportInputTests {
    let cli = BuiltProducts.executable("hindsight")

    /// A demo store and its JSON Lines export, made once per test run.
    struct Demo: Sendable {
        let directory: TemporaryDirectory
        var store: String { directory.appending("demo").path }
        var export: String { directory.appending("demo.jsonl").path }
        let exportText: String
    }

    static let demo: Result<Demo, any Error> = Result {
        let cli = BuiltProducts.executable("hindsight")
        let directory = try TemporaryDirectory(prefix: "hindsight-roundtrip")
        atexit { try? ImportInputTests.demo.get().directory.remove() }
        let made = try ChildProcess.run(cli, ["demo", "--now", "2026-03-01T18:00:00Z", "--data-dir", directory.appending("demo").path])
        guard made.status == 0 else { throw SkipReason("demo failed: \(made.stderr)") }
        let export = directory.appending("demo.jsonl").path
        let exported = try ChildProcess.run(cli, ["export", "--format", "jsonl", "--output", export,
                                                  "--data-dir", directory.appending("demo").path])
        guard exported.status == 0 else { throw SkipReason("export failed: \(exported.stderr)") }
        return Demo(directory: directory, exportText: try String(contentsOfFile: export, encoding: .utf8))
    }

    /// Import the demo's export into a fresh store with the options placed as `words` say
    /// (`FILE`, `STORE`), export that again: byte-identical; import again: nothing added.
    @Test(arguments: [
        ["import", "FILE", "--data-dir", "STORE", "--json"],
        ["import", "--data-dir", "STORE", "--json", "FILE"],
        ["import", "--format=jsonl", "--data-dir=STORE", "FILE", "--json"],
        ["import", "--data-dir", "STORE", "--json", "--", "FILE"],
    ])
    func jsonLinesRoundTripIsByteIdentical(words: [String]) throws {
        let demo = try Self.demo.get()
        let dir = try TemporaryDirectory(prefix: "hindsight-roundtrip-copy")
        defer { dir.remove() }
        let store = dir.appending("fresh").path
        let arguments = words.map { $0.replacingOccurrences(of: "FILE", with: demo.export).replacingOccurrences(of: "STORE", with: store) }
        let first = try ChildProcess.run(cli, arguments)
        #expect(first.status == 0, "\(first.stderr)")
        let count = demo.exportText.split(separator: "\n").count
        #expect(first.stdout.contains("\"added\":\(count),\"alreadyPresent\":0"), "\(first.stdout)")
        let again = try ChildProcess.run(cli, arguments)
        #expect(again.stdout.contains("\"added\":0,\"alreadyPresent\":\(count)"), "\(again.stdout)")
        let exported = try ChildProcess.run(cli, ["export", "--output", "-", "--data-dir", store, "--format", "jsonl"])
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stdout == demo.exportText)
        #expect(exported.stderr.hasPrefix("exported \(count) events of \(count) to standard output"))
    }

    /// The demo's export with one more review, of a card that never existed, is refused naming
    /// that line and the rule, as the store refuses the command; nothing is imported.
    @Test func theDemoWithAReviewOfAnUnknownCardIsRefusedByLine() throws {
        let demo = try Self.demo.get()
        let dir = try TemporaryDirectory(prefix: "hindsight-admission")
        defer { dir.remove() }
        var lines = demo.exportText.split(separator: "\n").map(String.init)
        let review = try #require(lines.first { $0.contains(#""type":"vocabulary.review-graded""#) })
        let card = try #require(review.range(of: #""streamId":""#).map { String(review[$0.upperBound...].prefix(36)) })
        let event = try #require(review.range(of: #""eventId":""#).map { String(review[$0.upperBound...].prefix(36)) })
        let unknown = "0E000000-0000-4000-8000-0000000000AA"
        var extra = review.replacingOccurrences(of: card, with: unknown).replacingOccurrences(of: event, with: "0E000000-0000-4000-8000-0000000000BB")
        extra = extra.replacing(#/"streamVersion":\d+/#, with: #""streamVersion":1"#)
        let inserted = lines.count / 2
        lines.insert(extra, at: inserted)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: dir.appending("extra.jsonl"))
        let store = dir.appending("store").path
        let result = try ChildProcess.run(cli, ["import", dir.appending("extra.jsonl").path, "--data-dir", store])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: line \(inserted + 1): the vocabulary.review-graded event 0E000000-0000-4000-8000-0000000000BB is refused, as the store refuses such a command: card \(unknown) does not exist; create it before using it (unknown-entity)"), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("[import.refused-event]; nothing was imported\n"), "\(result.stderr)")
        let exported = try ChildProcess.run(cli, ["export", "--output", "-", "--data-dir", store, "--format", "jsonl"])
        #expect(exported.stdout.isEmpty, "\(exported.stderr)")
    }

    /// Standard input (`-`) and `/dev/stdin`, here a pipe, are read to their end.
    @Test(arguments: ["-", "/dev/stdin"])
    func standardInputIsImported(file: String) throws {
        let demo = try Self.demo.get()
        let dir = try TemporaryDirectory(prefix: "hindsight-stdin")
        defer { dir.remove() }
        let result = try ChildProcess.run(cli, ["import", file, "--format", "jsonl", "--data-dir", dir.appending("s").path],
                                          input: Data(demo.exportText.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "no progress when standard error is not a terminal")
        #expect(result.stdout.hasPrefix("imported \(demo.exportText.split(separator: "\n").count) events at positions 1..."))
        let exported = try ChildProcess.run(cli, ["export", "--output", "-", "--data-dir", dir.appending("s").path, "--format", "jsonl"])
        #expect(exported.stdout == demo.exportText)
    }

    @Test func aBadLineOnStandardInputNamesStandardInput() throws {
        let dir = try TemporaryDirectory(prefix: "hindsight-stdin")
        defer { dir.remove() }
        let result = try ChildProcess.run(cli, ["import", "-", "--format", "revlog", "--data-dir", dir.appending("s").path],
                                          input: Data("card_id,review_time,review_rating,review_state,review_duration\n1,x,3,0,1\n".utf8))
        #expect(result.status == 1)
        #expect(result.stderr == "error: line 2: review_time 'x' is not an integer; fix or remove the row (revlog.not-an-integer) "
                + "(path standard input) [import.bad-revlog-line]; nothing was imported\n")
    }

    /// A format cannot be told from `-`: it is a usage error naming what to pass.
    @Test func standardInputNeedsAFormat() throws {
        let result = try ChildProcess.run(cli, ["import", "-"], input: Data())
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: cannot tell the format of '-' from its extension; pass --format revlog or --format jsonl"))
    }

    /// Binary and control bytes in a file are quoted escaped and cut short, never written raw.
    @Test(arguments: [
        (Data([0x1B, 0x5B, 0x33, 0x31, 0x6D, 0x72, 0x65, 0x64, 0x07, 0x00, 0x01, 0x0A]), "found '\\u{1B}[31mred\\u{7}\\u{0}\\u{1}'"),
        (Data(repeating: 0x41, count: 100_000) + Data([0x0A]), "found '" + String(repeating: "A", count: 80) + "…'"),
        (Data([0x41, 0x42, 0xFF, 0xFE, 0x0A]), "the text is not valid UTF-8 at byte offset 2 of the file"),
    ])
    func aBinaryFileIsQuotedSafely(bytes: Data, quoted: String) throws {
        let dir = try TemporaryDirectory(prefix: "hindsight-binary")
        defer { dir.remove() }
        try bytes.write(to: dir.appending("binary.csv"))
        let result = try ChildProcess.run(cli, ["import", "binary.csv", "--data-dir", "s"], currentDirectory: dir.url)
        #expect(result.status == 1)
        #expect(result.stderr.contains(quoted), "\(result.stderr)")
        #expect(!result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) })
        #expect(result.stderr.count < 1_200)
    }

    /// An export CSV is named as not a revlog before the store is asked which profile to use.
    @Test func anExportCSVIsNamedBeforeTheProfileIsAsked() throws {
        let demo = try Self.demo.get()
        let dir = try TemporaryDirectory(prefix: "hindsight-export-csv")
        defer { dir.remove() }
        let csv = dir.appending("cards.csv").path
        let exported = try ChildProcess.run(cli, ["export", "--format", "csv", "--type", "vocabulary.card-created", "--output", csv,
                                                  "--data-dir", demo.store])
        #expect(exported.status == 0, "\(exported.stderr)")
        try FileManager.default.copyItem(atPath: demo.store, toPath: dir.appending("store").path)
        let result = try ChildProcess.run(cli, ["import", csv, "--data-dir", dir.appending("store").path])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: line 1: expected the header 'card_id,review_time,review_rating,review_state,review_duration', "
                                        + "found 'position,eventId,type,"), "\(result.stderr)")
        #expect(result.stderr.contains("this is a CSV export of events, which import does not read: import the JSON Lines export"))
        #expect(!result.stderr.contains("--profile"))
    }
}
