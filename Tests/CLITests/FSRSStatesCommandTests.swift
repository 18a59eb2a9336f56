import Foundation
import Testing
import TestSupport

/// `hindsight fsrs states`, end to end on the built binary.
@Suite struct FSRSStatesCommandTests {
    let cli = BuiltProducts.executable("hindsight")
    let revlog = Fixtures.url("fsrs-vectors/revlog.csv").path

    struct Vectors: Decodable {
        struct Review: Decodable {
            let review_time_ms: Int64
            let rating: Int
            let delta_t: Int
            let stability: Double
            let difficulty: Double
            let retrievability: Double?
            let interval_days: [String: Int]
        }
        struct Card: Decodable {
            let card_id: Int64
            let reviews: [Review]
        }
        let cards: [Card]
    }

    func lines(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test(arguments: ["0.8", "0.9", "0.95"])
    func printsTheStatesOfTheReferenceVectors(retention: String) throws {
        let result = try ChildProcess.run(cli, ["fsrs", "states", "--revlog", revlog, "--desired-retention", retention])
        #expect(result.status == 0, "\(result.stderr)")
        let vectors = try JSONDecoder().decode(Vectors.self, from: Fixtures.data("fsrs-vectors/fsrs6_default.json"))
        let expected = vectors.cards.flatMap { card in card.reviews.map { (card.card_id, $0) } }
        let objects = try lines(result.stdout)
        #expect(objects.count == expected.count)
        for (object, (cardID, review)) in zip(objects, expected) {
            #expect((object["card_id"] as? NSNumber)?.int64Value == cardID)
            #expect((object["review_time"] as? NSNumber)?.int64Value == review.review_time_ms)
            #expect((object["rating"] as? NSNumber)?.intValue == review.rating)
            #expect((object["delta_t"] as? NSNumber)?.intValue == review.delta_t)
            let s = try #require((object["stability"] as? NSNumber)?.doubleValue)
            let d = try #require((object["difficulty"] as? NSNumber)?.doubleValue)
            // Printed as Float's shortest form: it reads back as the very same Float.
            #expect(Float(s) == Float(review.stability))
            #expect(Float(d) == Float(review.difficulty))
            #expect((object["interval_days"] as? NSNumber)?.intValue == review.interval_days[retention])
            if let r = review.retrievability {
                #expect((object["retrievability"] as? NSNumber).map { Float($0.doubleValue) } == Float(r))
            } else {
                #expect(object["retrievability"] is NSNull)
            }
        }
    }

    @Test func fsrs5AndAParametersFileGiveTheirOwnStates() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let five = try ChildProcess.run(cli, ["fsrs", "states", "--revlog", revlog, "--parameters", "fsrs5"])
        #expect(five.status == 0)
        // FSRS-5 defaults, first Good: S = 3.173 (card 3's first review is Good).
        let third = try lines(five.stdout)[2]
        #expect((third["stability"] as? NSNumber)?.doubleValue == 3.173)
        let file = dir.appending("params.json")
        try Data("[0.40255, 1.18385, 3.173, 15.69105, 7.1949, 0.5345, 1.4604, 0.0046, 1.54575, 0.1192, 1.01925, 1.9395, 0.11, 0.29605, 2.2698, 0.2315, 2.9898, 0.51655, 0.6621]".utf8).write(to: file)
        let fromFile = try ChildProcess.run(cli, ["fsrs", "states", "--revlog", revlog, "--parameters", file.path])
        #expect(fromFile.status == 0)
        #expect(fromFile.stdout == five.stdout)
    }

    @Test func fuzzIsOptInAndDeterministic() throws {
        let plain = try ChildProcess.run(cli, ["fsrs", "states", "--revlog", revlog])
        let fuzzed = try ChildProcess.run(cli, ["fsrs", "states", "--revlog", revlog, "--fuzz"])
        let again = try ChildProcess.run(cli, ["fsrs", "states", "--revlog", revlog, "--fuzz"])
        #expect(fuzzed.status == 0)
        #expect(fuzzed.stdout == again.stdout)
        #expect(fuzzed.stdout != plain.stdout)
    }

    /// A revlog whose card ids are text prints each card's text as its `card_id` (a JSON string),
    /// with the states the integer ids give.
    @Test func textCardIDsArePrintedAsStrings() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let text = try String(contentsOf: URL(fileURLWithPath: revlog), encoding: .utf8)
        // Card N becomes `card \/"N`, written `"card \/""N"`: JSON escapes its backslash and quote.
        let renamed = text.split(whereSeparator: \.isNewline).enumerated().map { index, line in
            guard index > 0, let comma = line.firstIndex(of: ",") else { return String(line) }
            return "\"card \\/\"\"\(line[..<comma])\"" + line[comma...]
        }
        let file = dir.appending("text.csv")
        try Data((renamed.joined(separator: "\n") + "\n").utf8).write(to: file)
        let integers = try ChildProcess.run(cli, ["fsrs", "states", "--revlog", revlog])
        let texts = try ChildProcess.run(cli, ["fsrs", "states", "--revlog", file.path])
        #expect(texts.status == 0, "\(texts.stderr)")
        let expected = try lines(integers.stdout), objects = try lines(texts.stdout)
        #expect(objects.count == expected.count && !objects.isEmpty)
        for (object, integer) in zip(objects, expected) {
            let id = try #require((integer["card_id"] as? NSNumber)?.int64Value)
            #expect(object["card_id"] as? String == "card \\/\"\(id)")
            #expect(object["stability"] as? NSNumber == integer["stability"] as? NSNumber)
            #expect(object["due_time"] as? NSNumber == integer["due_time"] as? NSNumber)
        }
        #expect(texts.stdout.contains("\"card_id\":\"card \\\\/\\\""))
    }

    @Test func aMissingFileIsAnErrorOnStderr() throws {
        let result = try ChildProcess.run(cli, ["fsrs", "states", "--revlog", "/nonexistent/revlog.csv"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("cannot read the revlog file /nonexistent/revlog.csv"))
    }

    @Test func aBadRowIsReportedWithItsLineNumber() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let file = dir.appending("bad.csv")
        try Data("card_id,review_time,review_rating,review_state,review_duration\n1,1704700820000,3,0,100\n1,1704787220000,9,2,100\n".utf8)
            .write(to: file)
        let result = try ChildProcess.run(cli, ["fsrs", "states", "--revlog", file.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("revlog line 3: review_rating 9 is not 0 … 4"))
    }

    @Test(arguments: [
        ("[1, 2, 3]", "expected 21 (FSRS-6), 19 (FSRS-5) or 17 (FSRS-4.5) values, got 3"),
        ("{\"w\": 1}", "is not a JSON array of numbers"),
        ("[0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.9]",
         "w20 = 0.9 is outside its bounds [0.1, 0.8]"),
    ])
    func badParametersFilesAreRejected(content: String, message: String) throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let file = dir.appending("params.json")
        try Data(content.utf8).write(to: file)
        let result = try ChildProcess.run(cli, ["fsrs", "states", "--revlog", revlog, "--parameters", file.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func badOptionsAreUsageErrors() throws {
        let missing = try ChildProcess.run(cli, ["fsrs", "states"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("missing --revlog FILE"))
        let retention = try ChildProcess.run(cli, ["fsrs", "states", "--revlog", revlog, "--desired-retention", "1.5"])
        #expect(retention.status == 2)
        #expect(retention.stderr.contains("desired retention"))
        let unknownParameters = try ChildProcess.run(cli, ["fsrs", "states", "--revlog", revlog, "--parameters", "fsrs7"])
        #expect(unknownParameters.status == 2)
        #expect(unknownParameters.stderr.contains("option --parameters expects fsrs6, fsrs5 or a JSON file of parameters, got 'fsrs7'"))
    }

    @Test func theOffsetAndDayStartChangeElapsedDays() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let file = dir.appending("tz.csv")
        // 23:00 UTC and 09:00 UTC the next morning.
        try Data("card_id,review_time,review_rating,review_state,review_duration\n1,1704150000000,3,0,1\n1,1704186000000,3,2,1\n".utf8)
            .write(to: file)
        let utc = try lines(ChildProcess.run(cli, ["fsrs", "states", "--revlog", file.path]).stdout)
        let tokyo = try lines(ChildProcess.run(cli, ["fsrs", "states", "--revlog", file.path, "--utc-offset-minutes", "540"]).stdout)
        let late = try lines(ChildProcess.run(cli, ["fsrs", "states", "--revlog", file.path, "--day-start-hour", "10"]).stdout)
        #expect((utc[1]["delta_t"] as? NSNumber)?.intValue == 1)
        #expect((tokyo[1]["delta_t"] as? NSNumber)?.intValue == 0)
        #expect((late[1]["delta_t"] as? NSNumber)?.intValue == 0)
    }
}
