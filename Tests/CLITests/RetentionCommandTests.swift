import Foundation
import Testing
import TestSupport

/// `hindsight retention` on the built binary, over a store imported from a revlog whose true
/// retention is worked out by hand: card 1 easy on 5 January (into the review phase, 8 days),
/// good on the 13th (young, passed; S grows to about 40 days), again on 24 February (mature,
/// failed); card 2 easy on 5 January, again on the 14th (young, failed). The first reviews do
/// not count.
@Suite struct RetentionCommandTests {
    let cli = BuiltProducts.executable("hindsight")
    static let revlog = """
        card_id,review_time,review_rating,review_state,review_duration
        1,1767607200000,4,0,60000
        1,1768298400000,3,2,60000
        1,1771927200000,1,2,60000
        2,1767610800000,4,0,60000
        2,1768384800000,1,2,60000

        """

    @Test(arguments: [
        ("month", ["  month       young                 mature                total",
                   "  2026-01-01  50.0% (1/2)           -                     50.0% (1/2)",
                   "  2026-02-01  -                     0.0% (0/1)            0.0% (0/1)"]),
        ("day", ["  day         young                 mature                total",
                 "  2026-01-13  100.0% (1/1)          -                     100.0% (1/1)",
                 "  2026-01-14  0.0% (0/1)            -                     0.0% (0/1)",
                 "  2026-02-24  -                     0.0% (0/1)            0.0% (0/1)"]),
    ])
    func textPerPeriod(period: String, rows: [String]) throws {
        let dir = try SmallStore.make(cli, revlog: Self.revlog)
        defer { dir.remove() }
        let result = try SmallStore.run(cli, ["retention", "--by", period], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").map(String.init)
                == ["== small (\(SmallStore.profile)) =="] + rows
                + ["  all         50.0% (1/2)           0.0% (0/1)            33.3% (1/3)"])
    }

    @Test func jsonByWeek() throws {
        let dir = try SmallStore.make(cli, revlog: Self.revlog)
        defer { dir.remove() }
        let result = try SmallStore.run(cli, ["retention", "--by", "week", "--json", "--profile", SmallStore.profile], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["period"] as? String == "week")
        let profile = try #require((object["profiles"] as? [[String: Any]])?.first)
        #expect(profile["id"] as? String == SmallStore.profile)
        let rows = try #require(profile["rows"] as? [[String: Any]])
        // Weeks from Monday: the 12th of January and the 23rd of February.
        #expect(rows.map { $0["start"] as? String } == ["2026-01-12", "2026-02-23"])
        let tallies = rows.compactMap { $0["tally"] as? [String: Any] }
        func count(_ tally: [String: Any], _ key: String) -> Int? { (tally[key] as? NSNumber)?.intValue }
        #expect(tallies.map { count($0, "youngPassed") } == [1, 0])
        #expect(tallies.map { count($0, "youngFailed") } == [1, 0])
        #expect(tallies.map { count($0, "matureFailed") } == [0, 1])
        #expect(tallies.map { count($0, "reviews") } == [2, 1])
        #expect(tallies.first?["matureRetention"] == nil)
        let total = try #require(profile["total"] as? [String: Any])
        #expect(count(total, "reviews") == 3)
        #expect(abs(((total["retention"] as? NSNumber)?.doubleValue ?? 0) - 1.0 / 3) < 1e-12)
    }

    @Test(arguments: [
        (["--by", "year"], Int32(2), "option --by expects day, week or month, got 'year'"),
        (["--deck", "x"], 2, "option --deck expects a deck UUID, got 'x'"),
        (["--profile", "6F9619FF-8B86-D011-B42D-00C04FC964FF"], 1, "there is no profile 6F9619FF-8B86-D011-B42D-00C04FC964FF"),
    ] as [([String], Int32, String)])
    func errorsGoToStderrWithAnExitCode(arguments: [String], status: Int32, message: String) throws {
        let dir = try SmallStore.copy(cli)
        defer { dir.remove() }
        let result = try SmallStore.run(cli, ["retention"] + arguments, in: dir)
        #expect(result.status == status)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    /// The small store has only first and learning answers: no period, an empty total. Help prints the usage.
    @Test func anEmptyTableAndHelp() throws {
        let dir = try SmallStore.copy(cli)
        defer { dir.remove() }
        let result = try SmallStore.run(cli, ["retention"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("  all         -                     -                     -\n"))
        let help = try ChildProcess.run(cli, ["retention", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("usage: hindsight retention [--profile ID] [--deck ID] [--by PERIOD] [--json]"))
    }
}
