import Foundation
import Testing
import TestSupport
import Events
import FSRS
@testable import Hindsight

/// A profile's revlog export imported into a fresh store (with the profile's UTC offset and day
/// cut-off, which a revlog does not carry) counts the same answers, ratings, new cards and time
/// studied on the same days: cram reviews travel as `review_state` 4 rows, undone reviews stay
/// out, resets and due dates set travel as manual and rescheduling rows.
@Suite struct RevlogRoundTripTests {
    static let profile = Ids.profile(7)

    /// A seeded history of one profile at `offsetMinutes` from UTC over 24 days: scheduled and cram
    /// reviews, undos, resets and due dates set on six cards (commands the store refuses, such as
    /// an undo with nothing to undo, record nothing and are passed over).
    static func write(seed: UInt64, offsetMinutes: Int, into f: StoreFixture) async throws {
        var random = SplitMix64(seed: seed)
        let start: Int64 = 1_772_442_000_000
        func time(_ ms: Int64) throws -> EventTime {
            EventTime(instant: Timestamp(milliseconds: start + ms), utcOffset: try UTCOffset(seconds: offsetMinutes * 60))
        }
        _ = try await f.send(profile, try time(0), .profiles(.create(name: "Rowan", isChild: false)))
        _ = try await f.send(profile, try time(1_000), .vocabulary(.createDeck(Ids.deck(1), name: "Words")))
        for n: UInt64 in 1...6 {
            _ = try await f.send(profile, try time(2_000), .vocabulary(.createCard(Ids.card(n), deck: Ids.deck(1), front: "w\(n)", back: "m\(n)")))
        }
        var ms: Int64 = 60_000
        for _ in 0..<160 {
            ms += Int64.random(in: 1...(9 * 3_600_000), using: &random)
            let card = Ids.card(UInt64.random(in: 1...6, using: &random))
            let rating = Rating.allCases[Int.random(in: 0..<4, using: &random)]
            let duration = Duration.milliseconds(Int64.random(in: 500...30_000, using: &random))
            let action: VocabularyCommand
            switch Int.random(in: 0..<20, using: &random) {
            case 0..<12: action = .review(card, rating: rating, duration: duration)
            case 12..<16: action = .review(card, rating: rating, mode: .cram, duration: duration)
            case 16, 17: action = .undoLastReview(card)
            case 18: action = .resetCard(card)
            default: action = .setDueDate(card, daysFromToday: Int.random(in: 0...5, using: &random))
            }
            _ = try? await f.send(profile, try time(ms), .vocabulary(action))
        }
    }

    @Test(arguments: [(0, 0), (1, 60), (2, -300), (3, 330)] as [(UInt64, Int)])
    func theImportedExportCountsTheSameDays(seed: UInt64, offsetMinutes: Int) async throws {
        let source = try await StoreFixture()
        try await Self.write(seed: seed, offsetMinutes: offsetMinutes, into: source)
        let first = Timestamp(milliseconds: 1_772_442_000_000).milliseconds
        let days = (LocalDay.number(timeMs: first, utcOffsetMinutes: offsetMinutes, cutoffHour: 4) - 1)
        let range = days...(days + 40)
        let expected = try await source.store.dailyStats().days(profile: Self.profile, from: range.lowerBound, through: range.upperBound)
        try await source.store.close()

        let file = source.directory.path + "/rowan.csv"
        let summary = try LogExporter(dataDirectory: source.directory.path, personalData: .redact(salt: "x"))
            .exportRevlog(to: file, filter: ExportFilter(profiles: [Self.profile]))
        let rows = try RevlogCSV.parse(String(contentsOfFile: file, encoding: .utf8))
        #expect(rows.contains { $0.state == .filtered } && rows.contains { $0.state == .manual } && rows.contains { $0.state == .rescheduled },
                "seed \(seed): the history has cram reviews, resets and due dates set")
        #expect(summary.rowsWritten == rows.count)

        let target = try await StoreFixture()
        let options = RevlogImportOptions(profile: Self.profile, deckName: "Words", utcOffsetMinutes: offsetMinutes, dayCutoffHour: 4)
        _ = try await target.store.importRevlog(file: file, options: options)
        let imported = try await target.store.dailyStats().days(profile: Self.profile, from: range.lowerBound, through: range.upperBound)
        #expect(imported.map(\.day) == expected.map(\.day))
        for (day, want) in zip(imported, expected) {
            #expect(day.counts == want.counts, "seed \(seed), day \(day.day)")
        }
        #expect(expected.reduce(0) { $0 + $1.counts.reviews } > 60, "seed \(seed)")
    }

    /// The imported export, exported again, is the same file byte for byte (each card keeps the
    /// `card_id` it came with, each row its time, rating, state and duration), and importing it
    /// again into the store it came from adds nothing.
    @Test(arguments: [(4, 0), (5, 330)] as [(UInt64, Int)])
    func theImportedExportExportsTheSameFile(seed: UInt64, offsetMinutes: Int) async throws {
        let source = try await StoreFixture()
        try await Self.write(seed: seed, offsetMinutes: offsetMinutes, into: source)
        try await source.store.close()
        let first = try RevlogExportCardIDTests.export(source)

        let target = try await StoreFixture()
        let options = RevlogImportOptions(profile: Self.profile, deckName: "Words", utcOffsetMinutes: offsetMinutes, dayCutoffHour: 4)
        let imported = try await target.store.importRevlog(file: first.path, options: options)
        let end = await target.store.lastPosition()
        try await target.store.close()
        let second = try RevlogExportCardIDTests.export(target)
        #expect(second.text == first.text)
        #expect(first.text.split(separator: "\n").count > 60, "seed \(seed)")

        target.store = try await Store.open(directory: target.directory.path, options: StoreFixture.options())
        let again = try await target.store.importRevlog(file: second.path, options: options)
        #expect(again.added == 0)
        let rows = second.text.split(separator: "\n").count - 1
        #expect(again.alreadyPresent == rows, "every row's event is found; the cards, deck and profile are there")
        #expect(imported.added > rows)
        #expect(await target.store.lastPosition() == end)
    }
}

