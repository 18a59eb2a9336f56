import Foundation
import Testing
import TestSupport

/// `hindsight achievements`, `spelling`, `stories`, `profiles`, `settings`, `sessions` and `dictation` on the
/// built binary, over the demo store.
@Suite struct ReadModelCommandTests {
    static let commands = ["achievements", "spelling", "stories", "profiles", "settings", "sessions", "dictation"]
    /// The options a command takes beyond the views' own, as its usage line shows them.
    static let ownOptions = ["sessions": " [--days N]\n                          "]
    static let sam = "5A300000-0000-4000-8000-000000000002"
    static let alex = "A1E00000-0000-4000-8000-000000000001"

    @Test(arguments: commands)
    func helpPrintsTheUsage(command: String) throws {
        let result = try ChildProcess.run(BuiltProducts.executable("hindsight"), [command, "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("usage: hindsight \(command) [--profile ID] [--json] [--data-dir DIR] [--now TIME]"
                                        + (Self.ownOptions[command] ?? " ") + "[-h|--help]\n"), "\(result.stdout)")
        #expect(result.stderr.isEmpty)
    }

    /// Text: a header per profile, by name then id, each followed by its lines.
    @Test(arguments: commands)
    func everyProfileByName(command: String) throws {
        let result = try DemoStore.run([command])
        #expect(result.status == 0, "\(result.stderr)")
        let headers = result.stdout.split(separator: "\n").filter { $0.hasPrefix("== ") }
        #expect(headers == ["== Alex (\(Self.alex)) ==", "== Robin (40B10000-0000-4000-8000-000000000003) ==",
                            "== Sam (\(Self.sam)) =="])
    }

    /// `--json`: one document on one line, keys sorted, the profiles in the same order.
    @Test(arguments: commands)
    func jsonIsOneDocument(command: String) throws {
        let result = try DemoStore.run([command, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("}\n") && result.stdout.filter { $0 == "\n" }.count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        // `settings` shows the app-wide settings first, under `app`.
        #expect(object.keys.sorted() == (command == "settings" ? ["app", "position", "profiles"] : ["position", "profiles"]))
        #expect(result.stdout.hasPrefix(command == "settings" ? "{\"app\":" : "{\"position\":"))
        let profiles = try #require(object["profiles"] as? [[String: Any]])
        #expect(profiles.map { $0["name"] as? String } == ["Alex", "Robin", "Sam"])
        let again = try DemoStore.run([command, "--json"])
        #expect(again.stdout == result.stdout)
    }

    @Test(arguments: commands)
    func oneProfile(command: String) throws {
        let result = try DemoStore.run([command, "--profile", Self.sam, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((object["profiles"] as? [[String: Any]])?.map { $0["id"] as? String } == [Self.sam])
    }

    @Test(arguments: commands)
    func errorsAndExitCodes(command: String) throws {
        let unknown = try DemoStore.run([command, "--profile", "20000000-0000-4000-8000-000000000002"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("there is no profile 20000000-0000-4000-8000-000000000002 in the store; leave out --profile"))
        let malformed = try DemoStore.run([command, "--profile", "sam"])
        #expect(malformed.status == 2)
        #expect(malformed.stderr.contains("option --profile expects a profile UUID, got 'sam'"))
        let extra = try DemoStore.run([command, "extra"])
        #expect(extra.status == 2)
        #expect(extra.stderr.contains("unexpected argument: extra"))
        let dir = try TemporaryDirectory(prefix: "hindsight-views")
        defer { dir.remove() }
        let missing = try ChildProcess.run(BuiltProducts.executable("hindsight"), [command, "--data-dir", dir.appending("none").path])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("there is no store in "))
        #expect(!FileManager.default.fileExists(atPath: dir.appending("none").path))
    }

    @Test func settingsAndServicesExactly() throws {
        let result = try DemoStore.run(["settings", "--profile", Self.alex, "--json"])
        #expect(result.stdout.contains("""
            "services":[{"configured":"2025-12-01T18:30:00+01:00","credential":"keychain:openai-api-key","service":"openai"}],\
            "settings":[{"changed":"2025-12-01T18:30:00+01:00","key":"appearance.theme","value":{"string":"dark"}}]
            """), "\(result.stdout)")
        #expect(result.stdout.contains("""
            "app":{"settings":[{"changed":"2026-02-28T22:00:00+01:00","changedBy":"A1E00000-0000-4000-8000-000000000001",\
            "changedByName":"Alex","key":"app.language","value":{"string":"en"}}]}
            """), "\(result.stdout)")
        let text = try DemoStore.run(["settings", "--profile", Self.sam])
        #expect(text.stdout == """
            app-wide settings: 1 setting
              app.language = "en"  (changed 2026-02-28 22:00 +01:00 by Alex)
            == Sam (\(Self.sam)) ==
            settings: 1 setting
              spelling.voice = "calm"  (changed 2025-12-01 18:30 +01:00)
            services: none

            """)
    }

    @Test func profilesSayWhoIsAChild() throws {
        let result = try DemoStore.run(["profiles", "--profile", Self.sam])
        #expect(result.stdout == """
            == Sam (\(Self.sam)) ==
            child, created 2025-12-01 18:30 +01:00
            day starts at 4:00; desired retention 0.9 (default); FSRS parameters: default

            """)
        let json = try DemoStore.run(["profiles", "--json", "--profile", "40B10000-0000-4000-8000-000000000003"])
        #expect(json.stdout.contains("\"child\":false,\"created\":\"2025-12-01T18:30:00+01:00\",\"dayCutoffHour\":3,"
                                     + "\"defaultParameters\":true,\"defaultRetention\":false,\"desiredRetention\":0.92"), "\(json.stdout)")
    }

    @Test func storiesShowControlsAndTheLibrary() throws {
        let result = try DemoStore.run(["stories", "--profile", Self.sam])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines[1] == "parental controls: at most 2 stories a day, themes space, animals, ocean, friendship "
                + "(set 2025-12-01 18:30 +01:00)")
        #expect(lines[3].hasPrefix("library: ") && lines[3].hasSuffix(" favourite"))
        let stories = lines.dropFirst(4)
        #expect(stories.count > 20)
        #expect(!result.stdout.contains("a animals") && !result.stdout.contains("a ocean"))
        // Bedtime stories are asked for in the evening, local time.
        for line in stories {
            let hour = try #require(Int(line.dropFirst(13).prefix(2)), "\(line)")
            #expect((19...20).contains(hour), "\(line)")
        }
        let json = try DemoStore.run(["stories", "--profile", Self.alex, "--json"])
        #expect(json.stdout.contains("\"parentalControls\":null") == false)
        #expect(json.stdout.contains("\"stories\":[],\"storiesToday\":0"), "\(json.stdout)")
    }

    @Test func spellingPractisedInTheAfternoon() throws {
        let result = try DemoStore.run(["spelling", "--profile", Self.sam, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let sam = try #require((object["profiles"] as? [[String: Any]])?.first)
        let tests = try #require(sam["tests"] as? [[String: Any]])
        #expect(tests.map { $0["title"] as? String } == ["Week 1: animals", "Week 2: tricky words", "Week 3: -tion words"])
        #expect(tests.allSatisfy { ($0["sessions"] as? Int ?? 0) > 0 })
        let words = try #require(sam["words"] as? [[String: Any]])
        #expect(words.count == 18)
        #expect(words.compactMap { $0["word"] as? String } == words.compactMap { $0["word"] as? String }.sorted())
        for word in words {
            let correct = try #require(word["correct"] as? Int), attempts = try #require(word["attempts"] as? Int)
            #expect(correct <= attempts && correct > 0)
            let last = try #require(word["lastPractised"] as? String)
            #expect(last.hasSuffix("+01:00"))
            let hour = try #require(Int(last.dropFirst(11).prefix(2)))
            #expect((16...17).contains(hour), "\(last)")
        }
    }

    @Test func achievementsEarnedInOrder() throws {
        let result = try DemoStore.run(["achievements", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        for profile in try #require(object["profiles"] as? [[String: Any]]) {
            let earned = try #require(profile["earned"] as? [[String: Any]])
            let positions = earned.compactMap { $0["position"] as? Int }
            #expect(positions == positions.sorted())
            for progress in try #require(profile["progress"] as? [[String: Any]]) {
                let current = try #require(progress["current"] as? Int), target = try #require(progress["target"] as? Int)
                #expect(current < target || target == 0 || current == target)
            }
        }
        let text = try DemoStore.run(["achievements", "--profile", Self.sam])
        #expect(text.stdout.split(separator: "\n")[1].hasPrefix("earned: "))
        #expect(text.stdout.contains("\nin progress:\n"))
    }

    /// Every default achievement is shown for every profile, earned or in progress, once; Sam,
    /// who spells most afternoons, has mastered a word (3 right in a row) by the demo's today.
    @Test func everyDefaultAchievementIsShown() throws {
        let result = try DemoStore.run(["achievements", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let expected = ["first-review", "reviews-100", "reviews-1000", "reviews-50-in-a-day", "streak-7", "streak-30",
                        "perfect-spelling", "perfect-spelling-test-3", "first-word-mastered", "words-mastered-10",
                        "stories-read-10", "full-week"]
        for profile in try #require(object["profiles"] as? [[String: Any]]) {
            let shown = try #require(profile["earned"] as? [[String: Any]]) + (try #require(profile["progress"] as? [[String: Any]]))
            let ids = shown.compactMap { $0["id"] as? String }
            #expect(ids.sorted() == expected.sorted())
        }
        let sam = try DemoStore.run(["achievements", "--profile", Self.sam]).stdout
        let earned = try #require(sam.components(separatedBy: "\nin progress:\n").first)
        #expect(earned.contains("  Word Wise — Master a spelling word.\n"), "\(sam)")
    }
}
