import Foundation
import Testing
import TestSupport

/// The demo and the query commands show the same things the same way: one due vocabulary, one
/// streak line, one day table, one time format, one profile order.
@Suite struct ViewAgreementTests {
    static let profiles = [("Alex", "A1E00000-0000-4000-8000-000000000001"), ("Robin", "40B10000-0000-4000-8000-000000000003"),
                           ("Sam", "5A300000-0000-4000-8000-000000000002")]

    /// The demo's block of lines for each profile, by header.
    func demoBlocks() throws -> [String: [String]] {
        var blocks: [String: [String]] = [:]
        var current: String?
        for line in try DemoStore.demoOutput().split(separator: "\n").map(String.init) {
            if line.hasPrefix("== ") { current = line } else if let current { blocks[current, default: []].append(line) }
        }
        return blocks
    }

    @Test(arguments: profiles)
    func demoAgreesWithDueAndStats(name: String, id: String) throws {
        let header = "== \(name) (\(id)) =="
        let demo = try #require(try demoBlocks()[header])
        let due = try DemoStore.run(["due", "--profile", id]).stdout.split(separator: "\n").map(String.init)
        #expect(due[0] == header)
        #expect(demo.contains(due[1]), "demo lacks `due`'s line \(due[1])")
        let stats = try DemoStore.run(["stats", "--profile", id, "--days", "14"]).stdout.split(separator: "\n").map(String.init)
        #expect(stats[0] == header)
        // The streak line, the table's heading, its 14 rows and the total, line for line.
        let start = try #require(demo.firstIndex(of: stats[1]), "demo lacks `stats`'s line \(stats[1])")
        let table = try #require(demo.firstIndex(of: stats[2]))
        #expect(table > start)
        #expect(Array(demo[table..<(table + 16)]) == Array(stats[2...]))
    }

    /// "Due today" (by the end of the local day) is one count in `due` and `rebuild`.
    @Test func dueTodayAgreesWithRebuild() throws {
        let due = try #require(try JSONSerialization.jsonObject(with: Data(try DemoStore.run(["due", "--json"]).stdout.utf8)) as? [String: Any])
        let perProfile = try #require(due["profiles"] as? [[String: Any]]).map { ($0["dueToday"] as? Int ?? -1, $0["due"] as? Int ?? -1) }
        let rebuild = try DemoStore.run(["rebuild", "--parameters", "fsrs6", "--json"])
        #expect(rebuild.status == 0, "\(rebuild.stderr)")
        let report = try #require((try JSONSerialization.jsonObject(with: Data(rebuild.stdout.utf8)) as? [String: Any])?["report"]
                                  as? [String: Any])
        let before = try #require(report["before"] as? [String: Any])
        #expect(perProfile.map(\.0).reduce(0, +) == before["dueToday"] as? Int)
        #expect(perProfile.allSatisfy { $0.0 >= $0.1 }, "due today counts every card due now")
        let text = try DemoStore.run(["rebuild", "--parameters", "fsrs6"]).stdout
        #expect(text.contains("  due today         \(perProfile.map(\.0).reduce(0, +))"))
    }

    /// Every time any view prints has its offset, and no count reads "1 days".
    @Test(arguments: [["due"], ["stats"], ["achievements"], ["spelling"], ["stories"], ["profiles"], ["settings"]])
    func oneTimeFormatAndEnglish(arguments: [String]) throws {
        let outputs = [try DemoStore.run(arguments).stdout, try DemoStore.demoOutput()]
        let minute = try Regex(#"\d{4}-\d\d-\d\d[ T]\d\d:\d\d"#)
        let withOffset = try Regex(#"\d{4}-\d\d-\d\d \d\d:\d\d [+-]\d\d:\d\d"#)
        let plural = try Regex(#"(^|[^0-9.])1 (days|stories|reviews|words|sessions|tests|pages|settings|services|achievements)\b"#)
        for output in outputs {
            #expect(output.matches(of: minute).count == output.matches(of: withOffset).count, "a time without its offset")
            #expect(output.firstMatch(of: plural) == nil, "\(output.firstMatch(of: plural).map { String(output[$0.range]) } ?? "")")
            #expect(!output.contains(" a animals") && !output.contains(" a ocean"))
        }
    }
}
