import Foundation
import Testing
import TestSupport
@testable import FSRS

/// The revlog CSV: reading, choosing the rows that count, writing, round trips.
@Suite struct RevlogTests {
    static let header = RevlogCSV.header

    @Test func theFixtureRevlogReproducesTheVectors() throws {
        let text = String(decoding: try Fixtures.data("fsrs-vectors/revlog.csv"), as: UTF8.self)
        let histories = RevlogHistory.histories(from: try RevlogCSV.parse(text), utcOffsetMinutes: 0)
        let vectors = try ReferenceVectors.load()
        #expect(histories.map(\.cardID) == vectors.cards.map(\.card_id))
        let scheduler = Scheduler(configuration: try .memoryModel())
        for (history, card) in zip(histories, vectors.cards) {
            let results = scheduler.replay(history.reviews, fuzzSeed: history.cardID)
            #expect(results.count == card.reviews.count)
            for (result, expected) in zip(results, card.reviews) {
                #expect(result.elapsedDays == expected.delta_t)
                #expect(result.state.memory.stability == Float(expected.stability))
                #expect(result.state.memory.difficulty == Float(expected.difficulty))
                #expect(result.state.intervalDays == expected.interval_days["0.9"])
                #expect(result.retrievability.map(Double.init) == expected.retrievability.map { Double(Float($0)) })
            }
        }
    }

    @Test(arguments: [
        ("", 1, RevlogError.Code.missingHeader),
        ("card,time\n1,2\n", 1, .badHeader),
        ("\(header)\n1,2,3,2,100\n1,2,3\n", 3, .fieldCount),
        ("\(header)\n1,2,3,2,100,7\n", 2, .fieldCount),
        ("\(header)\n1,2,3,2,100\n1,x,3,2,100\n", 3, .notAnInteger),
        ("\(header)\n1,2,3,2,100\n,2,3,2,100\n", 3, .missingCardID),
        ("\(header)\n1,2,3,2,\n", 2, .notAnInteger),
        ("\(header)\r\n1,2,3,2,100\r\n1,2,5,2,100\r\n", 3, .ratingOutOfRange),
        ("\(header)\n\n1,2,3,7,100\n", 3, .stateOutOfRange),
        ("\(header)\n1,2,3,2,-5\n", 2, .negativeDuration),
        ("\(header)\n1,2,3,2,99999999999999999999\n", 2, .notAnInteger),
    ] as [(String, Int, RevlogError.Code)])
    func badRowsNameTheirLine(text: String, line: Int, code: RevlogError.Code) {
        #expect {
            try RevlogCSV.parse(text)
        } throws: { error in
            guard let error = error as? RevlogError else { return false }
            return error.line == line && error.code == code && error.description.contains("line \(line)")
        }
    }

    @Test func crlfBlankLinesAndByteOrderMarkAreAccepted() throws {
        let rows = try RevlogCSV.parse("\u{FEFF}\(Self.header)\r\n1,1000,3,0,5\r\n\r\n1,2000,4,2,6\r\n")
        #expect(rows.map(\.reviewTimeMs) == [1000, 2000])
        #expect(rows.map(\.line) == [2, 4])
    }

    @Test func onlyAnswersFromTheLastRunOfLearningRowsCount() throws {
        let day: Int64 = 86_400_000
        let t0: Int64 = 1_704_096_000_000
        let text = """
            \(Self.header)
            7,\(t0),3,0,1
            7,\(t0 + day),3,2,1
            7,\(t0 + 2 * day),0,5,0
            7,\(t0 + 3 * day),1,0,1
            7,\(t0 + 3 * day + 60_000),3,1,1
            7,\(t0 + 4 * day),2,4,1
            7,\(t0 + 5 * day),3,2,1
            8,\(t0),3,2,1
            9,\(t0 + day),4,2,1
            9,\(t0),3,1,1
            """
        let histories = RevlogHistory.histories(from: try RevlogCSV.parse(text), utcOffsetMinutes: 0)
        // Card 8 has no learning row: no FSRS history. Card 9's rows are put in time order.
        #expect(histories.map(\.cardID) == [7, 9])
        // Card 7 was reset on day 3: its history starts there; the manual row and the
        // filtered-deck answer are dropped.
        #expect(histories[0].rows.map(\.line) == [5, 6, 8])
        #expect(histories[0].reviews.map(\.rating) == [.again, .good, .good])
        #expect(histories[1].reviews.map(\.timeMs) == [t0, t0 + day])
    }

    /// (rows as review_state:rating, the lines of the history kept; nil: no FSRS history)
    @Test(arguments: [
        ("0:3 2:3 5:0", nil),                      // reset after the last learning run: new again
        ("0:3 2:3 5:0 2:3", nil),                  // a review after a reset, no learning since
        ("0:3 2:3 1:3 1:3 2:3", [4, 5, 6] as [Int]?), // a learning run after reviews, no reset: starts over
        ("0:3 2:3 6:0 2:3", [2, 3, 5]),            // a due date set changes nothing
        ("0:3 4:3 2:3", [2, 4]),                   // a filtered answer is passed over
        ("2:3 2:3", nil),                          // no learning row
    ])
    func aResetRowEndsTheHistoryBeforeIt(rows: String, kept: [Int]?) throws {
        let t0: Int64 = 1_704_096_000_000
        let body = rows.split(separator: " ").enumerated().map { index, row in
            let parts = row.split(separator: ":")
            return "3,\(t0 + Int64(index) * 86_400_000),\(parts[1]),\(parts[0]),1"
        }
        let text = ([Self.header] + body).joined(separator: "\n")
        let histories = RevlogHistory.histories(from: try RevlogCSV.parse(text), utcOffsetMinutes: 0)
        #expect(histories.first?.rows.map(\.line) == kept)
    }

    /// Export a history to CSV, read it back: the same states (steps, cram and undone included).
    @Test(arguments: 0..<40)
    func historiesRoundTripThroughTheCSV(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let offset = Int.random(in: -600...600, using: &random)
        let configuration = try SchedulerConfiguration(dayCutoffHour: Int.random(in: 0...23, using: &random),
                                                       fuzz: Bool.random(using: &random))
        let scheduler = Scheduler(configuration: configuration)
        var rows: [RevlogRow] = []
        var expected: [Int64: [ScheduledReview]] = [:]
        for cardID in Int64(1)...5 {
            var t = Int64.random(in: 1_600_000_000_000...1_800_000_000_000, using: &random)
            var history: [ReviewRecord] = []
            for _ in 0..<Int.random(in: 1...25, using: &random) {
                t += [Int64(60_000), 600_000, 3_600_000, 86_400_000, 5 * 86_400_000, 40 * 86_400_000]
                    .randomElement(using: &random)!
                var review = ReviewRecord(rating: FSRSRating.allCases.randomElement(using: &random)!, timeMs: t,
                                          utcOffsetMinutes: offset,
                                          durationMs: Int64.random(in: 0...60_000, using: &random))
                switch Int.random(in: 0..<10, using: &random) {
                case 0: review.mode = .cram
                case 1: review.isUndone = true
                default: break
                }
                history.append(review)
            }
            expected[cardID] = scheduler.replay(history, fuzzSeed: cardID)
            rows += RevlogHistory.rows(cardID: cardID, history: history, scheduler: scheduler)
        }
        let text = RevlogCSV.write(rows)
        let parsed = try RevlogCSV.parse(text)
        #expect(RevlogCSV.write(parsed) == text)
        let histories = RevlogHistory.histories(from: parsed, utcOffsetMinutes: offset)
        #expect(histories.map(\.cardID) == expected.keys.sorted().filter { !(expected[$0]!.isEmpty) })
        for history in histories {
            let replayed = scheduler.replay(history.reviews, fuzzSeed: history.cardID)
            #expect(replayed.map(\.state) == expected[history.cardID]!.map(\.state))
        }
    }
}
