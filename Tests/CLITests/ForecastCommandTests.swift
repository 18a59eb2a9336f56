import Foundation
import Testing
import TestSupport

/// `hindsight forecast` on the built binary, over the small imported store (three reviewed
/// cards, all due by 20 March 2026).
@Suite struct ForecastCommandTests {
    let cli = BuiltProducts.executable("hindsight")

    /// Three overdue cards on day one, one of them in a relearning step: a limit of one review a
    /// day spreads the two in the review phase over two days and never holds back the third
    /// (`DailyReviewLimit`: a card in a step is never held back).
    @Test(arguments: [
        ([String](), [3, 0, 0, 0, 0], [0, 0, 0, 0, 0]),
        (["--review-limit", "1"], [2, 1, 0, 0, 0], [1, 0, 0, 0, 0]),
        (["--review-limit=0"], [1, 0, 0, 0, 0], [2, 2, 2, 2, 2]),
    ])
    func daysAsJSON(limit: [String], reviews: [Int], backlog: [Int]) throws {
        let dir = try SmallStore.make(cli)
        defer { dir.remove() }
        let result = try SmallStore.run(cli, ["forecast", "--days", "5", "--json", "--now", "2026-03-20T12:00:00Z"] + limit, in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let profile = try #require((object["profiles"] as? [[String: Any]])?.first)
        #expect(profile["id"] as? String == SmallStore.profile)
        let days = try #require(profile["days"] as? [[String: Any]])
        #expect(days.compactMap { $0["date"] as? String } == ["2026-03-20", "2026-03-21", "2026-03-22", "2026-03-23", "2026-03-24"])
        #expect(days.compactMap { ($0["due"] as? NSNumber)?.intValue } == [3, 0, 0, 0, 0])
        #expect(days.compactMap { ($0["reviews"] as? NSNumber)?.intValue } == reviews)
        #expect(days.compactMap { ($0["backlog"] as? NSNumber)?.intValue } == backlog)
        #expect(days.compactMap { ($0["newCards"] as? NSNumber)?.intValue } == [0, 0, 0, 0, 0])
    }

    @Test func textTableAndUsageErrors() throws {
        let dir = try SmallStore.make(cli)
        defer { dir.remove() }
        let text = try SmallStore.run(cli, ["forecast", "--days", "2", "--now", "2026-03-20T12:00:00Z"], in: dir)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.split(separator: "\n").map(String.init) == [
            "== small (\(SmallStore.profile)) ==",
            "  date         due  reviews  backlog  new",
            "  2026-03-20  3    3        0        0",
            "  2026-03-21  0    0        0        0",
        ])
        let zero = try SmallStore.run(cli, ["forecast", "--days", "0"], in: dir)
        #expect(zero.status == 2)
        #expect(zero.stderr.contains("option --days expects a number of days in 1 … 3660, got '0'"), "\(zero.stderr)")
        let help = try ChildProcess.run(cli, ["forecast", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--review-limit N"))
    }
}
