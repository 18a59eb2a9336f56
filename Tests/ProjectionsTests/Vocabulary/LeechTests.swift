import Events
import FSRS
import Testing
import TestSupport
@testable import Projections

@Suite("Leeches")
struct LeechTests {
    @Test("a card is a leech from its 8th lapse on", arguments: [
        (0, false), (1, false), (7, false), (8, true), (9, true), (12, true), (100, true),
    ])
    func threshold(lapses: Int, isLeech: Bool) {
        #expect(LeechRule.isLeech(lapses: lapses) == isLeech)
    }

    @Test("a new card is no leech")
    func newCardIsNoLeech() {
        #expect(!LeechRule.isLeech(nil))
    }

    /// A card graded good once, then `agains` times again, a day apart (no relearning steps: each
    /// again on the review-phase card is a lapse); a second card with one lapse.
    func lapsing(_ agains: Int) -> (script: VocabularyScript, lastReview: EventID?) {
        var v = VocabularyScript(configuration: .plainModel)
        let start = utc(2026, 2, 1, 9, 0)
        v.deck(0, at: start)
        v.card(0, deck: 0, at: start)
        v.card(1, deck: 0, at: start)
        v.review(0, .good, at: start)
        v.review(1, .good, at: start)
        v.review(1, .again, at: utc(2026, 2, 2, 9, 0))
        var last: EventID?
        for day in 0..<agains { last = v.review(0, .again, at: utc(2026, 2, 3 + day, 9, 0)) }
        return (v, last)
    }

    @Test("the leech query lists the cards with 8 lapses or more", arguments: [(7, false), (8, true), (10, true)])
    func query(agains: Int, listed: Bool) {
        let state = lapsing(agains).script.fold()
        #expect(state.card(testCard(0))?.schedule?.lapses == agains)
        #expect(state.leeches(of: testProfile(0)).map(\.id) == (listed ? [testCard(0)] : []))
        #expect(state.card(testCard(0))?.isLeech == listed)
        #expect(state.leeches(of: testProfile(1)).isEmpty)
    }

    @Test("undoing the 8th lapse takes the leech back; a deleted leech is not listed")
    func undoAndDelete() {
        var (v, last) = lapsing(8)
        v.undo(0, last!, at: utc(2026, 3, 1, 9, 0))
        #expect(v.fold().leeches(of: testProfile(0)).isEmpty)
        var (deleted, _) = lapsing(8)
        deleted.record(.cardDeleted(CardDeleted(card: testCard(0))), card: 0, at: utc(2026, 3, 1, 9, 0))
        #expect(deleted.fold().leeches(of: testProfile(0)).isEmpty)
    }

    @Test("leeches are listed most lapses first, then in creation order")
    func order() {
        var v = VocabularyScript(configuration: .plainModel)
        let start = utc(2026, 2, 1, 9, 0)
        v.deck(0, at: start)
        let lapses: [UInt64: Int] = [0: 8, 1: 9, 2: 8]
        for card in 0..<UInt64(3) {
            v.card(card, deck: 0, at: start)
            v.review(card, .good, at: start)
            for day in 0..<lapses[card]! { v.review(card, .again, at: utc(2026, 2, 2 + day, 9, 0)) }
        }
        #expect(v.fold().leeches(of: testProfile(0)).map(\.id) == [testCard(1), testCard(0), testCard(2)])
    }
}
