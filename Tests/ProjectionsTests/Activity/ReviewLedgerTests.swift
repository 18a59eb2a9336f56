import Testing
import TestSupport
@testable import Events
@testable import Projections

@Suite struct ReviewLedgerTests {
    static let (ada, bob) = (ProfileID(testUUID(0xA1)), ProfileID(testUUID(0xA2)))
    static let deck = DeckID(testUUID(0xDE))

    func card(_ n: UInt64) -> CardID { CardID(testUUID(0xC000 + n)) }

    /// The bytes after the cards' block of a ledger of `cards` cards, no card deleted, no deck:
    /// the cards' decks (a 1-byte length, 16 bytes each) and three empty id blocks (2 bytes each).
    static func trailerSize(cards: Int) -> Int { 1 + 16 * cards + 3 * 2 }

    func review(_ n: UInt64, _ mode: ReviewMode = .scheduled) -> ReviewGraded {
        ReviewGraded(card: card(n), rating: .good, mode: mode, duration: try! ElapsedTime(milliseconds: 1000))
    }

    /// Cards are numbered densely; a deleted card's slot takes the last card, and every other
    /// card keeps its memory; reviews of other profiles and unknown cards are refused.
    @Test func deletingACardMovesTheLastIntoItsSlot() throws {
        var ledger = ReviewLedger()
        for n in 1...4 as ClosedRange<UInt64> { ledger.cardCreated(card(n), profile: n == 3 ? Self.bob : Self.ada, deck: Self.deck) }
        ledger.cardCreated(card(1), profile: Self.bob, deck: Self.deck)                    // a second creation is ignored
        #expect(ledger.count == 4 && ledger.profiles == [IDKey(Self.ada), IDKey(Self.bob)])
        #expect(ledger.record(review(4), id: EventID(testUUID(40)), profile: Self.ada, day: 9)?.wasFirst == true)
        #expect(ledger.record(review(3), id: EventID(testUUID(30)), profile: Self.ada, day: 9) == nil)   // bob's card
        #expect(ledger.record(review(9), id: EventID(testUUID(90)), profile: Self.ada, day: 9) == nil)   // unknown
        ledger.cardDeleted(card(2))
        #expect(ledger.cardIDs == [IDKey(card(1)), IDKey(card(4)), IDKey(card(3))])
        #expect(ledger.reviews(of: card(4)).map(\.day) == [9])
        #expect(ledger.record(review(2), id: EventID(testUUID(20)), profile: Self.ada, day: 9) == nil)
        ledger.cardDeleted(card(3))
        ledger.cardDeleted(card(3))                                        // twice: nothing to do
        #expect(ledger.cardIDs == [IDKey(card(1)), IDKey(card(4))])
        #expect(ledger.deletedCards == [IDKey(card(2)), IDKey(card(3))])
        #expect(try decoded(ReviewLedger.self, encoded(ledger)) == ledger)
        #expect(ledger.undo(EventID(testUUID(40)), of: card(4), by: Self.bob) == nil)      // not bob's card
        let undo = ledger.undo(EventID(testUUID(40)), of: card(4), by: Self.ada)
        #expect(undo == ReviewUndo(profile: Self.ada, removed: ReviewFact(day: 9, rating: .good, mode: .scheduled,
                                                                          durationMs: 1000, wasFirst: true)))
        #expect(ledger.undo(EventID(testUUID(40)), of: card(4), by: Self.ada) == nil)
    }

    /// A card's id is never used again: created again after its deletion, it stays forgotten,
    /// through a snapshot too.
    @Test func aDeletedCardIsNotCreatedAgain() throws {
        var ledger = ReviewLedger()
        ledger.cardCreated(card(1), profile: Self.ada, deck: Self.deck)
        ledger.cardDeleted(card(1))
        ledger.cardCreated(card(1), profile: Self.ada, deck: Self.deck)
        #expect(ledger.count == 0)
        #expect(ledger.record(review(1), id: EventID(testUUID(1)), profile: Self.ada, day: 1) == nil)
        var restored = try decoded(ReviewLedger.self, encoded(ledger))
        restored.cardCreated(card(1), profile: Self.ada, deck: Self.deck)
        #expect(restored.count == 0 && restored == ledger)
    }

    /// A deck's deletion forgets its cards (their ids never come back), and so does a move into,
    /// or a creation in, a deleted deck; the decks go through a snapshot, and a restored ledger
    /// deletes a deck as the original does.
    @Test func deletingADeckForgetsItsCards() throws {
        var ledger = ReviewLedger()
        let (words, verbs, never) = (DeckID(testUUID(0xD1)), DeckID(testUUID(0xD2)), DeckID(testUUID(0xD3)))
        ledger.deckCreated(words)
        ledger.deckCreated(verbs)
        for n in 1...4 as ClosedRange<UInt64> { ledger.cardCreated(card(n), profile: Self.ada, deck: n <= 2 ? words : verbs) }
        ledger.cardMoved(card(2), to: verbs)
        var restored = try decoded(ReviewLedger.self, encoded(ledger))
        #expect(restored == ledger)
        ledger.deckDeleted(verbs)
        restored.deckDeleted(verbs)
        #expect(ledger.cardIDs == [IDKey(card(1))])
        #expect(ledger.deletedCards == Set((2...4).map { IDKey(card($0)) }))
        #expect(restored == ledger && encoded(restored) == encoded(ledger))
        #expect(ledger.record(review(3), id: EventID(testUUID(30)), profile: Self.ada, day: 9) == nil)
        ledger.cardCreated(card(3), profile: Self.ada, deck: words)         // its id is not used again
        ledger.cardCreated(card(5), profile: Self.ada, deck: verbs)         // born in a deleted deck: gone
        ledger.cardMoved(card(1), to: verbs)                                // moved into it: gone
        ledger.deckDeleted(never)                                           // never created: nothing
        #expect(ledger.count == 0 && ledger.deletedCards.count == 5)
        #expect(ledger.decks.created == [IDKey(words), IDKey(verbs)] && ledger.decks.deleted == [IDKey(verbs)])
        #expect(try decoded(ReviewLedger.self, encoded(ledger)) == ledger)
    }

    /// A snapshot that deletes a deck it never created is refused, saying so.
    @Test func aDeckDeletedButNeverCreatedIsRefused() throws {
        var ledger = ReviewLedger()
        ledger.deckCreated(DeckID(testUUID(0xD1)))
        ledger.deckDeleted(DeckID(testUUID(0xD1)))
        var bytes = encoded(ledger)
        #expect(try decoded(ReviewLedger.self, bytes) == ledger)
        // The last two blocks: decks created, decks deleted (one id each: count, length, 16 bytes).
        let created = bytes.count - 2 * 18
        bytes.replaceSubrange(created..<created + 18, with: [0, 0])
        let error = try #require(throws: EventDecodingError.self) { _ = try decoded(ReviewLedger.self, bytes) }
        #expect(error.message.contains("a deck is deleted but was never created"))
    }

    /// Only the latest scheduled review can be undone (crams after it do not stand in the way);
    /// undoing the first scheduled review leaves the card with none, so the next is first again.
    @Test func onlyTheLatestScheduledReviewIsUndone() {
        var ledger = ReviewLedger()
        ledger.cardCreated(card(1), profile: Self.ada, deck: Self.deck)
        _ = ledger.record(review(1, .cram), id: EventID(testUUID(1)), profile: Self.ada, day: 1)
        _ = ledger.record(review(1), id: EventID(testUUID(2)), profile: Self.ada, day: 2)
        _ = ledger.record(review(1), id: EventID(testUUID(3)), profile: Self.ada, day: 3)
        _ = ledger.record(review(1, .cram), id: EventID(testUUID(4)), profile: Self.ada, day: 4)
        #expect(ledger.undo(EventID(testUUID(2)), of: card(1), by: Self.ada) == nil)       // review 3 came after it
        #expect(ledger.undo(EventID(testUUID(1)), of: card(1), by: Self.ada)?.removed.mode == .cram)
        #expect(ledger.undo(EventID(testUUID(3)), of: card(1), by: Self.ada)?.removed.day == 3)
        #expect(ledger.undo(EventID(testUUID(2)), of: card(1), by: Self.ada)?.removed.wasFirst == true)
        #expect(ledger.reviews(of: card(1)).map(\.day) == [4])
        #expect(ledger.record(review(1), id: EventID(testUUID(5)), profile: Self.ada, day: 5)?.wasFirst == true)
    }

    /// Damaged snapshot bytes are refused with an error that says what is wrong, never a crash.
    /// (what, byte offset from the end of the cards' block (one card of one review: its profile
    /// number at 30, its header at 26, its review's flags at 9) or nil to cut the block's last
    /// byte, new value)
    @Test(arguments: [
        ("a card owned by profile 5 of 1", 30, 5), ("a window of 7 reviews", 26, 7),
        ("a window of 9 reviews, one more than it holds", 26, 9), ("a window of 15 reviews", 26, 0x0F),
        ("an unknown header flag", 26, 0x40), ("two reviews counted, one there", 26, 2),
        ("a rating of 7", 9, 7), ("an unknown review flag", 9, 0x23), ("a wide review cut short", 9, 0x81),
        ("a block one byte short", nil, 0),
    ] as [(String, Int?, UInt8)])
    func damagedLedgerBytesAreRefused(what: String, offset: Int?, value: UInt8) throws {
        var ledger = ReviewLedger()
        ledger.cardCreated(card(1), profile: Self.ada, deck: Self.deck)
        _ = ledger.record(review(1), id: EventID(testUUID(1)), profile: Self.ada, day: 1)
        var bytes = encoded(ledger)
        #expect(try decoded(ReviewLedger.self, bytes) == ledger)
        let end = bytes.count - Self.trailerSize(cards: 1)
        if let offset { bytes[end - offset] = value } else { bytes.remove(at: end - 1) }
        #expect(throws: EventDecodingError.self, "\(what)") { _ = try decoded(ReviewLedger.self, bytes) }
    }

    /// Cards are stored in id order; a repeated id or two swapped cards are refused.
    @Test(arguments: ["repeated", "swapped"])
    func cardsOutOfOrderAreRefused(damage: String) throws {
        var ledger = ReviewLedger()
        ledger.cardCreated(card(2), profile: Self.ada, deck: Self.deck)
        ledger.cardCreated(card(1), profile: Self.ada, deck: Self.deck)
        var bytes = encoded(ledger)
        let end = bytes.count - Self.trailerSize(cards: 2)
        let second = end - EncodedLedgerCards.cardHeaderSize, first = second - EncodedLedgerCards.cardHeaderSize
        #expect(Array(bytes[first..<first + 16]) != Array(bytes[second..<second + 16]))
        let (one, two) = (Array(bytes[first..<second]), Array(bytes[second..<end]))
        bytes.replaceSubrange(first..<end, with: damage == "repeated" ? one + one : two + one)
        let error = try #require(throws: EventDecodingError.self) { _ = try decoded(ReviewLedger.self, bytes) }
        #expect(error.message.contains("not after the card before it"))
    }

    /// The deleted cards are stored in ascending id order; two in the wrong order are refused.
    @Test func deletedCardsOutOfOrderAreRefused() throws {
        var ledger = ReviewLedger()
        for n in 1...2 as ClosedRange<UInt64> {
            ledger.cardCreated(card(n), profile: Self.ada, deck: Self.deck)
            ledger.cardDeleted(card(n))
        }
        var bytes = encoded(ledger)
        #expect(try decoded(ReviewLedger.self, bytes) == ledger)
        let second = bytes.count - 4 - 16, first = second - 16        // then 2 empty deck blocks, 2 bytes each
        let (one, two) = (Array(bytes[first..<second]), Array(bytes[second..<second + 16]))
        bytes.replaceSubrange(first..<second + 16, with: two + one)
        let error = try #require(throws: EventDecodingError.self) { _ = try decoded(ReviewLedger.self, bytes) }
        #expect(error.message.contains("deleted cards are not in strictly ascending order"))
    }

    /// Days too large for 4 bytes are stored wide and come back exactly (a duration longer than a
    /// day counts as a day, see ``ElapsedTime/countedMilliseconds``); a restored ledger encodes to
    /// the same bytes without being unpacked, and after an undo.
    @Test func wideValuesRoundTripAndRestoredLedgersKeepTheirBytes() throws {
        var ledger = ReviewLedger()
        ledger.cardCreated(card(1), profile: Self.ada, deck: Self.deck)
        ledger.cardCreated(card(2), profile: Self.bob, deck: Self.deck)
        let long = ReviewGraded(card: card(1), rating: .easy, mode: .cram, duration: try ElapsedTime(milliseconds: 5_000_000_000))
        _ = ledger.record(long, id: EventID(testUUID(1)), profile: Self.ada, day: -3_000_000_000)
        _ = ledger.record(review(1), id: EventID(testUUID(2)), profile: Self.ada, day: 7)
        // Two more than a window holds: the ring wraps, days 3 and 4 fall out.
        for n in 3...UInt64(LedgerWindow.capacity + 4) {
            _ = ledger.record(review(2), id: EventID(testUUID(n)), profile: Self.bob, day: Int64(n))
        }
        let bytes = encoded(ledger)
        var restored = try decoded(ReviewLedger.self, bytes)
        #expect(restored == ledger && restored.count == 2)
        #expect(encoded(restored) == bytes)
        #expect(restored.reviews(of: card(1)) == ledger.reviews(of: card(1)))
        #expect(restored.reviews(of: card(1)).first == ReviewFact(day: -3_000_000_000, rating: .easy, mode: .cram,
                                                                  durationMs: ElapsedTime.maximum.milliseconds, wasFirst: false))
        #expect(restored.reviews(of: card(2)).map(\.day) == Array(5...Int64(LedgerWindow.capacity + 4)))
        #expect(restored.undo(EventID(testUUID(5)), of: card(2), by: Self.bob) == ledger.undo(EventID(testUUID(5)), of: card(2), by: Self.bob))
        #expect(restored == ledger && encoded(restored) == encoded(ledger))
    }
}
