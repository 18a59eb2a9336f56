import Foundation
import Testing
import TestSupport

/// `hindsight optimize` on the built binary: a revlog and a store, text and JSON, `--apply`.
@Suite struct OptimizeCommandTests {
    let cli = BuiltProducts.executable("hindsight")

    /// The first 600 cards of the optimizer fixture (simulated from known parameters).
    func smallRevlog(in dir: TemporaryDirectory) throws -> String {
        let text = String(decoding: try Fixtures.data("optimizer/revlog-full.csv"), as: UTF8.self)
        let lines = text.split(separator: "\n").enumerated().filter { index, line in
            index == 0 || (Int64(line.prefix { $0 != "," }) ?? 0) < 1_000_600
        }.map(\.element)
        let path = dir.appending("revlog.csv").path
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func object(_ stdout: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
    }

    @Test func aRevlogIsFittedTheSameOnEveryRun() throws {
        let dir = try TemporaryDirectory(prefix: "hindsight-optimize")
        defer { dir.remove() }
        let revlog = try smallRevlog(in: dir)
        let first = try ChildProcess.run(cli, ["optimize", "--revlog", revlog])
        let second = try ChildProcess.run(cli, ["optimize", "--revlog", revlog])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == second.stdout)
        #expect(first.stdout.contains("fsrs6 parameters fitted to"))
        #expect(first.stdout.contains("defaults"))
        #expect(first.stdout.contains("fitted"))

        let json = try ChildProcess.run(cli, ["optimize", "--revlog", revlog, "--json", "--parameters", "fsrs5"])
        #expect(json.status == 0, "\(json.stderr)")
        let report = try object(json.stdout)
        #expect(Set(report.keys) == ["parameters", "reviews", "log_loss", "rmse_bins", "default_log_loss", "default_rmse_bins"])
        #expect((report["parameters"] as? [Double])?.count == 19)
        #expect((report["reviews"] as? NSNumber)?.intValue == 5_119)
        #expect((report["log_loss"] as? NSNumber)?.doubleValue.isFinite == true)
    }

    @Test func aStoreProfileIsFittedAndApplyRecordsTheParameters() throws {
        let dir = try TemporaryDirectory(prefix: "hindsight-optimize")
        defer { dir.remove() }
        let revlog = try smallRevlog(in: dir)
        let store = dir.appending("store").path
        let imported = try ChildProcess.run(cli, ["import", revlog, "--data-dir", store, "--day-start-hour", "4"])
        #expect(imported.status == 0, "\(imported.stderr)")

        let first = try ChildProcess.run(cli, ["optimize", "--data-dir", store, "--json"])
        let second = try ChildProcess.run(cli, ["optimize", "--data-dir", store, "--json"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == second.stdout)
        let before = try object(first.stdout)
        let fromRevlog = try object(try ChildProcess.run(cli, ["optimize", "--revlog", revlog, "--json"]).stdout)
        #expect((before["reviews"] as? NSNumber)?.intValue == (fromRevlog["reviews"] as? NSNumber)?.intValue)
        #expect((before["current_log_loss"] as? NSNumber)?.doubleValue == (before["default_log_loss"] as? NSNumber)?.doubleValue)

        let applied = try ChildProcess.run(cli, ["optimize", "--data-dir", store, "--apply"])
        #expect(applied.status == 0, "\(applied.stderr)")
        #expect(applied.stdout.contains("applied: recorded at positions"))
        let after = try object(try ChildProcess.run(cli, ["optimize", "--data-dir", store, "--json"]).stdout)
        // The profile now schedules with the fitted parameters: they are its current ones.
        #expect((after["current_log_loss"] as? NSNumber)?.doubleValue == (before["log_loss"] as? NSNumber)?.doubleValue)
        #expect((after["parameters"] as? [Double]) == (before["parameters"] as? [Double]))
    }

    @Test(arguments: [
        (["optimize"], Int32(2), "give exactly one of --revlog FILE and --data-dir DIR"),
        (["optimize", "--revlog", "a.csv", "--data-dir", "x"], 2, "give exactly one of --revlog FILE and --data-dir DIR"),
        (["optimize", "--revlog", "a.csv", "--apply"], 2, "--apply records the parameters in a store"),
        (["optimize", "--revlog", "a.csv", "--parameters", "fsrs4"], 2, "option --parameters expects fsrs6 or fsrs5, got 'fsrs4'"),
        (["optimize", "--revlog", "a.csv", "--day-start-hour", "24"], 2, "--day-start-hour"),
        (["optimize", "--revlog", "/nonexistent/a.csv"], 1, "cannot read the revlog file /nonexistent/a.csv"),
    ])
    func badInputIsRefused(arguments: [String], status: Int32, message: String) throws {
        let result = try ChildProcess.run(cli, arguments)
        #expect(result.status == status)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}
