import Foundation
import Testing
import TestSupport

/// `--as-of` with `--by recorded|occurred` (`audit card`, `rebuild`), and `demo --now` on an
/// existing store: the demo's history was all recorded at once (at its `--now`), after it
/// happened, so only a cut by when events happened sees it as it stood on a past day.
@Suite struct TimeTravelCommandTests {
    static let cli = BuiltProducts.executable("hindsight")
    /// A month before the demo store's `--now`.
    static let monthBefore = "2026-02-01T00:00:00Z"

    /// A card of the demo store that has reviews (the first of Alex's due queue).
    static func reviewedCard() throws -> String {
        let due = try DemoStore.run(["due", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(due.stdout.utf8)) as? [String: Any])
        let profiles = try #require(object["profiles"] as? [[String: Any]])
        let reviews = try #require(profiles.first?["reviews"] as? [[String: Any]])
        return try #require(reviews.first?["id"] as? String)
    }

    @Test func auditByRecordedTimeFindsNothingOfADemoHistoryAndSaysWhatToTry() throws {
        let card = try Self.reviewedCard()
        let result = try ChildProcess.run(Self.cli, ["audit", "card", card, "--data-dir", try DemoStore.path(),
                                                     "--as-of", Self.monthBefore])
        #expect(result.status == 1)
        #expect(result.stderr.contains("was created as of the events recorded by 2026-02-01T00:00:00Z (position 0)"), "\(result.stderr)")
        #expect(result.stderr.contains("(--by occurred)"), "\(result.stderr)")
    }

    @Test func auditByOccurredTimeSeesTheCardAsItStoodThen() throws {
        let card = try Self.reviewedCard()
        let store = try DemoStore.path()
        let then = try ChildProcess.run(Self.cli, ["audit", "card", card, "--data-dir", store, "--as-of", Self.monthBefore,
                                                   "--by", "occurred", "--json"])
        let latest = try ChildProcess.run(Self.cli, ["audit", "card", card, "--data-dir", store, "--json"])
        #expect(then.status == 0 && latest.status == 0, "\(then.stderr)")
        func reviewsAndPosition(_ text: String) throws -> (Int, Int) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            return (try #require(object["reviews"] as? [Any]).count, try #require(object["position"] as? Int))
        }
        let (reviewsThen, positionThen) = try reviewsAndPosition(then.stdout)
        let (reviewsNow, positionNow) = try reviewsAndPosition(latest.stdout)
        #expect(positionThen > 0 && positionThen < positionNow)
        #expect(reviewsThen <= reviewsNow)
    }

    @Test("--by is refused where it means nothing", arguments: [
        (["--as-of", "2026-02-01T00:00:00Z", "--by", "when"], "option --by expects 'recorded' or 'occurred', got 'when'"),
        (["--as-of", "12", "--by", "occurred"], "option --by applies to an --as-of instant, not a log position (12)"),
        (["--by", "occurred"], "option --by says how an --as-of instant cuts the log; give --as-of too"),
    ] as [([String], String)])
    func byMisused(arguments: [String], message: String) throws {
        let result = try ChildProcess.run(Self.cli, ["audit", "card", "6F9619FF-8B86-D011-B42D-00C04FC964FF",
                                                     "--data-dir", try DemoStore.path()] + arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: " + message), "\(result.stderr)")
    }

    @Test func demoNowOnAnExistingStoreShowsItAsItStoodThen() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = try DemoStore.copy(into: dir)
        let result = try ChildProcess.run(Self.cli, ["demo", "--data-dir", store, "--now", "2026-02-01T18:00:00+01:00"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("shown as of --now: the events that happened by 2026-02-01T17:00:00Z (read through position ") })
        // Each profile's 14 days end on --now's day, and nothing after it shows.
        #expect(lines.contains { $0.hasPrefix("2026-02-01 ") })
        #expect(!result.stdout.contains("2026-02-02") && !result.stdout.contains("2026-03-01"), "\(result.stdout)")
        // Without --now, the store shows as it is.
        let plain = try ChildProcess.run(Self.cli, ["demo", "--data-dir", store])
        #expect(plain.status == 0 && !plain.stdout.contains("shown as of --now"))
    }
}
