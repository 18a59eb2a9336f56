import Foundation
import Testing
import TestSupport

/// `hindsight sessions` on the built binary over the demo store, beyond what every view is
/// tested for (``ReadModelCommandTests``): `--days`, the figures against `stats`, the text.
@Suite struct SessionsCommandTests {
    /// Every review of Alex's (and Sam's: none) is graded in a study session, so those sessions of
    /// the last N days hold exactly the reviews `stats` counts over the same days; Robin also
    /// reviews outside a session (the demo's leech scene), so hers hold fewer, never more.
    @Test(arguments: [1, 3, 14, 60])
    func sessionsHoldTheReviewsStatsCounts(days: Int) throws {
        let sessions = try json(["sessions", "--days", "\(days)", "--json"])
        let stats = try json(["stats", "--days", "\(days)", "--json"])
        let inSessions = sessions.map { ($0["name"] as? String ?? "", ($0["sessions"] as? [[String: Any]] ?? []).reduce(0) { $0 + ($1["reviews"] as? Int ?? 0) }) }
        let counted = stats.map { ($0["name"] as? String ?? "", ($0["total"] as? [String: Any])?["reviews"] as? Int ?? -1) }
        #expect(inSessions.map(\.0) == counted.map(\.0))
        #expect(inSessions[0].1 == counted[0].1 && inSessions[2].1 == counted[2].1, "Alex and Sam: \(inSessions) \(counted)")
        #expect(inSessions[1].1 <= counted[1].1, "Robin: \(inSessions) \(counted)")
    }

    @Test func aSessionsFiguresAndText() throws {
        let alex = ReadModelCommandTests.alex
        let sessions = try json(["sessions", "--profile", alex, "--days", "3", "--json"])
        let first = try #require((sessions.first?["sessions"] as? [[String: Any]])?.first)
        #expect(first.keys.sorted() == ["again", "cards", "durationSeconds", "easy", "ended", "good", "hard", "id", "outcome",
                                        "reviewSeconds", "reviews", "started"])
        #expect(first["started"] as? String == "2026-02-28T20:07:00+01:00" && first["ended"] as? String == "2026-02-28T20:08:10+01:00")
        #expect(first["durationSeconds"] as? Int == 70 && first["reviewSeconds"] as? Int == 2)
        #expect(first["outcome"] as? String == "ended")
        #expect(first["reviews"] as? Int == 1 && first["good"] as? Int == 1 && first["cards"] as? Int == 1)
        let text = try DemoStore.run(["sessions", "--profile", alex, "--days", "3"])
        #expect(text.status == 0)
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.prefix(3) == [
            "== Alex (\(alex)) ==",
            "sessions: 2 sessions in the last 3 days",
            "  started                  status     reviews again hard good easy cards minutes review-minutes",
        ])
        #expect(lines.count == 5 && lines[3] == "  2026-02-28 20:07 +01:00  ended     1       0     0    1    0    1     1.2     0.0")
        let none = try DemoStore.run(["sessions", "--profile", ReadModelCommandTests.sam, "--days", "3"])
        #expect(none.stdout.hasSuffix("\nsessions: none in the last 3 days\n"))
    }

    @Test(arguments: ["0", "3661", "x", ""])
    func daysOutOfRangeIsAUsageError(days: String) throws {
        let result = try DemoStore.run(["sessions", "--days", days])
        #expect(result.status == 2)
        #expect(result.stderr.contains("a number of days in 1 … 3660"), "\(result.stderr)")
    }

    /// `dictation`: the words and dictations `stats` counts day by day, and Robin's figures.
    @Test func dictationAgreesWithStats() throws {
        let dictation = try json(["dictation", "--json"])
        let stats = try json(["stats", "--days", "3660", "--json"])
        #expect(dictation.map { ($0["total"] as? [String: Any])?["words"] as? Int }
                == stats.map { ($0["total"] as? [String: Any])?["wordsDictated"] as? Int })
        #expect(dictation.map { ($0["total"] as? [String: Any])?["dictations"] as? Int }
                == stats.map { ($0["total"] as? [String: Any])?["dictations"] as? Int })
        let text = try DemoStore.run(["dictation", "--profile", "40B10000-0000-4000-8000-000000000003"])
        #expect(text.stdout == """
            == Robin (40B10000-0000-4000-8000-000000000003) ==
            dictation: 1 language
              language  dictations words  minutes wpm
              en        41         5620   131.6   42.7
              total     41         5620   131.6   42.7

            """)
    }

    /// The profiles of `sessions`, `dictation` or `stats` `--json`.
    func json(_ arguments: [String]) throws -> [[String: Any]] {
        let result = try DemoStore.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return try #require(object?["profiles"] as? [[String: Any]])
    }
}
