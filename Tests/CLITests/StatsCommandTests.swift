import Foundation
import Testing
import TestSupport

/// A small store made by importing four reviews of three cards over three local days (UTC+1).
enum SmallStore {
    static let profile = "10000000-0000-4000-8000-000000000001"
    static let revlog = """
        card_id,review_time,review_rating,review_state,review_duration
        1,1772010000000,3,0,60000
        1,1772096400000,3,2,60000
        2,1772182800000,1,0,60000
        3,1772186400000,4,0,60000

        """

    /// A temporary directory with the store in `store` made from `revlog` (by default the small
    /// one above), saved as `small.csv`, at UTC+1.
    static func make(_ cli: URL, revlog: String = revlog) throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory(prefix: "hindsight-query")
        try Data(revlog.utf8).write(to: dir.appending("small.csv"))
        let result = try ChildProcess.run(cli, ["import", "small.csv", "--data-dir", "store", "--profile", profile,
                                                "--utc-offset-minutes", "60"], currentDirectory: dir.url)
        #expect(result.status == 0, "\(result.stderr)")
        return dir
    }

    static func run(_ cli: URL, _ arguments: [String], in dir: TemporaryDirectory) throws -> ProcessOutput {
        try ChildProcess.run(cli, arguments + ["--data-dir", dir.appending("store").path], currentDirectory: dir.url)
    }
}

/// `hindsight stats` on the built binary.
@Suite struct StatsCommandTests {
    let cli = BuiltProducts.executable("hindsight")

    @Test func lastDaysAndStreakAsText() throws {
        let dir = try SmallStore.make(cli)
        defer { dir.remove() }
        let result = try SmallStore.run(cli, ["stats", "--days", "3", "--now", "2026-02-27T20:00:00+01:00"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            == small (\(SmallStore.profile)) ==
            streak: current 3 days, longest 3 days
            day         reviews again hard good easy  new minutes retention spelled ok/wrong stories gen/read dictated hints
            2026-02-25  1       0     0    1    0    1    1.0     100%      0/0              0/0              0            0
            2026-02-26  1       0     0    1    0    0    1.0     100%      0/0              0/0              0            0
            2026-02-27  2       1     0    0    1    2    2.0     50%       0/0              0/0              0            0
            total       4       1     0    2    1    3    4.0     75%       0/0              0/0              0            0

            """)
    }

    @Test func jsonCoversTheDaysAskedFor() throws {
        let dir = try SmallStore.make(cli)
        defer { dir.remove() }
        let result = try SmallStore.run(cli, ["stats", "--days", "2", "--json", "--profile", SmallStore.profile,
                                             "--now", "2026-02-28T03:59:00+01:00"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((object["position"] as? NSNumber)?.intValue == 9)
        let profiles = try #require(object["profiles"] as? [[String: Any]])
        #expect(profiles.count == 1)
        let days = try #require(profiles[0]["days"] as? [[String: Any]])
        // Before the 4 a.m. cut-off, the 28th is still the 27th.
        #expect(days.map { $0["date"] as? String } == ["2026-02-26", "2026-02-27"])
        #expect(days.map { ($0["reviews"] as? NSNumber)?.intValue } == [1, 2])
        let total = try #require(profiles[0]["total"] as? [String: Any])
        #expect((total["studySeconds"] as? NSNumber)?.intValue == 180)
        #expect((total["newCards"] as? NSNumber)?.intValue == 2)
        #expect((total["spellingHints"] as? NSNumber)?.intValue == 0)
        let streak = try #require(profiles[0]["streak"] as? [String: Any])
        #expect((streak["current"] as? NSNumber)?.intValue == 3)
    }

    @Test func everyProfileOfTheDemo() throws {
        let dir = try TemporaryDirectory(prefix: "hindsight-query")
        defer { dir.remove() }
        let store = dir.appending("store").path
        #expect(try ChildProcess.run(cli, ["demo", "--data-dir", store, "--now", "2026-03-01T18:30:00Z"]).status == 0)
        let result = try ChildProcess.run(cli, ["stats", "--data-dir", store, "--now", "2026-03-01T18:30:00Z"])
        #expect(result.status == 0, "\(result.stderr)")
        let headers = result.stdout.split(separator: "\n").filter { $0.hasPrefix("== ") }.map { $0.split(separator: " ")[1] }
        #expect(headers.sorted() == ["Alex", "Robin", "Sam"])
        #expect(result.stdout.split(separator: "\n").filter { $0.hasPrefix("2026-") }.count == 3 * 14)
    }

    @Test(arguments: [
        (["stats", "--days", "0"], Int32(2), "option --days expects a number of days in 1 … 3660, got '0'"),
        (["stats", "--profile", "nobody"], 2, "option --profile expects a profile UUID, got 'nobody'"),
        (["stats", "--now", "yesterday"], 2, "option --now expects an ISO 8601 time with its offset"),
        (["stats", "--profile", "20000000-0000-4000-8000-000000000002"], 1, "there is no profile 20000000-0000-4000-8000-000000000002"),
    ])
    func errorsGoToStderr(arguments: [String], status: Int32, message: String) throws {
        let dir = try SmallStore.make(cli)
        defer { dir.remove() }
        let result = try SmallStore.run(cli, arguments, in: dir)
        #expect(result.status == status)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func aMissingStoreIsAnErrorAndCreatesNothing() throws {
        let dir = try TemporaryDirectory(prefix: "hindsight-query")
        defer { dir.remove() }
        let result = try ChildProcess.run(cli, ["stats", "--data-dir", dir.appending("none").path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("there is no store in "))
        #expect(!FileManager.default.fileExists(atPath: dir.appending("none").path))
    }
}
