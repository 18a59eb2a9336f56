import Foundation
import Testing
import TestSupport
import Events
import FSRS
@testable import Hindsight

/// A card imported from a revlog is exported under the `card_id` it came with (an Anki card id,
/// a text key), read back exactly from its creation (``RevlogCardOrigin``); any other card under
/// its ``Identifier/revlogID``.
@Suite struct RevlogExportCardIDTests {
    static let profile = AnkiRevlogFidelityTests.profile

    /// `card_id`s as a file may spell them: the number of each in revlog rows, and its text (nil
    /// for an integer).
    static let origins: [(name: String, number: Int64, text: String?)] = [
        ("1700000000001", 1_700_000_000_001, nil),
        ("-42", -42, nil),
        ("0", 0, nil),
        ("note-17", RevlogCardTexts.number(of: "note-17"), "note-17"),
        ("deck, \"card\"", RevlogCardTexts.number(of: "deck, \"card\""), "deck, \"card\""),
        ("単語 12", RevlogCardTexts.number(of: "単語 12"), "単語 12"),
        ("12a", RevlogCardTexts.number(of: "12a"), "12a"),
    ]

    @Test(arguments: origins)
    func anImportedCardsCreationGivesItsCardIDBack(name: String, number: Int64, text: String?) throws {
        let card = ImportIdentity.card(Self.profile, revlogCard: number)
        let created = CardCreated(card: card, deck: Ids.deck(1), front: RevlogCardOrigin.front(name: name), back: "")
        let origin = try #require(RevlogCardOrigin.cardID(of: created, profile: Self.profile))
        #expect(origin == RevlogCardID(number: number, text: text))
        // The card of another profile, or a card made by hand with the same front, has none.
        #expect(RevlogCardOrigin.cardID(of: created, profile: Ids.profile(99)) == nil)
        let byHand = CardCreated(card: Ids.card(1), deck: Ids.deck(1), front: created.front, back: "")
        #expect(RevlogCardOrigin.cardID(of: byHand, profile: Self.profile) == nil)
        let otherFront = CardCreated(card: card, deck: Ids.deck(1), front: "Revlog card \(name)", back: "")
        #expect(RevlogCardOrigin.cardID(of: otherFront, profile: Self.profile) == nil)

        // What the audit and `card` show: the id as the file spelled it, in JSON a string for a
        // text id and a number for an integer one.
        #expect(origin.description == (text ?? String(number)))
        let json = String(decoding: try JSONEncoder().encode([origin]), as: UTF8.self)
        #expect(json == (text == nil ? "[\(number)]" : String(decoding: try JSONEncoder().encode([text]), as: UTF8.self)))
    }

    @Test func theAuditSaysWhichCardIDACardCameWith() async throws {
        let (f, rows) = try await AnkiRevlogFidelityTests.importFixture()
        try await f.store.close()
        let events = try await LogHistory(dataDirectory: f.directory.path).events()
        let configuration = ReadModelConfiguration().scheduler
        for number in Set(rows.map(\.cardID)).sorted().prefix(5) {
            let card = ImportIdentity.card(Self.profile, revlogCard: number)
            let audit = try CardAuditor.audit(card: card, events: events, defaultConfiguration: configuration)
            #expect(audit.importedAs == RevlogCardID(number: number, text: nil))
            #expect(audit.at(position: audit.position + 1).importedAs == audit.importedAs)
        }
    }

    static func export(_ f: StoreFixture, filter: ExportFilter = ExportFilter()) throws -> (path: String, text: String) {
        let file = f.directory.path + "/export-\(UUID().uuidString).csv"
        _ = try LogExporter(dataDirectory: f.directory.path, personalData: .redact(salt: "x")).exportRevlog(to: file, filter: filter)
        return (file, try String(contentsOfFile: file, encoding: .utf8))
    }

    /// The answers of `rows` (ratings 1-4) as (card, time, rating, duration), in order.
    static func answers(_ rows: [RevlogRow]) -> [[Int64]] {
        rows.filter { (1...4).contains($0.rating) }.map { [$0.cardID, $0.reviewTimeMs, Int64($0.rating), $0.durationMs] }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    @Test func ankisHistoryIsExportedUnderAnkisCardIDs() async throws {
        let (f, rows) = try await AnkiRevlogFidelityTests.importFixture()
        try await f.store.close()
        let (_, text) = try Self.export(f)
        let exported = try RevlogCSV.parse(text)
        #expect(Set(exported.map(\.cardID)) == Set(rows.map(\.cardID)))
        #expect(Self.answers(exported) == Self.answers(rows))

        // A filter on time or type leaves the cards' creations out of the rows, not their ids.
        let times = rows.map(\.reviewTimeMs).sorted()
        let since = Timestamp(milliseconds: times[times.count / 2])
        let later = try RevlogCSV.parse(Self.export(f, filter: ExportFilter(since: since, types: ["vocabulary.review-graded"])).text)
        #expect(!later.isEmpty && later.allSatisfy { $0.reviewTimeMs >= since.milliseconds })
        #expect(Self.answers(later) == Self.answers(rows.filter { $0.reviewTimeMs >= since.milliseconds }))
    }

    @Test func textCardIDsAreExportedAsTheirText() async throws {
        let (source, names) = try RevlogTextCardIDImportTests.textFixture()
        let f = try await StoreFixture(options: try RevlogImportTests.memoryModelOptions())
        _ = try await RevlogTextCardIDImportTests.importText(source, into: f)
        try await f.store.close()
        let (_, text) = try Self.export(f)
        let (exported, cardTexts) = try RevlogCSV.read(text)
        #expect(Set(cardTexts.texts.values) == Set(names.values))
        #expect(Set(exported.map { cardTexts.name(of: $0.cardID) }) == Set(names.values))
        #expect(text.contains("\n\"deck, "), "a text id with a comma is quoted")
        let (sourceRows, _) = try RevlogCSV.read(source)
        #expect(Self.answers(exported) == Self.answers(sourceRows))
    }

    @Test func cardsThatCameWithOneIDForTwoProfilesAreExportedUnderTheirOwn() async throws {
        let text = "card_id,review_time,review_rating,review_state,review_duration\n"
            + "101,1772442000000,3,0,4000\n102,1772442060000,1,0,5000\n\"key\",1772442120000,4,0,6000\n"
        let f = try await StoreFixture()
        let file = f.directory.path + "/shared.csv"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let second = Ids.profile(8)
        for profile in [Self.profile, second] {
            _ = try await f.store.importRevlog(file: file, options: RevlogImportOptions(profile: profile, deckName: "Shared"))
        }
        try await f.store.close()

        let one = try RevlogCSV.read(Self.export(f, filter: ExportFilter(profiles: [second])).text)
        #expect(one.rows.map { one.cardTexts.name(of: $0.cardID) } == ["101", "102", "key"])

        let both = try RevlogCSV.parse(Self.export(f).text)
        let cards = [Self.profile, second].flatMap { profile in
            [101, 102, RevlogCardTexts.number(of: "key")].map { ImportIdentity.card(profile, revlogCard: $0).revlogID }
        }
        #expect(both.count == 6)
        #expect(Set(both.map(\.cardID)) == Set(cards))
    }
}
