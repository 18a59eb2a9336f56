import Foundation
import Testing
import TestSupport

/// The demo shows each scene of what the apps can do, from the read models (and the store's
/// refusal of the child's command).
@Suite struct DemoScenesTests {
    @Test(arguments: [
        "parent sets limits: Alex set Sam's limits: at most 2 stories a day, themes space, animals, ocean, friendship (2025-12-01 18:30 +01:00)",
        "refused: Sam tried to allow Sam 10 stories a day: parent-required: profile 5A300000-0000-4000-8000-000000000002 is a child's "
            + "profile and cannot set parental controls; a parent's profile must send this command",
        "parent sets a setting: Sam's day starts at 5:00 (the day cut-off is parent-controlled for a child: Alex's profile set it, naming Sam)",
        "refused: Sam tried to start Sam's day at 8:00: parent-required: profile 5A300000-0000-4000-8000-000000000002 is a child's "
            + "profile and the day cut-off is parent-controlled; a parent's profile must send this command, naming the child "
            + "(child: 5A300000-0000-4000-8000-000000000002)",
        "retried story: \"Sam and the Patient Whale\" failed at first (the generator timed out) and was generated on retry "
            + "2026-02-28 19:43 +01:00 by demo-story-model",
        "card with its translation: house → casa; translations fr \"maison\"; example \"Mi casa es tu casa.\" (hindsight card ",
        "session summary: Alex, 2026-0",
        "leech: Robin's \"station\" → \"Bahnhof\", 8 lapses (a leech from 8)",
        "app-wide settings: app.language = \"en\" (set by Alex)",
    ])
    func theDemoPrintsTheScene(_ scene: String) throws {
        let lines = try DemoStore.demoOutput().split(separator: "\n").map(String.init)
        let scenes = try #require(lines.firstIndex(of: "== scenes =="))
        #expect(lines[scenes...].contains { $0.hasPrefix(scene) }, "missing \(scene)")
    }

    @Test func theSessionSummaryAgreesWithStats() throws {
        let line = try #require(try DemoStore.demoOutput().split(separator: "\n").first { $0.hasPrefix("session summary: Alex, ") })
        let date = String(line.dropFirst("session summary: Alex, ".count).prefix(10))
        let stats = try DemoStore.run(["stats", "--profile", "A1E00000-0000-4000-8000-000000000001", "--days", "14"]).stdout
        let row = try #require(stats.split(separator: "\n").first { $0.hasPrefix(date) })
        let reviews = try #require(Int(row.split(separator: " ")[1]))
        #expect(line.contains(": \(reviews) review"), "\(line) vs \(row)")
    }
}
