import Foundation
import Testing
import TestSupport

/// `hindsight rebuild` on the built binary: a report that writes nothing, then `--apply`.
@Suite struct RebuildCommandTests {
    let cli = BuiltProducts.executable("hindsight")

    func report(_ stdout: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
    }

    @Test func reportsWithoutWritingThenAppliesOnRequest() throws {
        let dir = try AuditCommandTests.storeCopy()
        defer { dir.remove() }
        let store = dir.appending("store").path
        let logFile = store + "/log/00000000000000000001.log"
        let before = try Data(contentsOf: URL(fileURLWithPath: logFile))
        let dry = try ChildProcess.run(cli, ["rebuild", "--parameters", "fsrs5", "--data-dir", store, "--json"])
        #expect(dry.status == 0, "\(dry.stderr)")
        let object = try report(dry.stdout)
        let body = try #require(object["report"] as? [String: Any])
        #expect((body["cardsCompared"] as? NSNumber)?.intValue == 20)
        let distribution = try #require(body["distribution"] as? [[String: Any]])
        #expect(distribution.count == 9)
        #expect(distribution.reduce(0) { $0 + (($1["cards"] as? NSNumber)?.intValue ?? 0) } == 20)
        #expect(object["applied"] == nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: logFile)) == before)

        let text = try ChildProcess.run(cli, ["rebuild", "--parameters", "fsrs5", "--desired-retention", "0.85", "--data-dir", store])
        #expect(text.status == 0)
        #expect(text.stdout.contains("cards change due date"))
        #expect(text.stdout.contains("nothing was written"))

        // --apply goes through the store's commands, which act for existing profiles only: this
        // hand-made log never created its profiles, so nothing is recorded (ImportCommandTests
        // applies a change to a store made through the store).
        let applied = try ChildProcess.run(cli, ["rebuild", "--parameters", "fsrs5", "--data-dir", store, "--apply"])
        #expect(applied.status == 0, "\(applied.stderr)")
        #expect(applied.stdout.contains("applied: no profile to record the change for"))
        let verify = try ChildProcess.run(cli, ["verify", "--data-dir", store])
        #expect(verify.status == 0)
        #expect(verify.stdout.contains("329 record(s)"))
    }

    @Test func aParametersFileIsRead() throws {
        let dir = try AuditCommandTests.storeCopy()
        defer { dir.remove() }
        let file = dir.appending("params.json")
        try Data("[0.40255, 1.18385, 3.173, 15.69105, 7.1949, 0.5345, 1.4604, 0.0046, 1.54575, 0.1192, 1.01925, 1.9395, 0.11, 0.29605, 2.2698, 0.2315, 2.9898, 0.51655, 0.6621]".utf8).write(to: file)
        let store = dir.appending("store").path
        let fromFile = try ChildProcess.run(cli, ["rebuild", "--parameters", file.path, "--data-dir", store, "--json"])
        let five = try ChildProcess.run(cli, ["rebuild", "--parameters", "fsrs5", "--data-dir", store, "--json"])
        #expect(fromFile.status == 0)
        #expect(fromFile.stdout == five.stdout)
    }

    @Test(arguments: [
        (["rebuild"], Int32(2), "missing --parameters"),
        (["rebuild", "--parameters", "fsrs6", "--desired-retention", "1.5"], 2, "option --desired-retention expects a number in (0, 1)"),
        (["rebuild", "--parameters", "fsrs6", "--apply", "--as-of", "10"], 2, "cannot be combined with --as-of"),
        (["rebuild", "--parameters", "/nonexistent/params.json"], 2, "option --parameters expects fsrs6, fsrs5 or a JSON file of parameters, got '/nonexistent/params.json' (there is no file /nonexistent/params.json)"),
        (["rebuild", "--parameters", "fsrs6", "--as-of", "5000"], 1, "the log ends at position 329"),
    ])
    func errorsGoToStderrWithAnExitCode(arguments: [String], status: Int32, message: String) throws {
        let dir = try AuditCommandTests.storeCopy()
        defer { dir.remove() }
        let result = try ChildProcess.run(cli, arguments + ["--data-dir", dir.appending("store").path])
        #expect(result.status == status)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func helpPrintsTheUsage() throws {
        let result = try ChildProcess.run(cli, ["rebuild", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("usage: hindsight rebuild --parameters fsrs6|fsrs5|FILE [--desired-retention R]"))
    }
}
