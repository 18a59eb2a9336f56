import Testing
import TestSupport
@testable import Events
@testable import Projections

/// A ledger restored from a snapshot keeps its cards packed and unpacks a card only when a
/// change needs it: whatever happens next, it answers, counts and encodes exactly as the ledger
/// it was saved from, and a change unpacks the card it changes alone.
@Suite struct PackedLedgerTests {
    static let profiles = [ProfileID(testUUID(0xA1)), ProfileID(testUUID(0xA2))]
    static let decks = (0..<3).map { DeckID(testUUID(0xDE00 + UInt64($0))) }
    static let cardCount: UInt64 = 30

    func card(_ n: UInt64) -> CardID { CardID(testUUID(0xC000 + n)) }

    /// One random change to both ledgers (the same change): what each returns must agree.
    private func change(_ ledgers: inout [ReviewLedger], step: Int, rng: inout SplitMix64) {
        let n = UInt64.random(in: 0..<Self.cardCount, using: &rng)
        let profile = Self.profiles[Int.random(in: 0..<4, using: &rng) == 0 ? 1 : Int(n % 2)]
        let deck = Self.decks[Int.random(in: 0..<Self.decks.count, using: &rng)]
        let kind = Int.random(in: 0..<100, using: &rng)
        var results: [String] = []
        for index in ledgers.indices {
            switch kind {
            case 0..<12: ledgers[index].cardCreated(card(n), profile: Self.profiles[Int(n % 2)], deck: deck)
            case 12..<15: ledgers[index].cardDeleted(card(n))
            case 15..<19: ledgers[index].cardMoved(card(n), to: deck)
            case 19..<21: ledgers[index].deckCreated(deck)
            case 21: ledgers[index].deckDeleted(deck)
            case 22..<30:
                let review = ledgers[index].reviewIDs(of: card(n)).last.map { EventID($0.uuid) } ?? EventID(testUUID(0xE000))
                results.append("\(String(describing: ledgers[index].undo(review, of: card(n), by: profile)))")
            case 30..<33: ledgers[index].changed(card(n), by: .reset, profile: profile)
            default:
                let review = ReviewGraded(card: card(n), rating: .good, mode: kind < 40 ? .cram : .scheduled,
                                          duration: try! ElapsedTime(milliseconds: 1000 + Int64(step)))
                results.append("\(String(describing: ledgers[index].record(review, id: EventID(testUUID(0x10_0000 + UInt64(step))), profile: profile, day: Int64(step / 7))))")
            }
        }
        #expect(Set(results).count <= 1, "step \(step): \(results)")
    }

    @Test("a restored ledger answers, counts and encodes as the one it was saved from, whatever follows",
          arguments: 0..<16)
    func restoredFollowsTheSavedLedger(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        var ledgers = [ReviewLedger()]
        for deck in Self.decks { ledgers[0].deckCreated(deck) }
        let cut = Int.random(in: 50..<250, using: &rng)
        for step in 0..<cut { change(&ledgers, step: step, rng: &rng) }
        let bytes = encoded(ledgers[0])
        ledgers.append(try decoded(ReviewLedger.self, bytes))
        #expect(ledgers[1].unpackedCount == 0)
        #expect(ledgers[1] == ledgers[0] && encoded(ledgers[1]) == bytes)
        for step in cut..<(cut + 300) {
            change(&ledgers, step: step, rng: &rng)
            let (saved, restored) = (ledgers[0], ledgers[1])
            #expect(restored.count == saved.count, "seed \(seed), step \(step)")
            #expect(restored.unpackedCount <= saved.count)
            if step % 25 == 0 || step == cut + 299 {
                #expect(restored == saved, "seed \(seed), step \(step)")
                #expect(encoded(restored) == encoded(saved), "seed \(seed), step \(step)")
                #expect(restored.cardDecksInIDOrder == saved.cardDecksInIDOrder)
                #expect(restored.deletedCards == saved.deletedCards)
                for n in 0..<Self.cardCount {
                    #expect(restored.reviews(of: card(n)) == saved.reviews(of: card(n)), "seed \(seed), step \(step), card \(n)")
                }
                // A ledger restored again from the restored one's bytes is the same ledger.
                #expect(try decoded(ReviewLedger.self, encoded(restored)) == saved)
            }
        }
    }

    @Test("a review of a restored ledger unpacks its card alone; reading unpacks none")
    func aReviewUnpacksOneCard() throws {
        var ledger = ReviewLedger()
        ledger.deckCreated(Self.decks[0])
        for n in 0..<Self.cardCount {
            ledger.cardCreated(card(n), profile: Self.profiles[0], deck: Self.decks[0])
            for r in 0..<n % 5 {
                let review = ReviewGraded(card: card(n), rating: .hard, mode: .scheduled, duration: try ElapsedTime(milliseconds: 500))
                _ = ledger.record(review, id: EventID(testUUID(0x1000 * n + r)), profile: Self.profiles[0], day: Int64(r))
            }
        }
        var restored = try decoded(ReviewLedger.self, encoded(ledger))
        for n in 0..<Self.cardCount { #expect(restored.reviews(of: card(n)) == ledger.reviews(of: card(n))) }
        #expect(restored.unpackedCount == 0)
        let review = ReviewGraded(card: card(7), rating: .good, mode: .scheduled, duration: try ElapsedTime(milliseconds: 800))
        let counted = restored.record(review, id: EventID(testUUID(0xFFFF)), profile: Self.profiles[0], day: 9)
        #expect(counted == ledger.record(review, id: EventID(testUUID(0xFFFF)), profile: Self.profiles[0], day: 9))
        #expect(counted?.wasFirst == false)
        #expect(restored.unpackedCount == 1)
        #expect(restored.reviews(of: card(7)).map(\.day) == [0, 1, 9])
        // A deletion of a packed card unpacks nothing; the ledger still encodes as the saved one.
        restored.cardDeleted(card(3))
        ledger.cardDeleted(card(3))
        #expect(restored.unpackedCount == 1 && restored.count == Int(Self.cardCount) - 1)
        #expect(encoded(restored) == encoded(ledger))
        #expect(restored.record(ReviewGraded(card: card(3), rating: .good, mode: .scheduled, duration: try ElapsedTime(milliseconds: 0)),
                                id: EventID(testUUID(0xFFFE)), profile: Self.profiles[0], day: 9) == nil)
    }

    @Test("a packed card is found by its id through the fences, and an id not held is not",
          arguments: [0, 1, 31, 32, 33, 64, 65, 1000])
    func findThroughFences(count: Int) throws {
        var rng = SplitMix64(seed: UInt64(count))
        let ids = Set((0..<count).map { _ in IDKey(high: rng.next() | 1, low: rng.next()) }).sorted()
        // Each card: its id, profile 0 and an empty header (no review remembered).
        var bytes: [UInt8] = []
        for id in ids {
            withUnsafeBytes(of: id.high.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: id.low.littleEndian) { bytes += $0 }
            bytes += [0, 0, 0, 0, 0]
        }
        let owned = OwnedBytes(bytes)
        let cards = try EncodedLedgerCards(validating: owned.bytes, kept: owned.retained, count: ids.count, profileCount: 1)
        for (index, id) in ids.enumerated() {
            #expect(cards.id(at: index) == id)
            #expect(cards.find(id) == index, "card \(index) of \(ids.count)")
        }
        // Each search that reads ids in the bytes notes one scattered read (a check reads them in a pass: none).
        #expect(owned.scatteredReads == ids.count)
        // Below the first, above the last, and between every two neighbours.
        var absent = [IDKey(high: 0, low: 0), IDKey(high: .max, low: .max)]
        for (a, b) in zip(ids, ids.dropFirst()) where a.low < .max && IDKey(high: a.high, low: a.low + 1) < b {
            absent.append(IDKey(high: a.high, low: a.low + 1))
        }
        for id in absent where !ids.contains(id) { #expect(cards.find(id) == nil, "\(id)") }
    }
}
