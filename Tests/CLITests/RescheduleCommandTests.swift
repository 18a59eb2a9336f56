import Foundation
import Testing
import TestSupport

/// `hindsight rebuild --apply --reschedule` on the built binary: the report line, the due dates
/// `due` shows afterwards, each equal to the card's due date recomputed from its whole history
/// under the new parameters (the audit's "today" column), and a second rebuild finding nothing
/// left to move.
@Suite struct RescheduleCommandTests {
    let cli = BuiltProducts.executable("hindsight")
    /// Four cards, all in the review phase by the end (one after a lapse and relearning).
    static let revlog = """
        card_id,review_time,review_rating,review_state,review_duration
        1,1767607200000,4,0,60000
        1,1768298400000,3,2,60000
        1,1771495200000,3,2,60000
        2,1767607260000,4,0,60000
        2,1768384800000,1,2,60000
        2,1768385400000,3,2,60000
        2,1769335200000,3,2,60000
        3,1767607320000,3,0,60000
        3,1767607920000,3,2,60000
        3,1767866400000,2,2,60000
        4,1767693600000,4,0,60000

        """
    static let change = ["--parameters", "fsrs5", "--desired-retention", "0.85", "--now", "2026-03-01T12:00:00Z"]

    func json(_ output: ProcessOutput) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    }

    /// Card id → due instant (ms) as `due --json` lists the reviews due by 1 June.
    func dueDates(_ dir: TemporaryDirectory) throws -> [String: Int64] {
        let due = try SmallStore.run(cli, ["due", "--json", "--limit", "10", "--now", "2026-06-01T12:00:00Z"], in: dir)
        #expect(due.status == 0, "\(due.stderr)")
        let profile = try #require((try json(due)["profiles"] as? [[String: Any]])?.first)
        var dates: [String: Int64] = [:]
        let cards = (profile["reviews"] as? [[String: Any]] ?? []) + [profile["nextDue"] as? [String: Any]].compactMap { $0 }
        for card in cards {
            let text = try #require(card["due"] as? String)
            let id = try #require(card["id"] as? String)
            let date = try #require(ISO8601DateFormatter().date(from: text))
            dates[id] = Int64((date.timeIntervalSince1970 * 1000).rounded())
        }
        return dates
    }

    @Test func reschedulingMovesEveryDueDateToItsRecomputation() throws {
        let dir = try SmallStore.make(cli, revlog: Self.revlog)
        defer { dir.remove() }
        let before = try dueDates(dir)
        let dry = try SmallStore.run(cli, ["rebuild", "--json"] + Self.change, in: dir)
        #expect(dry.status == 0, "\(dry.stderr)")
        let report = try #require(try json(dry)["report"] as? [String: Any])
        let moving = try #require((report["cardsChangingDue"] as? NSNumber)?.intValue)
        #expect(moving == 4 && (report["cardsCompared"] as? NSNumber)?.intValue == 4)

        let applied = try SmallStore.run(cli, ["rebuild", "--apply", "--reschedule"] + Self.change, in: dir)
        #expect(applied.status == 0, "\(applied.stderr)")
        #expect(applied.stdout.contains("4 of 4 cards change due date (rescheduled now)"))
        #expect(applied.stdout.contains("applied: recorded at positions 18...20; 4 due dates moved and reviews from now on use these parameters"))

        // `due` shows the moved dates: each the due date of the card's last review recomputed
        // under the new parameters and retention, as the audit's "today" column computes it.
        let after = try dueDates(dir)
        #expect(after.count == 4 && before.count == 4)
        for (card, due) in after {
            #expect(before[card] != due, "card \(card)")
            let audit = try SmallStore.run(cli, ["audit", "card", card, "--json", "--now", "2026-03-01T12:00:00Z"], in: dir)
            #expect(audit.status == 0, "\(audit.stderr)")
            let object = try json(audit)
            let last = try #require((object["reviews"] as? [[String: Any]])?.last { $0["status"] as? String == "counted" })
            let recomputed = try #require(last["recomputed"] as? [String: Any])
            #expect((recomputed["due"] as? NSNumber)?.int64Value == due, "card \(card)")
            #expect((recomputed["parameters"] as? [String: Any])?["version"] as? String == "FSRS-5")
            let reschedule = try #require((object["reschedules"] as? [[String: Any]])?.first)
            #expect(((reschedule["schedule"] as? [String: Any])?["dueMs"] as? NSNumber)?.int64Value == due)
        }

        // Nothing is left to move; a rebuild now compares the same schedules.
        let again = try SmallStore.run(cli, ["rebuild"] + Self.change, in: dir)
        #expect(again.status == 0)
        #expect(again.stdout.contains("0 of 4 cards change due date when rescheduled"))
    }

    @Test func rescheduleNeedsApply() throws {
        let dir = try SmallStore.copy(cli)
        defer { dir.remove() }
        let result = try SmallStore.run(cli, ["rebuild", "--reschedule"] + Self.change, in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains("--reschedule changes due dates when the change is recorded; add --apply"), "\(result.stderr)")
        let json = try SmallStore.run(cli, ["rebuild", "--apply", "--reschedule", "--json"] + Self.change, in: dir)
        #expect(json.status == 0, "\(json.stderr)")
        let object = try self.json(json)
        #expect(object["rescheduled"] as? Bool == true)
        #expect((object["applied"] as? [Int])?.count == 2)
    }
}
