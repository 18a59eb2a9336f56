import Foundation
import Testing
import TestSupport

/// `hindsight due` on the built binary, over the small imported store.
@Suite struct DueCommandTests {
    let cli = BuiltProducts.executable("hindsight")

    @Test func dueCountsAndTheNextCardAsText() throws {
        let dir = try SmallStore.make(cli)
        defer { dir.remove() }
        let result = try SmallStore.run(cli, ["due", "--now", "2026-02-27T20:00:00+01:00"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0] == "== small (\(SmallStore.profile)) ==")
        #expect(lines[1] == "due now: 1 (1 learning); due today: 1; new available today: 0 (2 introduced today)")
        #expect(lines[2].hasPrefix("  due  2026-02-27 10:01 +01:00  ") && lines[2].hasSuffix("  revlog card 2"))
        #expect(lines[3].hasPrefix("next due after now: 2026-03-0") && lines[3].hasSuffix("revlog card 3"))
    }

    /// "Due now" is due at this instant; "due today" by the end of the local day: a learning
    /// step due a minute later counts today, not now.
    @Test(arguments: [
        ("2026-02-27T10:00:30+01:00", "due now: 0 (0 learning); due today: 1;", "next due after now: 2026-02-27 10:01 +01:00  "),
        ("2026-02-27T10:01:00+01:00", "due now: 1 (1 learning); due today: 1;", "next due after now: 2026-03-07 04:00 +01:00  "),
        ("2026-03-07T03:59:00+01:00", "due now: 1 (1 learning); due today: 1;", "next due after now: 2026-03-07 04:00 +01:00  "),
        ("2026-03-06T22:00:00-05:00", "due now: 3 (1 learning); due today: 3;", "next due after now: none"),
    ])
    func dueNowAndDueToday(now: String, counts: String, next: String) throws {
        let dir = try SmallStore.copy(cli)
        defer { dir.remove() }
        let result = try SmallStore.run(cli, ["due", "--now", now], in: dir)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines[1].hasPrefix(counts), "\(lines[1])")
        #expect(lines.last?.hasPrefix(next) == true, "\(lines)")
    }

    @Test func jsonWithALimitAndADeck() throws {
        let dir = try SmallStore.make(cli)
        defer { dir.remove() }
        let all = try SmallStore.run(cli, ["due", "--now", "2026-03-20T12:00:00Z", "--json", "--limit", "10"], in: dir)
        #expect(all.status == 0, "\(all.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [String: Any])
        let profile = try #require((object["profiles"] as? [[String: Any]])?.first)
        #expect((profile["due"] as? NSNumber)?.intValue == 3)
        #expect((profile["learning"] as? NSNumber)?.intValue == 1)
        let reviews = try #require(profile["reviews"] as? [[String: Any]])
        let dues = reviews.compactMap { $0["due"] as? String }
        #expect(dues.count == 3)
        #expect(dues == dues.sorted())
        #expect(dues.allSatisfy { $0.hasSuffix("+00:00") }, "local time at --now's offset: \(dues)")
        #expect((profile["dueToday"] as? NSNumber)?.intValue == 3)
        #expect(profile["nextDue"] == nil)
        let deck = try #require(reviews.first?["deck"] as? String)
        let limited = try SmallStore.run(cli, ["due", "--now", "2026-03-20T12:00:00Z", "--json", "--limit", "1", "--deck", deck], in: dir)
        let limitedProfile = try #require(((try JSONSerialization.jsonObject(with: Data(limited.stdout.utf8)) as? [String: Any])?["profiles"]
                                           as? [[String: Any]])?.first)
        #expect((limitedProfile["due"] as? NSNumber)?.intValue == 3)
        #expect((limitedProfile["reviews"] as? [[String: Any]])?.count == 1)
    }

    @Test(arguments: [
        (["due", "--limit", "-1"], Int32(2), "option --limit expects a number of cards in 0 … 10000, got '-1'"),
        (["due", "--deck", "x"], 2, "option --deck expects a deck UUID, got 'x'"),
        (["due", "--deck", "30000000-0000-4000-8000-000000000003"], 1, "there is no deck 30000000-0000-4000-8000-000000000003"),
        (["due", "--json", "extra"], 2, "unexpected argument: extra"),
    ])
    func errorsGoToStderr(arguments: [String], status: Int32, message: String) throws {
        let dir = try SmallStore.make(cli)
        defer { dir.remove() }
        let result = try SmallStore.run(cli, arguments, in: dir)
        #expect(result.status == status)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func helpPrintsTheUsage() throws {
        let result = try ChildProcess.run(cli, ["due", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("usage: hindsight due [--profile ID] [--deck ID] [--limit N] [--json]"))
    }
}
