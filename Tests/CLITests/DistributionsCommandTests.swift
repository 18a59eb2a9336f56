import Foundation
import Testing
import TestSupport

/// `hindsight distributions` on the built binary, over the small imported store: three reviewed
/// cards in one deck, seen on 20 March 2026 (FSRS-6 defaults, FORMULAS.md 3-4). Card 1: good,
/// good a day later (S 7.3153, D 2.1112, interval 8 after fuzz, last review 22 days before);
/// card 2: again (S w0 = 0.212, D w4 = 6.4133, in a learning step: interval 0, 21 days before);
/// card 3: easy (S w3 = 8.2956, D 1, interval 8, 21 days before). R(t, S) = (1 + 0.98035·t/S)^(−0.1542):
/// 0.80914, 0.49306 and 0.82500.
@Suite struct DistributionsCommandTests {
    let cli = BuiltProducts.executable("hindsight")
    static let now = "2026-03-20T12:00:00Z"

    static let allDecks = [
        "-- all decks: 3 reviewed card(s), 0 not yet reviewed --",
        "  stability (days)     median 7.32     mean 5.27",
        "    <1 1 2-3 4-6 7-13 14-29 30-59 60-89 90-179 180-364 365-729 730+",
        "    1  0 0   0   2    0     0     0     0      0       0       0",
        "  difficulty           median 2.11     mean 3.17",
        "    1-2 2-3 3-4 4-5 5-6 6-7 7-8 8-9 9-10",
        "    1   1   0   0   0   1   0   0   0",
        "  retrievability now   median 80.9%    mean 70.9%",
        "    <50% 50-55% 55-60% 60-65% 65-70% 70-75% 75-80% 80-85% 85-90% 90-95% 95-100%",
        "    1    0      0      0      0      0      0      2      0      0      0",
        "  interval (days)      median 8.00     mean 5.67",
        "    <1 1 2-3 4-6 7-13 14-29 30-59 60-89 90-179 180-364 365-729 730+",
        "    1  0 0   0   2    0     0     0     0      0       0       0",
    ]

    @Test func textOverAllDecksThenPerDeck() throws {
        let dir = try SmallStore.copy(cli)
        defer { dir.remove() }
        let result = try SmallStore.run(cli, ["distributions", "--now", Self.now], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "== small (\(SmallStore.profile)) ==")
        #expect(Array(lines.dropFirst().prefix(13)) == Self.allDecks)
        // The one deck: the same cards, under its own heading.
        #expect(lines.count == 1 + 13 + 13 + 1)
        #expect(lines[14].hasPrefix("-- deck small (") && lines[14].hasSuffix("): 3 reviewed card(s), 0 not yet reviewed --"))
        #expect(Array(lines[15..<27]) == Array(Self.allDecks.dropFirst()))
    }

    @Test func jsonIsOneObjectAndADeckCanBeAskedFor() throws {
        let dir = try SmallStore.copy(cli)
        defer { dir.remove() }
        let result = try SmallStore.run(cli, ["distributions", "--json", "--now", Self.now], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["now"] as? String == "2026-03-20T12:00:00+00:00")
        let profile = try #require((object["profiles"] as? [[String: Any]])?.first)
        #expect(profile["id"] as? String == SmallStore.profile)
        let all = try #require(profile["all"] as? [String: Any])
        #expect(all["deck"] == nil && all["name"] as? String == "all decks")
        #expect((all["reviewed"] as? NSNumber)?.intValue == 3 && (all["unreviewed"] as? NSNumber)?.intValue == 0)
        let retrievability = try #require(all["retrievability"] as? [String: Any])
        #expect((retrievability["edges"] as? [Double]) == [0, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95])
        #expect((retrievability["counts"] as? [Int]) == [1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0])
        #expect(abs(((retrievability["mean"] as? NSNumber)?.doubleValue ?? 0) - (0.80914 + 0.49306 + 0.82500) / 3) < 1e-4)
        let stability = try #require(all["stability"] as? [String: Any])
        #expect(abs(((stability["median"] as? NSNumber)?.doubleValue ?? 0) - 7.3153) < 1e-4)
        #expect((stability["total"] as? NSNumber)?.intValue == 3)
        let decks = try #require(profile["decks"] as? [[String: Any]])
        #expect(decks.count == 1)
        let deck = try #require(decks.first?["deck"] as? String)
        #expect((decks.first?["interval"] as? [String: Any])?["counts"] as? [Int] == [1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0])

        // --deck: that deck only, without the all-decks section.
        let one = try SmallStore.run(cli, ["distributions", "--deck", deck, "--json", "--now", Self.now], in: dir)
        #expect(one.status == 0, "\(one.stderr)")
        let oneObject = try #require(try JSONSerialization.jsonObject(with: Data(one.stdout.utf8)) as? [String: Any])
        let oneProfile = try #require((oneObject["profiles"] as? [[String: Any]])?.first)
        #expect(oneProfile["all"] == nil)
        #expect((oneProfile["decks"] as? [[String: Any]])?.map { $0["deck"] as? String } == [deck])
    }

    @Test(arguments: [
        (["--deck", "nope"], Int32(2), "option --deck expects a deck UUID, got 'nope'"),
        (["--deck", "6F9619FF-8B86-D011-B42D-00C04FC964FF"], 1,
         "there is no deck 6F9619FF-8B86-D011-B42D-00C04FC964FF of any profile (or it was deleted); leave out --deck to see every deck"),
        (["--profile", "6F9619FF-8B86-D011-B42D-00C04FC964FF"], 1, "there is no profile 6F9619FF-8B86-D011-B42D-00C04FC964FF"),
        (["--now", "tomorrow"], 2, "--now"),
    ] as [([String], Int32, String)])
    func errorsGoToStderrWithAnExitCode(arguments: [String], status: Int32, message: String) throws {
        let dir = try SmallStore.copy(cli)
        defer { dir.remove() }
        let result = try SmallStore.run(cli, ["distributions"] + arguments, in: dir)
        #expect(result.status == status)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func helpAndAMissingStore() throws {
        let help = try ChildProcess.run(cli, ["distributions", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("usage: hindsight distributions [--profile ID] [--deck ID] [--json] [--data-dir DIR]"))
        let dir = try TemporaryDirectory(prefix: "hindsight-none")
        defer { dir.remove() }
        let missing = try ChildProcess.run(cli, ["distributions", "--data-dir", dir.appending("none").path])
        #expect(missing.status == 1)
        #expect(!missing.stderr.isEmpty)
    }
}
