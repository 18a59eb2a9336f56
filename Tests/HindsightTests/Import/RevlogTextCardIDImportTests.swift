import Foundation
import Testing
import TestSupport
import FSRS
@testable import Hindsight

/// A revlog whose `card_id`s are text imports as the same history with integer ids does: the
/// same statistics and memory states, the text on each card's front, a repeat adds nothing, and
/// two ids that would be one card are refused.
@Suite struct RevlogTextCardIDImportTests {
    /// The Anki fixture with each card id `N` written as the text `"deck, N"` (quoted: it holds a
    /// comma), and the text of each integer id.
    static func textFixture() throws -> (text: String, names: [Int64: String]) {
        let text = try String(contentsOf: Fixtures.url("anki-revlog/revlog.csv"), encoding: .utf8)
        var names: [Int64: String] = [:]
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
            guard index > 0, let comma = line.firstIndex(of: ","), let id = Int64(line[..<comma]) else { return String(line) }
            names[id] = "deck, \(id)"
            return "\"deck, \(id)\"" + line[comma...]
        }
        return (lines.joined(separator: "\n"), names)
    }

    static func importText(_ text: String, into f: StoreFixture) async throws -> ImportResult {
        let options = RevlogImportOptions(profile: AnkiRevlogFidelityTests.profile, deckName: "Anki", utcOffsetMinutes: 0, dayCutoffHour: 4)
        let file = f.directory.path + "/text-ids.csv"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return try await f.store.importRevlog(file: file, options: options, path: nil, sortRunLength: 97)
    }

    @Test func textIDsImportAsTheIntegerIDsDo() async throws {
        let (integers, rows) = try await AnkiRevlogFidelityTests.importFixture()
        let (text, names) = try Self.textFixture()
        #expect(names.count == Set(rows.map(\.cardID)).count)
        let f = try await StoreFixture(options: try RevlogImportTests.memoryModelOptions())
        let result = try await Self.importText(text, into: f)
        #expect(result.cards == names.count)
        #expect(UInt64(result.added) == (await integers.store.lastPosition()))

        let profile = AnkiRevlogFidelityTests.profile
        let first = LocalDay.number(timeMs: rows.map(\.reviewTimeMs).min() ?? 0, utcOffsetMinutes: 0, cutoffHour: 4)
        let last = LocalDay.number(timeMs: rows.map(\.reviewTimeMs).max() ?? 0, utcOffsetMinutes: 0, cutoffHour: 4)
        let expectedDays = try await integers.store.dailyStats().days(profile: profile, from: first - 1, through: last + 1)
        let days = try await f.store.dailyStats().days(profile: profile, from: first - 1, through: last + 1)
        #expect(days.map(\.counts) == expectedDays.map(\.counts))
        #expect(days.contains { $0.counts.reviews > 0 })

        let expectedVocabulary = await integers.store.vocabulary(), vocabulary = await f.store.vocabulary()
        for (id, name) in names {
            let integerCard = ImportIdentity.card(profile, revlogCard: id)
            let textCard = ImportIdentity.card(profile, revlogCard: RevlogCardTexts.number(of: name))
            #expect(vocabulary.card(textCard)?.schedule == expectedVocabulary.card(integerCard)?.schedule, "card \(name)")
            #expect(await f.store.cardContent(textCard)?.front == "revlog card \(name)")
            #expect(await integers.store.cardContent(integerCard)?.front == "revlog card \(id)")
        }

        let end = await f.store.lastPosition()
        let again = try await Self.importText(text, into: f)
        #expect(again.added == 0)
        #expect(await f.store.lastPosition() == end)
    }

    /// A text whose number is an integer id of the same file (or another text's) would merge two
    /// cards: the import names both and records nothing.
    @Test(arguments: [false, true])
    func idsThatShareANumberAreRefused(integerFirst: Bool) async throws {
        let number = RevlogCardTexts.number(of: "abc")
        let rows = ["abc,1704700820000,3,0,1000", "\(number),1704700830000,3,0,1000"]
        let text = "card_id,review_time,review_rating,review_state,review_duration\n"
            + (integerFirst ? rows.reversed() : rows).joined(separator: "\n") + "\n"
        let f = try await StoreFixture(options: try RevlogImportTests.memoryModelOptions())
        let error = try #require(await #expect(throws: ImportError.self) { try await Self.importText(text, into: f) })
        #expect(error.code == .badRevlogLine)
        #expect(error.line == 3)
        let (named, other) = integerFirst ? ("abc", "\(number)") : ("\(number)", "abc")
        #expect(error.message == "card_id '\(named)' and the earlier card_id '\(other)' have the same number (\(number)), so they would "
                    + "be one card; rename one of them; fix or remove the row (revlog.card-id-collision)")
        #expect(await f.store.lastPosition() == 0)
    }

    /// A review before its card's latest in the store names the card by its line (the number
    /// of its text is not in the file).
    @Test func anOlderReviewNamesItsCardByItsText() async throws {
        let f = try await StoreFixture(options: try RevlogImportTests.memoryModelOptions())
        let header = "card_id,review_time,review_rating,review_state,review_duration\n"
        _ = try await Self.importText(header + "\"a, b\",1704700820000,3,0,1000\n\"a, b\",1704900000000,3,2,1000\n", into: f)
        let end = await f.store.lastPosition()
        let error = try #require(await #expect(throws: ImportError.self) {
            try await Self.importText(header + "\"a, b\",1704800000000,3,2,700\n", into: f)
        })
        #expect(error.code == .reviewOutOfOrder)
        #expect(error.message.hasPrefix("the review of this line's card at 1704800000000 ms is dated before its latest review"))
        #expect(await f.store.lastPosition() == end)
    }
}
