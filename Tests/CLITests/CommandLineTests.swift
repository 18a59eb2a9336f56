import Foundation
import Testing
import TestSupport

/// The command line as a user types it, on the built binary: options before, between and after
/// positionals, `--name=value`, `--`, `-h`, and each case the CLI got wrong when tried as a new
/// user would (issue 21, item 6).
@Suite struct CommandLineTests {
    let cli = BuiltProducts.executable("hindsight")
    static let now = "2026-02-27T20:00:00+01:00"
    static let revlog = Fixtures.url("fsrs-vectors/revlog.csv").path

    /// Spellings of one command line that must all give the same output as the first: `STORE`
    /// stands for the store's directory and `CARD` for a card of it.
    static let orders: [[[String]]] = [
        [["stats", "--days", "3", "--now", now, "--data-dir", "STORE"],
         ["stats", "--data-dir=STORE", "--now=\(now)", "--days=3"],
         ["stats", "--now", now, "--days=3", "--data-dir", "STORE", "--"],
         ["--data-dir", "STORE", "stats", "--now", now, "--days", "3"]],
        [["due", "--limit", "2", "--json", "--now", now, "--data-dir", "STORE"],
         ["due", "--json", "--data-dir=STORE", "--limit=2", "--now=\(now)"]],
        [["audit", "card", "CARD", "--data-dir", "STORE", "--json", "--now", now],
         ["audit", "card", "--data-dir", "STORE", "CARD", "--now=\(now)", "--json"],
         ["audit", "card", "--json", "--now", now, "--data-dir=STORE", "--", "CARD"]],
        [["tail", "--from", "2", "--limit", "3", "--data-dir", "STORE"],
         ["tail", "--limit=3", "--data-dir=STORE", "--from=2"]],
        [["verify", "--data-dir", "STORE"], ["verify", "--data-dir=STORE"]],
        [["export", "--format", "jsonl", "--output", "-", "--data-dir", "STORE", "--type", "vocabulary.review-graded"],
         ["export", "--type=vocabulary.review-graded", "--output=-", "--data-dir=STORE", "--format=jsonl"]],
        [["rebuild", "--parameters", "fsrs5", "--now", now, "--data-dir", "STORE", "--json"],
         ["rebuild", "--json", "--now=\(now)", "--data-dir=STORE", "--parameters=fsrs5"]],
        [["fsrs", "states", "--revlog", revlog, "--parameters", "fsrs5"],
         ["fsrs", "states", "--parameters=fsrs5", "--revlog=\(revlog)"]],
    ]

    static func substitute(_ words: [String], store: String) -> [String] {
        words.map { $0.replacingOccurrences(of: "STORE", with: store).replacingOccurrences(of: "CARD", with: SmallStore.card) }
    }

    @Test(arguments: orders)
    func optionsAnywhereGiveTheSameOutput(spellings: [[String]]) throws {
        let dir = try SmallStore.copy(cli)
        defer { dir.remove() }
        let store = dir.appending("store").path
        let first = try ChildProcess.run(cli, Self.substitute(spellings[0], store: store), currentDirectory: dir.url)
        #expect(first.status == 0, "\(spellings[0]): \(first.stderr)")
        #expect(!first.stdout.isEmpty)
        for words in spellings.dropFirst() {
            let result = try ChildProcess.run(cli, Self.substitute(words, store: store), currentDirectory: dir.url)
            #expect(result.status == 0, "\(words): \(result.stderr)")
            #expect(result.stdout == first.stdout, "\(words)")
        }
    }

    /// Importing with FILE first, last or between options gives the same store.
    @Test(arguments: [
        ["import", "small.csv", "--data-dir", "A", "--profile", SmallStore.profile, "--utc-offset-minutes", "60"],
        ["import", "--data-dir", "A", "--profile", SmallStore.profile, "--utc-offset-minutes=60", "small.csv"],
        ["import", "--data-dir=A", "small.csv", "--utc-offset-minutes", "60", "--profile", SmallStore.profile],
        ["import", "--format", "revlog", "--data-dir", "A", "--profile", SmallStore.profile, "--utc-offset-minutes", "60", "--",
         "small.csv"],
    ])
    func importTakesItsFileAnywhere(words: [String]) throws {
        let dir = try SmallStore.make(cli)
        defer { dir.remove() }
        let result = try ChildProcess.run(cli, words, currentDirectory: dir.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("imported 9 events at positions 1...9; 0 already present"), "\(result.stdout)")
        #expect(!FileManager.default.fileExists(atPath: dir.appending("small.csv/log").path))
        let mine = try ChildProcess.run(cli, ["export", "--format", "jsonl", "--output", "-", "--data-dir", "A"], currentDirectory: dir.url)
        let template = try ChildProcess.run(cli, ["export", "--format", "jsonl", "--output", "-", "--data-dir", "store"],
                                            currentDirectory: dir.url)
        #expect(mine.status == 0 && template.status == 0)
        #expect(Self.withoutRecordingTimes(mine.stdout) == Self.withoutRecordingTimes(template.stdout))
    }

    /// A JSON Lines export with `recordedAt` (the import's clock) left out.
    static func withoutRecordingTimes(_ text: String) -> String {
        text.replacing(/"recordedAt":[0-9]+,/, with: "")
    }

    @Test(arguments: [["--help"], ["-h"], ["--bogus", "--help"], ["--days", "-h"]])
    func everyCommandPrintsItsHelp(tail: [String]) throws {
        for path in [["demo"], ["fsrs", "states"], ["audit", "card"], ["rebuild"], ["verify"], ["export"], ["import"],
                     ["stats"], ["due"], ["tail"]] {
            let result = try ChildProcess.run(cli, path + tail)
            #expect(result.status == 0, "\(path + tail): \(result.stderr)")
            #expect(result.stdout.hasPrefix("usage: hindsight \(path.joined(separator: " ")) "), "\(path + tail)")
            #expect(result.stdout.contains("-h, --help"))
            #expect(result.stderr.isEmpty)
        }
    }

    /// Each case found when the CLI was tried as a new user would, and the neighbouring ones:
    /// the arguments (`STORE`: a copy of the small store), the exit code, what stderr must
    /// contain and what stdout must start with.
    @Test(arguments: [
        (["stats", "--days", "1", "--days", "2", "--data-dir", "STORE"], Int32(2), "error: option --days was given twice (1, then 2); give it once", ""),
        (["stats", "--json", "--json", "--data-dir", "STORE"], 2, "error: option --json was given twice; give it once", ""),
        (["stats", "--dys", "3", "--data-dir", "STORE"], 2, "error: unknown option --dys; did you mean --days?", ""),
        (["export", "--format", "jsonl", "--outptu", "x"], 2, "error: unknown option --outptu; did you mean --output?", ""),
        (["due", "--bogus"], 2, "error: unknown option --bogus; 'hindsight due --help' lists the options", ""),
        (["stats", "-d", "3"], 2, "error: unknown option -d; options start with two dashes; 'hindsight stats --help' lists the options", ""),
        (["fsrs", "--help"], 0, "", "usage: hindsight fsrs <command> [options]\n\ncommands:\n  fsrs states "),
        (["fsrs"], 2, "error: 'fsrs' needs a subcommand", ""),
        (["audit", "-h"], 0, "", "usage: hindsight audit <command> [options]\n\ncommands:\n  audit card "),
        (["help", "verify"], 0, "", "usage: hindsight verify [--data-dir DIR] [--json] [-h|--help]"),
        (["exprot", "--format", "jsonl"], 2, "error: unknown command 'exprot --format jsonl'; did you mean 'export'?", ""),
        (["export", "--format", "jsonl", "--output", "-", "--type", "vocabulary.nope", "--data-dir", "STORE"], 2,
         "error: option --type names no event type this build knows: 'vocabulary.nope'; the vocabulary types are vocabulary.card-buried, vocabulary.card-created,", ""),
        (["export", "--format", "jsonl", "--output", "-", "--type", "vocabulary.review-grade", "--data-dir", "STORE"], 2,
         "did you mean vocabulary.review-graded?", ""),
        (["export", "--format", "csv", "--output", "-", "--data-dir", "STORE"], 2,
         "error: --format csv writes a directory of files unless exactly one --type is given", ""),
        (["export", "--format", "revlog", "--output", "-", "--data-dir", "STORE"], 0, "exported 4 reviews of 9 to standard output",
         "card_id,review_time,review_rating,review_state,review_duration\n"),
        (["rebuild", "--parameters", "fsrs7", "--data-dir", "STORE"], 2,
         "error: option --parameters expects fsrs6, fsrs5 or a JSON file of parameters, got 'fsrs7'", ""),
        (["rebuild", "--parameters", "fsrs5", "--now", "2026-02-28T10:00:00+01:00", "--data-dir", "STORE"], 0, "",
         "rebuilt as of position 9 with FSRS-5"),
        (["rebuild", "--parameters", "fsrs5", "--now", "yesterday", "--data-dir", "STORE"], 2,
         "error: option --now expects an ISO 8601 time with its offset", ""),
        (["fsrs", "states", "--revlog", revlog, "--data-dir", "STORE"], 2,
         "error: 'fsrs states' takes no --data-dir: it reads only the revlog file", ""),
        (["stats", "--", "--json", "--data-dir", "STORE"], 2, "error: unexpected arguments: --json --data-dir STORE (after --, every word is positional)", ""),
        (["stats", "--json=yes", "--data-dir", "STORE"], 2, "error: option --json is a flag and takes no value; write --json", ""),
        (["due", "--limit", "--json", "--data-dir", "STORE"], 2, "error: option --limit needs a value: --limit N", ""),
    ] as [([String], Int32, String, String)])
    func foundCases(words: [String], status: Int32, stderr: String, stdout: String) throws {
        let dir = try SmallStore.copy(cli)
        defer { dir.remove() }
        let store = dir.appending("store").path
        let result = try ChildProcess.run(cli, Self.substitute(words, store: store), currentDirectory: dir.url)
        #expect(result.status == status, "\(words): \(result.stderr)")
        #expect(stderr.isEmpty || result.stderr.contains(stderr.replacingOccurrences(of: "STORE", with: store)),
                "\(words): \(result.stderr)")
        #expect(result.stdout.hasPrefix(stdout), "\(words): \(result.stdout)")
    }
}
