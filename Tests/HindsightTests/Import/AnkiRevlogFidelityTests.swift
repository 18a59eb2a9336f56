import Foundation
import Testing
import TestSupport
import FSRS
@testable import Hindsight

/// A revlog exported from Anki keeps every row as history: DailyStats per local day equal Anki's
/// own statistics for the same history (`Tests/Fixtures/anki-revlog`, made by Anki's backend),
/// and the FSRS states still follow the CSV rules.
@Suite struct AnkiRevlogFidelityTests {
    /// One day of Anki's statistics (`reference.json`).
    struct ReferenceDay: Decodable {
        let day: String
        let answers: Int
        let timeMs: Int64
        let newCards: Int
    }
    struct Reference: Decodable {
        let rows: Int
        let days: [ReferenceDay]
    }

    static let profile = Ids.profile(11)

    static func importFixture() async throws -> (StoreFixture, [RevlogRow]) {
        let f = try await StoreFixture(options: try RevlogImportTests.memoryModelOptions())
        let text = try String(contentsOf: Fixtures.url("anki-revlog/revlog.csv"), encoding: .utf8)
        let options = RevlogImportOptions(profile: profile, deckName: "Anki", utcOffsetMinutes: 0, dayCutoffHour: 4)
        _ = try await f.store.importRevlog(text, options: options, path: "revlog.csv")
        return (f, try RevlogCSV.parse(text))
    }

    static func dateText(_ day: Int64) -> String {
        let date = CivilDate(dayNumber: day)
        return String(format: "%04d-%02d-%02d", Int(date.year), Int(date.month), Int(date.day))
    }

    /// Checks `store`'s DailyStats of the fixture's profile against Anki's, day by day over the
    /// days of `rows` (and one before and after).
    /// - Returns: how many of Anki's days were compared.
    static func expectAnkisStatistics(in store: Store, rows: [RevlogRow], reference: Reference) async throws -> Int {
        let expected = Dictionary(uniqueKeysWithValues: reference.days.map { ($0.day, $0) })
        let first = LocalDay.number(timeMs: rows.map(\.reviewTimeMs).min() ?? 0, utcOffsetMinutes: 0, cutoffHour: 4)
        let last = LocalDay.number(timeMs: rows.map(\.reviewTimeMs).max() ?? 0, utcOffsetMinutes: 0, cutoffHour: 4)
        var compared = 0
        for day in try await store.dailyStats().days(profile: profile, from: first - 1, through: last + 1) {
            let text = dateText(day.day)
            let anki = expected[text] ?? ReferenceDay(day: text, answers: 0, timeMs: 0, newCards: 0)
            #expect(day.counts.reviews == anki.answers, "answers on \(text)")
            #expect(day.counts.studyTimeMs == anki.timeMs, "time studied on \(text)")
            #expect(day.counts.newCards == anki.newCards, "new cards on \(text)")
            if expected[text] != nil { compared += 1 }
        }
        return compared
    }

    static func reference() throws -> Reference {
        try JSONDecoder().decode(Reference.self, from: Fixtures.data("anki-revlog/reference.json"))
    }

    @Test func dailyStatsEqualAnkisStatisticsDayByDay() async throws {
        let reference = try Self.reference()
        let (f, rows) = try await Self.importFixture()
        #expect(rows.count == reference.rows)
        #expect(try await Self.expectAnkisStatistics(in: f.store, rows: rows, reference: reference) == reference.days.count)
        #expect(reference.days.count == 254)
    }

    /// Anki's history taken out again as a revlog (``LogExporter/exportRevlog(to:filter:scheduler:)``)
    /// and imported into another store still gives Anki's statistics day by day, and the same
    /// memory states: nothing of the history is lost on the way through.
    @Test func theStoresRevlogExportImportedAgainKeepsAnkisStatistics() async throws {
        let (f, rows) = try await Self.importFixture()
        let before = await f.store.vocabulary()
        try await f.store.close()
        let file = f.directory.path + "/again.csv"
        _ = try LogExporter(dataDirectory: f.directory.path, personalData: .redact(salt: "x")).exportRevlog(to: file)
        let again = try await StoreFixture(options: try RevlogImportTests.memoryModelOptions())
        let options = RevlogImportOptions(profile: Self.profile, deckName: "Anki", utcOffsetMinutes: 0, dayCutoffHour: 4)
        let result = try await again.store.importRevlog(file: file, options: options)
        #expect(result.cards == Set(rows.map(\.cardID)).count)

        let reference = try Self.reference()
        #expect(try await Self.expectAnkisStatistics(in: again.store, rows: rows, reference: reference) == reference.days.count)
        let after = await again.store.vocabulary()
        var scheduled = 0
        for cardID in Set(rows.map(\.cardID)) {
            // The export keeps each card's Anki id, so the second import makes the same cards.
            let card = ImportIdentity.card(Self.profile, revlogCard: cardID)
            let original = before.card(card)
            #expect(after.card(card) != nil, "card \(cardID)")
            #expect(after.card(card)?.schedule?.memory == original?.schedule?.memory, "card \(cardID)")
            if original?.schedule != nil { scheduled += 1 }
        }
        #expect(scheduled > 0)
    }

    @Test func memoryStatesFollowTheCSVRules() async throws {
        let (f, rows) = try await Self.importFixture()
        let histories = Dictionary(uniqueKeysWithValues: RevlogHistory.histories(from: rows, utcOffsetMinutes: 0).map { ($0.cardID, $0) })
        let scheduler = Scheduler(configuration: try RevlogImportTests.memoryModelOptions().scheduler)
        let vocabulary = await f.store.vocabulary()
        var withHistory = 0
        for cardID in Set(rows.map(\.cardID)) {
            let summary = try #require(vocabulary.card(ImportIdentity.card(Self.profile, revlogCard: cardID)))
            guard let history = histories[cardID] else {
                #expect(summary.schedule == nil, "card \(cardID) was reset last: it is new")
                continue
            }
            withHistory += 1
            var expected: CardState?
            for review in history.reviews { expected = scheduler.nextState(after: review, from: expected, fuzzSeed: 0) }
            let state = try #require(summary.schedule, "card \(cardID)")
            #expect(state.reps == history.reviews.count, "card \(cardID)")
            #expect(state.memory == expected?.memory, "card \(cardID)")
        }
        #expect(withHistory > 0 && withHistory < 60)
    }
}
