import Foundation
import Testing
import TestSupport

/// `hindsight card ID` on the built binary, on the demo store: content, state and history.
@Suite struct CardCommandTests {
    /// The id of Alex's card "house", which the demo's scenes gave a translation.
    static func houseCard() throws -> String {
        let line = try #require(try DemoStore.demoOutput().split(separator: "\n").first { $0.hasPrefix("card with its translation: ") })
        let start = try #require(line.range(of: "(hindsight card "))
        return String(line[start.upperBound...].dropLast())
    }

    @Test func showsContentStateAndHistory() throws {
        let id = try Self.houseCard()
        let result = try DemoStore.run(["card", id])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].hasPrefix("card \(id)  deck ") && lines[0].hasSuffix("  profile Alex (A1E00000-0000-4000-8000-000000000001)"))
        #expect(Array(lines[1...5]) == ["front: house", "back: casa", "translations: fr \"maison\"", "example sentences: ",
                                        "  \"Mi casa es tu casa.\" (demo-sentence-model)"])
        #expect(lines[6].hasPrefix("state: ") && lines[6].contains(", retrievability now 0."))
        #expect(lines[7] == "flags: none")
        #expect(lines[8].hasPrefix("history: ") && lines[8].contains(" counted (again "))
        #expect(lines[9].hasPrefix("first review: 2025-12-") && lines[9].contains("; last review: 2026-"))

        let json = try DemoStore.run(["card", id, "--json"])
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["front"] as? String == "house" && object["back"] as? String == "casa")
        #expect((object["translations"] as? [[String: String]]) == [["language": "fr", "text": "maison"]])
        let history = try #require(object["history"] as? [String: Any])
        let counted = ["again", "hard", "good", "easy"].compactMap { history[$0] as? Int }.reduce(0, +)
        let state = try #require(object["state"] as? [String: Any])
        // Every counted review is one of the card's reps (an undone one is not).
        #expect(counted == state["reps"] as? Int)
        #expect(object["leech"] as? Bool == false && object["buried"] as? Bool == false)
        #expect(object["importedAs"] == nil)  // made in the app, not imported from a revlog
    }

    @Test func theLeechIsFlagged() throws {
        let demo = try DemoStore.demoOutput()
        #expect(demo.contains("leech: Robin's \"station\" → \"Bahnhof\", 8 lapses"))
        let due = try #require(try JSONSerialization.jsonObject(with: Data(try DemoStore.run(["due", "--json", "--limit", "100",
            "--profile", "40B10000-0000-4000-8000-000000000003"]).stdout.utf8)) as? [String: Any])
        let cards = try #require((due["profiles"] as? [[String: Any]])?.first?["reviews"] as? [[String: Any]])
        let station = try #require(cards.first { $0["front"] as? String == "station" }?["id"] as? String)
        let result = try DemoStore.run(["card", station])
        #expect(result.stdout.contains("\nflags: leech\n"), "\(result.stdout)")
        #expect(result.stdout.contains(", 8 lapses\n"))
    }

    @Test(arguments: [
        (["card", "20000000-0000-4000-8000-00000000C0DE"], Int32(1), "there is no card 20000000-0000-4000-8000-00000000C0DE in the store"),
        (["card", "house"], Int32(1), "no card in the store was imported with card_id 'house'"),
        (["card", " "], Int32(2), "card ID is empty"),
        (["audit", "card", "house"], Int32(1), "no card in the store was imported with card_id 'house'"),
        (["card"], Int32(2), "ID"),
    ])
    func refusals(arguments: [String], status: Int32, message: String) throws {
        let result = try DemoStore.run(arguments)
        #expect(result.status == status)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func help() throws {
        let result = try ChildProcess.run(BuiltProducts.executable("hindsight"), ["card", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("usage: hindsight card ID [--json] [--data-dir DIR] [--now TIME] [-h|--help]"))
        #expect(result.stdout.contains("Exit codes: 0 shown, 1 no such card, no store or a log that cannot be read, 2 usage error."))
    }

    /// An imported card is found by the `card_id` it came with, as by its id; when imports for
    /// two profiles made cards of one `card_id`, the error names both cards' ids.
    /// The `importedAs` member of a JSON object (NSNull when absent).
    static func importedAs(_ json: String) throws -> Any {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return object?["importedAs"] ?? NSNull()
    }

    @Test func anImportedCardIsFoundByItsRevlogCardID() throws {
        let cli = BuiltProducts.executable("hindsight")
        let dir = try SmallStore.copy(cli)
        defer { dir.remove() }
        let now = ["--now", "2026-03-01T12:00:00+01:00"]
        let byID = try SmallStore.run(cli, ["card", SmallStore.card, "--json"] + now, in: dir)
        #expect(byID.status == 0, "\(byID.stderr)")
        for spelling in ["3", " 3", "+3"] {
            let byCardID = try SmallStore.run(cli, ["card", spelling, "--json"] + now, in: dir)
            #expect(byCardID.status == 0, "\(byCardID.stderr)")
            #expect(byCardID.stdout == byID.stdout, "card_id '\(spelling)'")
        }
        // The card says which card_id it came with: a number in JSON, a line in text.
        #expect(try Self.importedAs(byID.stdout) as? Int == 3)
        let text = try SmallStore.run(cli, ["card", "3"] + now, in: dir)
        #expect(text.stdout.split(separator: "\n").dropFirst().first == "imported from a revlog as card_id 3", "\(text.stdout)")
        let audit = try SmallStore.run(cli, ["audit", "card", "3", "--json"] + now, in: dir)
        let auditByID = try SmallStore.run(cli, ["audit", "card", SmallStore.card, "--json"] + now, in: dir)
        #expect(audit.status == 0 && audit.stdout == auditByID.stdout, "\(audit.stderr)")
        #expect(try Self.importedAs(audit.stdout) as? Int == 3)
        let auditText = try SmallStore.run(cli, ["audit", "card", "3"] + now, in: dir)
        #expect(auditText.stdout.split(separator: "\n").dropFirst().first == "imported from a revlog as card_id 3", "\(auditText.stdout)")
        #expect(try SmallStore.run(cli, ["card", "4"], in: dir).stderr.contains("no card in the store was imported with card_id '4'"))

        let other = "10000000-0000-4000-8000-000000000002"
        let imported = try ChildProcess.run(cli, ["import", "--profile", other, "--format", "revlog", "--deck", "small", "--data-dir", "store", "-"],
                                            currentDirectory: dir.url, input: Data(SmallStore.revlog.utf8))
        #expect(imported.status == 0, "\(imported.stderr)")
        let twice = try SmallStore.run(cli, ["card", "3"], in: dir)
        #expect(twice.status == 1)
        #expect(twice.stderr.contains("cards of 2 profiles were imported with card_id '3'; give one of their ids instead: "))
        #expect(twice.stderr.contains(SmallStore.card), "\(twice.stderr)")
    }
}

