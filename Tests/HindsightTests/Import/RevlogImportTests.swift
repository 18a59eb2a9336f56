import Foundation
import Testing
import TestSupport
import FSRS
@testable import Hindsight

/// A revlog CSV becomes a deck, cards and scheduled reviews: card states match the fsrs-rs
/// vectors, a repeat import adds nothing, and a bad line is refused whole.
@Suite struct RevlogImportTests {
    /// The final S and D of each card of `Tests/Fixtures/fsrs-vectors/fsrs6_default.json`.
    struct VectorCard: Decodable {
        struct Review: Decodable {
            let stability: Double
            let difficulty: Double
        }
        let card_id: Int64
        let reviews: [Review]
    }
    struct Vectors: Decodable { let cards: [VectorCard] }

    static let profile = Ids.profile(7)

    static func memoryModelOptions() throws -> StoreOptions {
        var options = StoreFixture.options()
        options.scheduler = try .memoryModel()
        return options
    }

    static func options(deck: String = "vectors") -> RevlogImportOptions {
        RevlogImportOptions(profile: profile, deckName: deck, utcOffsetMinutes: 0, dayCutoffHour: 4, newProfileName: "Anki learner")
    }

    @Test func fixtureCardStatesMatchTheVectors() async throws {
        let f = try await StoreFixture(options: try Self.memoryModelOptions())
        let text = try String(contentsOf: Fixtures.url("fsrs-vectors/revlog.csv"), encoding: .utf8)
        let result = try await f.store.importRevlog(text, options: Self.options(), path: "revlog.csv")
        #expect(result.cards == 20)
        #expect(result.reviews == 184)
        #expect(result.added == 1 + 1 + 20 + 184) // profile, deck, cards, reviews (cut-off 4 is the default)
        #expect(await f.store.profileName(Self.profile) == .text("Anki learner"))

        let vectors = try JSONDecoder().decode(Vectors.self, from: Fixtures.data("fsrs-vectors/fsrs6_default.json"))
        let vocabulary = await f.store.vocabulary()
        let deck = try #require(vocabulary.decks(of: Self.profile).first)
        #expect(deck.name == "vectors")
        #expect(deck.cardCount == 20)
        for card in vectors.cards {
            let summary = try #require(vocabulary.card(ImportIdentity.card(Self.profile, revlogCard: card.card_id)))
            let state = try #require(summary.schedule, "card \(card.card_id)")
            let expected = try #require(card.reviews.last)
            #expect(state.reps == card.reviews.count, "card \(card.card_id)")
            #expect(abs(Double(state.memory.stability) - expected.stability) <= 1e-4 * max(1, expected.stability),
                    "card \(card.card_id): S \(state.memory.stability) vs \(expected.stability)")
            #expect(abs(Double(state.memory.difficulty) - expected.difficulty) <= 1e-4,
                    "card \(card.card_id): D \(state.memory.difficulty) vs \(expected.difficulty)")
        }
    }

    @Test func aRepeatImportAddsNothingAndNewerRowsAreAppended() async throws {
        let f = try await StoreFixture(options: try Self.memoryModelOptions())
        let rows = "card_id,review_time,review_rating,review_state,review_duration\n"
            + "1,1704700820000,3,0,1000\n1,1704960020000,3,2,2000\n2,1704700830000,1,0,500\n"
        let first = try await f.store.importRevlog(rows, options: Self.options())
        #expect(first.added == 2 + 2 + 3)
        let repeated = try await f.store.importRevlog(rows, options: Self.options())
        // The profile, deck and cards exist, so only the reviews are derived again, and found.
        #expect(repeated == ImportResult(added: 0, alreadyPresent: 3, positions: nil, cards: 2, reviews: 3))
        #expect(await f.store.lastPosition() == 7)
        let more = try await f.store.importRevlog(rows + "2,1705046420000,3,1,700\n", options: Self.options())
        #expect(more.added == 1)
        #expect(more.positions == 8...8)
        let card = try #require(await f.store.vocabulary().card(ImportIdentity.card(Self.profile, revlogCard: 2)))
        #expect(card.schedule?.reps == 2)
        let older = try #require(await #expect(throws: ImportError.self) {
            try await f.store.importRevlog(rows + "1,1704800000000,3,2,700\n", options: Self.options())
        })
        #expect(older.code == .reviewOutOfOrder)
        #expect(older.line == 5)
        #expect(await f.store.lastPosition() == 8)
    }

    @Test(arguments: [
        ("1,1704700820000,3,0,1000\n1,17049600200x0,3,2,2000\n", 3, "review_time '17049600200x0' is not an integer"),
        ("1,1704700820000,3,0,1000\n\n2,1704700830000,7,0,500\n", 4, "review_rating 7 is not 0 … 4"),
        ("1,1704700820000,3,0\n", 2, "expected 5 comma-separated fields, found 4"),
        ("1,1704700820000,3,0,-5\n", 2, "review_duration -5 is negative"),
    ])
    func aBadLineIsRefusedWithItsNumberAndTheLogIsUnchanged(body: String, line: Int, message: String) async throws {
        let f = try await StoreFixture(options: try Self.memoryModelOptions())
        _ = try await f.store.importRevlog("card_id,review_time,review_rating,review_state,review_duration\n9,1704700820000,3,0,1\n",
                                           options: Self.options())
        let before = try f.logBytes()
        let error = try #require(await #expect(throws: ImportError.self) {
            try await f.store.importRevlog("card_id,review_time,review_rating,review_state,review_duration\n" + body,
                                           options: Self.options(), path: "bad.csv")
        })
        #expect(error.code == .badRevlogLine)
        #expect(error.line == line)
        #expect(error.path == "bad.csv")
        #expect(error.message.contains(message))
        #expect(error.description.hasPrefix("line \(line): "))
        #expect(try f.logBytes() == before)
        #expect(await f.store.lastPosition() == 4)
    }

    @Test func aDayCutoffIsRecordedOnceAndOptionsAreChecked() async throws {
        let f = try await StoreFixture(options: try Self.memoryModelOptions())
        let rows = "card_id,review_time,review_rating,review_state,review_duration\n1,1704700820000,3,0,1000\n"
        var options = Self.options()
        options.dayCutoffHour = 2
        #expect(try await f.store.importRevlog(rows, options: options).added == 5) // profile, cut-off, deck, card, review
        #expect(await f.store.profiles().scheduler(profile: Self.profile).dayCutoffHour == 2)
        #expect(try await f.store.importRevlog(rows, options: options).added == 0)
        options.utcOffsetMinutes = 5000
        let error = await #expect(throws: ImportError.self) { try await f.store.importRevlog(rows, options: options) }
        #expect(error?.code == .invalidOption)
    }

    @Test(arguments: 0..<20)
    func importedIdsAreDeterministicAcrossStores(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        var text = "card_id,review_time,review_rating,review_state,review_duration\n"
        var time: Int64 = 1_704_700_800_000
        for _ in 0..<(5 + Int(random.next() % 20)) {
            time += Int64(random.next() % 400_000_000)
            text += "\(random.next() % 4),\(time),\(1 + random.next() % 4),\(random.next() % 4),\(random.next() % 60_000)\n"
        }
        let a = try await StoreFixture(options: try Self.memoryModelOptions())
        let b = try await StoreFixture(options: try Self.memoryModelOptions())
        let resultA = try await a.store.importRevlog(text, options: Self.options())
        let resultB = try await b.store.importRevlog(text, options: Self.options())
        #expect(resultA == resultB)
        #expect(try await a.store.exportJSONLines() == (try await b.store.exportJSONLines()))
        #expect(await a.store.encodedReadModels() == (await b.store.encodedReadModels()))
        #expect(try await a.store.importRevlog(text, options: Self.options()).added == 0)
    }

    /// Forgetting a card with no memory state (new, or forgotten already) becomes nothing, where a
    /// reset would be refused and the whole file with it; a newer file's forget of a card the store
    /// holds with a memory state resets it.
    @Test func aForgetOfACardWithNoMemoryStateBecomesNothing() async throws {
        let f = try await StoreFixture(options: try Self.memoryModelOptions())
        let day: Int64 = 86_400_000, start: Int64 = 1_704_700_800_000
        let header = RevlogCSV.header + "\n"
        // Card 1: forgotten while new, learnt, forgotten twice. Card 2: learnt.
        let first = header + "1,\(start),0,5,0\n1,\(start + day),3,0,1000\n1,\(start + 2 * day),0,5,0\n"
            + "1,\(start + 3 * day),0,5,0\n2,\(start + day),3,0,1000\n"
        // profile, deck, two cards, two reviews, one reset (the default cut-off is the one given)
        #expect(try await f.store.importRevlog(first, options: Self.options()).added == 7)
        let card1 = ImportIdentity.card(Self.profile, revlogCard: 1), card2 = ImportIdentity.card(Self.profile, revlogCard: 2)
        #expect(await f.store.vocabulary().card(card1)?.isNew == true)
        #expect(await f.store.vocabulary().card(card2)?.isNew == false)
        let newer = header + "2,\(start + 4 * day),0,5,0\n2,\(start + 5 * day),0,5,0\n1,\(start + 4 * day),0,5,0\n"
        #expect(try await f.store.importRevlog(newer, options: Self.options()).added == 1)
        #expect(await f.store.vocabulary().card(card2)?.isNew == true)
        #expect(try await f.store.importRevlog(first, options: Self.options()).added == 0)
        #expect(try await f.store.importRevlog(newer, options: Self.options()).added == 0)
    }

    /// A revlog import does not look for an id given twice among its own events, because none can
    /// be (``RevlogEventSource/idsAreDistinct``): rows crowded onto three cards and six times, of
    /// every state and rating (answers, cram, resets, due dates set, rows that become nothing,
    /// the same row several times), still give every event recorded an id of its own.
    @Test(arguments: 0..<10)
    func crowdedRowsGiveEveryEventItsOwnId(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        var text = RevlogCSV.header + "\n"
        for _ in 0..<300 {
            let time = 1_704_700_800_000 + Int64(random.next() % 6) * 86_400_000
            text += "\(random.next() % 3),\(time),\(random.next() % 5),\(random.next() % 7),\(random.next() % 60_000)\n"
        }
        let f = try await StoreFixture(options: try Self.memoryModelOptions())
        let result = try await f.store.importRevlog(text, options: Self.options())
        let ids = try await f.store.exportJSONLines().map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require(object["eventId"] as? String)
        }
        #expect(result.added > 100)
        #expect(ids.count == result.added)
        #expect(Set(ids).count == ids.count)
        #expect(try await f.store.importRevlog(text, options: Self.options()).added == 0)
    }
}
