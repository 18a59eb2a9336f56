import Foundation
import Testing
import TestSupport

/// `hindsight audit card` on the built binary, over a copy of `Tests/Fixtures/audit-store`.
@Suite struct AuditCommandTests {
    let cli = BuiltProducts.executable("hindsight")
    static let card = "03000000-0000-0000-0000-000000000001"

    /// A fresh copy of the fixture store (commands may write to it).
    static func storeCopy() throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory()
        try FileManager.default.copyItem(atPath: Fixtures.url("audit-store").path, toPath: dir.appending("store").path)
        return dir
    }

    @Test func printsEveryReviewAsJSONAndAsText() throws {
        let dir = try Self.storeCopy()
        defer { dir.remove() }
        let store = dir.appending("store").path
        let json = try ChildProcess.run(cli, ["audit", "card", Self.card, "--data-dir", store, "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let reviews = try #require(object["reviews"] as? [[String: Any]])
        #expect((object["position"] as? NSNumber)?.intValue == 329)
        #expect(reviews.first?["status"] as? String == "undone")
        let counted = try #require(reviews.first { $0["status"] as? String == "counted" })
        let then = try #require(counted["atTheTime"] as? [String: Any])
        #expect((then["stabilityAfter"] as? NSNumber)?.doubleValue ?? 0 > 0)
        #expect((then["parameters"] as? [String: Any])?["version"] as? String == "FSRS-6")
        #expect((counted["recomputed"] as? [String: Any])?["parameters"].flatMap { ($0 as? [String: Any])?["version"] } as? String == "FSRS-5")

        let text = try ChildProcess.run(cli, ["audit", "card", Self.card, "--data-dir", store])
        #expect(text.status == 0)
        #expect(text.stdout.contains("card \(Self.card)"))
        #expect(text.stdout.contains("(does not count)"))
        #expect(text.stdout.contains("reviews differ under today's parameters"))
    }

    @Test func asOfAPositionOrAnInstantCutsTheHistory() throws {
        let dir = try Self.storeCopy()
        defer { dir.remove() }
        let store = dir.appending("store").path
        func count(_ asOf: String) throws -> Int {
            let result = try ChildProcess.run(cli, ["audit", "card", Self.card, "--data-dir", store, "--as-of", asOf, "--json"])
            #expect(result.status == 0, "\(result.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            return (object?["reviews"] as? [Any])?.count ?? -1
        }
        let all = try count("329")
        #expect(try count("120") < all)
        #expect(try count("2024-01-24T00:00:00Z") == 1)
        #expect(try count("2030-01-01T00:00:00Z") == all)
    }

    @Test(arguments: [
        (["audit", "card"], 2, "missing ID (the card's id (a UUID), or the card_id of a card imported from a revlog"),
        (["audit", "card", "not-a-uuid"], 1, "no card in the store was imported with card_id 'not-a-uuid'"),
        (["audit", "card", card, "--as-of", "yesterday"], 2, "option --as-of expects a log position"),
        (["audit", "card", card, "--bogus"], 2, "unknown option --bogus"),
        (["audit", "card", "03000000-0000-0000-0000-0000000000FF"], 1, "no card 03000000-0000-0000-0000-0000000000FF was created"),
        (["audit", "card", card, "--as-of", "99999"], 1, "the log ends at position 329"),
    ])
    func errorsGoToStderrWithAnExitCode(arguments: [String], status: Int32, message: String) throws {
        let dir = try Self.storeCopy()
        defer { dir.remove() }
        let result = try ChildProcess.run(cli, arguments + ["--data-dir", dir.appending("store").path])
        #expect(result.status == status)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func aMissingStoreIsAnError() throws {
        let result = try ChildProcess.run(cli, ["audit", "card", Self.card, "--data-dir", "/nonexistent/store"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("there is no store in /nonexistent/store: the directory does not exist"))
    }

    @Test func helpPrintsTheUsage() throws {
        let result = try ChildProcess.run(cli, ["audit", "card", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("usage: hindsight audit card ID [--data-dir DIR] [--as-of POSITION|ISO8601] [--by recorded|occurred]"))
        #expect(result.stdout.contains("[--json] [--now TIME] [-h|--help]"))
    }
}
