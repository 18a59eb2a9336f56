import Foundation
import Testing
import TestSupport

/// `hindsight audit card`'s prediction on the built binary, for the small store's card created at
/// position 8: reviewed easy once, on 27 February 2026 at 11:00 (UTC+1), so S = w3 = 8.2956,
/// D = 1 (FSRS-6 defaults). On 20 March (21 days later) R = (1 + 0.98035·21/S)^(−0.1542) = 0.8250;
/// it fell to 0.9 after I(S, 0.9) = 8.2956 → 9 days, on 8 March (R(9) = 0.8943); good now gives
/// S' = S·(e^w8·(11 − D)·S^(−w9)·(e^((1 − R)·w10) − 1) + 1) = 64.97 (FORMULAS.md 3, 5).
@Suite struct AuditPredictionCommandTests {
    let cli = BuiltProducts.executable("hindsight")
    static let now = "2026-03-20T12:00:00Z"

    @Test func textShowsTheCurveAndEachRating() throws {
        let dir = try SmallStore.copy(cli)
        defer { dir.remove() }
        let result = try SmallStore.run(cli, ["audit", "card", SmallStore.card, "--now", Self.now], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix("prediction at ") })
        #expect(lines[start] == "prediction at 2026-03-20 12:00 +00:00 (local day 2026-03-20) with FSRS-6 0e850b31b24fdcf1, "
                + "desired retention 0.9, day cut-off 4:00, fuzz on")
        #expect(lines[start + 1].hasPrefix("retrievability: now 0.8250  +1d 0.8208  +3d "))
        #expect(lines[start + 1].contains("  +90d "))
        #expect(lines[start + 2] == "falls to the desired retention 0.9 on 2026-03-08 (12 day(s) ago, 9 days after the last review): R 0.8943")
        #expect(lines[start + 3] == "if reviewed now:")
        #expect(lines[start + 4].hasPrefix("  again  a relearning step    due 2026-03-20 12:10 +00:00  S "))
        #expect(lines[start + 6].hasPrefix("  good   ") && lines[start + 6].contains("  S 64.97"))
        #expect(lines.count == start + 8)
    }

    @Test func jsonCarriesThePrediction() throws {
        let dir = try SmallStore.copy(cli)
        defer { dir.remove() }
        let result = try SmallStore.run(cli, ["audit", "card", SmallStore.card, "--json", "--now", Self.now], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let prediction = try #require(object["prediction"] as? [String: Any])
        let curve = try #require(prediction["curve"] as? [[String: Any]])
        #expect(curve.compactMap { ($0["daysFromNow"] as? NSNumber)?.intValue } == [0, 1, 3, 7, 14, 30, 90])
        #expect(curve.compactMap { ($0["elapsedDays"] as? NSNumber)?.intValue } == [21, 22, 24, 28, 35, 51, 111])
        #expect(abs(((curve.first?["retrievability"] as? NSNumber)?.doubleValue ?? 0) - 0.82500) < 1e-5)
        let reached = try #require(prediction["desiredRetentionReached"] as? [String: Any])
        #expect((reached["daysFromNow"] as? NSNumber)?.intValue == -12)
        let outcomes = try #require(prediction["outcomes"] as? [[String: Any]])
        #expect(outcomes.compactMap { ($0["rating"] as? NSNumber)?.intValue } == [1, 2, 3, 4])
        #expect(outcomes.compactMap { $0["phase"] as? String } == ["relearning", "review", "review", "review"])
        #expect((outcomes.first?["intervalDays"] as? NSNumber)?.intValue == 0)
        #expect(abs(((outcomes[2]["stability"] as? NSNumber)?.doubleValue ?? 0) - 64.97) < 0.01)
        #expect((prediction["parameters"] as? [String: Any])?["desiredRetention"] as? Double == 0.9)
    }

    @Test func aBadNowIsAUsageError() throws {
        let result = try ChildProcess.run(cli, ["audit", "card", SmallStore.card, "--now", "soon"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--now"), "\(result.stderr)")
    }
}
