import Events
import FSRS
import Testing
import TestSupport
@testable import Projections

@Suite("The cram queue of a deck")
struct CramQueueTests {
    @Test("every live card of the deck, due or not: reviewed soonest due first, then new in creation order")
    func order() {
        var v = VocabularyScript(configuration: .plainModel)
        let start = utc(2026, 4, 1, 9, 0)
        v.deck(0, at: start)
        v.deck(1, at: start)
        for card in 0..<UInt64(6) { v.card(card, deck: 0, at: start) }
        v.card(9, deck: 1, at: start)
        v.review(0, .easy, at: start)   // due latest
        v.review(1, .hard, at: start)   // due soonest
        v.review(2, .good, at: start)
        v.record(.cardSuspended(CardSuspended(card: testCard(3))), card: 3, at: start)
        v.record(.cardDeleted(CardDeleted(card: testCard(4))), card: 4, at: start)
        v.record(.cardBuried(CardBuried(card: testCard(2))), card: 2, at: utc(2026, 4, 1, 10, 0))
        let state = v.fold()
        let sameDay = EventTime(instant: utc(2026, 4, 1, 11, 0), utcOffset: .zero)
        let nextDay = EventTime(instant: utc(2026, 4, 2, 11, 0), utcOffset: .zero)
        #expect(state.cramQueue(deck: testDeck(0), at: sameDay, limit: 10).map(\.id) == [1, 0, 5].map(testCard))
        #expect(state.cramQueue(deck: testDeck(0), at: nextDay, limit: 10).map(\.id) == [1, 2, 0, 5].map(testCard))
        #expect(state.cramQueue(deck: testDeck(0), at: nextDay, limit: 2).map(\.id) == [1, 2].map(testCard))
        #expect(state.cramQueue(deck: testDeck(0), at: nextDay, limit: 0).isEmpty)
        #expect(state.cramQueue(deck: testDeck(7), at: nextDay, limit: 10).isEmpty)
    }
}
