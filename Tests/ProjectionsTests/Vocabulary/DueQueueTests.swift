import Events
import FSRS
import Testing
@testable import Projections

/// Profile 0: deck 1 (cards 1, 3), deck 2 (card 2); profile 1: deck 3 (card 4). Under the plain
/// FSRS-6 model on March 1 09:00 UTC (local day March 1, cut-off 04:00): Hard gives S = w1 =
/// 1.2931 → 1 day (due March 2 04:00), Good gives S = w2 = 2.3065 → 2 days (due March 3 04:00).
private func studied() -> VocabularyScript {
    var v = VocabularyScript(configuration: .plainModel)
    let other = testProfile(1)
    v.deck(1, at: utc(2026, 3, 1, 8, 0))
    v.deck(2, at: utc(2026, 3, 1, 8, 0))
    v.deck(3, at: utc(2026, 3, 1, 8, 0), profile: other)
    v.card(1, deck: 1, at: utc(2026, 3, 1, 8, 1))
    v.card(2, deck: 2, at: utc(2026, 3, 1, 8, 2))
    v.card(3, deck: 1, at: utc(2026, 3, 1, 8, 3))
    v.card(4, deck: 3, at: utc(2026, 3, 1, 8, 4), profile: other)
    v.review(2, .good, at: utc(2026, 3, 1, 9, 0))
    v.review(1, .good, at: utc(2026, 3, 1, 9, 1))
    v.review(3, .hard, at: utc(2026, 3, 1, 9, 2))
    v.review(4, .good, at: utc(2026, 3, 1, 9, 3), profile: other)
    return v
}

private func at(_ time: Timestamp, offset: Int = 0) -> EventTime {
    EventTime(instant: time, utcOffset: try! UTCOffset(seconds: offset))
}

@Suite("Vocabulary due queue")
struct DueQueueTests {
    let me = testProfile(0)

    @Test("due order: by due instant, ties by card id; filtered per deck and per profile")
    func orderAndFilters() {
        let state = studied().fold()
        let later = at(utc(2026, 3, 3, 5, 0))
        // Cards 1 and 2 are both due March 3 04:00: card 1 first by id though card 2 was reviewed first.
        #expect(state.dueQueue(profile: me, at: later, limit: 10).reviews.map(\.id) == [testCard(3), testCard(1), testCard(2)])
        #expect(state.dueQueue(profile: me, at: at(utc(2026, 3, 2, 12, 0)), limit: 10).reviews.map(\.id) == [testCard(3)])
        #expect(state.dueQueue(profile: me, at: at(utc(2026, 3, 2, 3, 59)), limit: 10).reviews.isEmpty)
        #expect(state.dueQueue(profile: me, deck: testDeck(2), at: later, limit: 10).reviews.map(\.id) == [testCard(2)])
        #expect(state.dueQueue(profile: me, deck: testDeck(1), at: later, limit: 1).reviews.map(\.id) == [testCard(3)])
        #expect(state.dueCount(profile: me, deck: testDeck(1), at: later).due == 2)
        #expect(state.dueQueue(profile: testProfile(1), at: later, limit: 10).reviews.map(\.id) == [testCard(4)])
        #expect(state.nextDue(profile: me, after: utc(2026, 3, 2, 4, 0))?.id == testCard(1))
        #expect(state.nextDue(profile: me, deck: testDeck(2), after: utc(2026, 3, 1))?.id == testCard(2))
        #expect(state.nextDue(profile: me, after: utc(2026, 3, 3, 4, 0)) == nil)
        #expect(state.decks(of: me).map(\.id) == [testDeck(1), testDeck(2)])
        #expect(state.decks(of: me).map(\.cardCount) == [2, 1])
    }

    @Test("a suspended card leaves the queue and comes back when unsuspended")
    func suspension() {
        var v = studied()
        let later = at(utc(2026, 3, 3, 5, 0))
        v.record(.cardSuspended(CardSuspended(card: testCard(1))), card: 1, at: utc(2026, 3, 2))
        let suspended = v.fold()
        #expect(suspended.dueQueue(profile: me, at: later, limit: 10).reviews.map(\.id) == [testCard(3), testCard(2)])
        #expect(suspended.card(testCard(1))?.isSuspended == true)
        #expect(suspended.nextDue(profile: me, deck: testDeck(1), after: utc(2026, 3, 2, 5, 0)) == nil)
        v.record(.cardUnsuspended(CardUnsuspended(card: testCard(1))), card: 1, at: utc(2026, 3, 2, 1, 0))
        #expect(v.fold().dueQueue(profile: me, at: later, limit: 10).reviews.map(\.id) == [testCard(3), testCard(1), testCard(2)])
    }

    @Test("a deleted card, and every card of a deleted deck, leave the queue")
    func deletion() {
        var v = studied()
        let later = at(utc(2026, 3, 3, 5, 0))
        v.record(.cardDeleted(CardDeleted(card: testCard(2))), card: 2, at: utc(2026, 3, 2))
        #expect(v.fold().dueQueue(profile: me, at: later, limit: 10).reviews.map(\.id) == [testCard(3), testCard(1)])
        v.card(5, deck: 1, at: utc(2026, 3, 2, 1, 0))
        #expect(v.fold().dueQueue(profile: me, at: later, limit: 10).newCards.map(\.id) == [testCard(5)])
        v.record(.deckDeleted(DeckDeleted(deck: testDeck(1))), deck: 1, at: utc(2026, 3, 2, 2, 0))
        let state = v.fold()
        let queue = state.dueQueue(profile: me, at: later, limit: 10)
        #expect(queue.reviews.isEmpty)
        #expect(queue.newCards.isEmpty)
        #expect(state.card(testCard(1))?.isGone == true)
        #expect(state.card(testCard(1))?.isDeckDeleted == true)
        #expect(state.card(testCard(2))?.isDeleted == true)
        #expect(state.cards(inDeck: testDeck(1)).isEmpty)
        #expect(state.cards(inDeck: testDeck(1), includingDeleted: true).map(\.id) == [testCard(1), testCard(3), testCard(5)])
        #expect(state.decks(of: me).map(\.id) == [testDeck(2)])
        #expect(state.decks(of: me).first?.cardCount == 0)
    }

    @Test("a card moved into a deleted deck leaves the queue, one in it stays there, one created in it never enters")
    func movesAcrossADeletedDeck() {
        var v = studied()
        let later = at(utc(2026, 3, 3, 5, 0))
        v.record(.deckDeleted(DeckDeleted(deck: testDeck(2))), deck: 2, at: utc(2026, 3, 2))
        v.record(.cardMoved(CardMoved(card: testCard(1), fromDeck: testDeck(1), toDeck: testDeck(2))), card: 1,
                 at: utc(2026, 3, 2, 1, 0))
        v.record(.cardMoved(CardMoved(card: testCard(2), fromDeck: testDeck(2), toDeck: testDeck(1))), card: 2,
                 at: utc(2026, 3, 2, 2, 0))
        v.card(6, deck: 2, at: utc(2026, 3, 2, 3, 0))
        let state = v.fold()
        let queue = state.dueQueue(profile: me, at: later, limit: 10)
        #expect(queue.reviews.map(\.id) == [testCard(3)])
        #expect(queue.newCards.isEmpty)
        #expect(state.dueCount(profile: me, at: later).due == 1)
        let one = state.card(testCard(1)), two = state.card(testCard(2)), six = state.card(testCard(6))
        #expect(one?.isDeckDeleted == true && one?.isGone == true && one?.deck == testDeck(2) && one?.moves == 1)
        // Gone with its deck, for good: the move out (which the store refuses) changes nothing.
        #expect(two?.isDeckDeleted == true && two?.isGone == true && two?.deck == testDeck(2) && two?.moves == 0)
        #expect(six?.isDeckDeleted == true && six?.isGone == true)
        // A restored snapshot knows the same.
        let restored = try? decoded(VocabularyState.self, encoded(state))
        #expect(restored == state)
        #expect(restored?.dueQueue(profile: me, at: later, limit: 10) == queue)
        #expect(restored?.card(testCard(6))?.isDeckDeleted == true)
    }

    @Test("a moved card shows under its new deck")
    func move() {
        var v = studied()
        let later = at(utc(2026, 3, 3, 5, 0))
        v.record(.cardMoved(CardMoved(card: testCard(1), fromDeck: testDeck(1), toDeck: testDeck(2))), card: 1,
                 at: utc(2026, 3, 2))
        v.record(.cardEdited(CardEdited(card: testCard(1), front: "chat", back: "cat")), card: 1, at: utc(2026, 3, 2))
        let state = v.fold()
        #expect(state.dueQueue(profile: me, deck: testDeck(2), at: later, limit: 10).reviews.map(\.id) == [testCard(1), testCard(2)])
        #expect(state.dueQueue(profile: me, deck: testDeck(1), at: later, limit: 10).reviews.map(\.id) == [testCard(3)])
        #expect(state.cards(inDeck: testDeck(2)).map(\.id) == [testCard(1), testCard(2)])
        #expect(state.cards(inDeck: testDeck(1)).map(\.id) == [testCard(3)])
        #expect(state.card(testCard(1))?.front == "chat")
        #expect(state.card(testCard(1))?.moves == 1)
        #expect(state.card(testCard(1))?.edits == 1)
    }

    @Test("learning cards are counted apart; the list limit leaves the counts exact")
    func learningCounts() {
        var v = VocabularyScript() // steps 1 and 10 minutes
        v.deck(1, at: utc(2026, 3, 1, 8, 0))
        for n in 1...4 { v.card(UInt64(n), deck: 1, at: utc(2026, 3, 1, 8, n)) }
        v.review(1, .good, at: utc(2026, 3, 1, 9, 0)) // learning step 1: due 09:10
        v.review(2, .again, at: utc(2026, 3, 1, 9, 0)) // learning step 0: due 09:01
        let queue = v.fold().dueQueue(profile: me, at: at(utc(2026, 3, 1, 9, 30)), limit: 1)
        #expect(queue.reviews.map(\.id) == [testCard(2)])
        #expect(queue.newCards.map(\.id) == [testCard(3)])
        #expect(queue.counts == DueCounts(due: 2, learning: 2, newAvailable: 2, newIntroducedToday: 2))
    }
}

/// The daily new-card limit is 3; cards 1 and 2 get their first reviews on March 1 (09:00 and
/// 10:00 UTC, offset 0, cut-off 04:00), so two of the day's three are used.
@Suite("Vocabulary daily new-card limit")
struct NewCardLimitTests {
    struct Case: Sendable, CustomStringConvertible {
        var description: String
        var query: Timestamp
        var offsetSeconds: Int
        var cutoffHour: Int?
        var available: Int
        var offered: [UInt64]
    }

    static let cases: [Case] = [
        Case(description: "same local day: one left", query: utc(2026, 3, 1, 20, 0), offsetSeconds: 0,
             cutoffHour: nil, available: 1, offered: [3]),
        Case(description: "next local day: three again", query: utc(2026, 3, 2, 5, 0), offsetSeconds: 0,
             cutoffHour: nil, available: 3, offered: [3, 4, 5]),
        Case(description: "03:00 next morning is still March 1 with a 04:00 cut-off", query: utc(2026, 3, 2, 3, 0),
             offsetSeconds: 0, cutoffHour: nil, available: 1, offered: [3]),
        Case(description: "03:00 is March 2 once the cut-off moves to midnight", query: utc(2026, 3, 2, 3, 0),
             offsetSeconds: 0, cutoffHour: 0, available: 3, offered: [3, 4, 5]),
        Case(description: "02:00 UTC is 05:00 at UTC+3: already the next day there", query: utc(2026, 3, 2, 2, 0),
             offsetSeconds: 3 * 3600, cutoffHour: nil, available: 3, offered: [3, 4, 5]),
        Case(description: "the same instant at UTC is still yesterday", query: utc(2026, 3, 2, 2, 0),
             offsetSeconds: 0, cutoffHour: nil, available: 1, offered: [3]),
    ]

    @Test(arguments: cases)
    func limit(_ c: Case) {
        var v = VocabularyScript(configuration: .plainModel, dailyNewCardLimit: 3)
        let me = testProfile(0)
        v.deck(1, at: utc(2026, 3, 1, 8, 0))
        for n in 1...6 { v.card(UInt64(n), deck: 1, at: utc(2026, 3, 1, 8, n)) }
        v.review(1, .good, at: utc(2026, 3, 1, 9, 0))
        v.review(2, .good, at: utc(2026, 3, 1, 10, 0))
        v.review(1, .good, mode: .cram, at: utc(2026, 3, 1, 10, 5))
        if let hour = c.cutoffHour {
            v.setting(.dayCutoffChanged(DayCutoffChanged(hour: try! HourOfDay(hour))), at: utc(2026, 3, 1, 11, 0))
        }
        let time = EventTime(instant: c.query, utcOffset: try! UTCOffset(seconds: c.offsetSeconds))
        let queue = v.fold().dueQueue(profile: me, at: time, limit: 10)
        #expect(queue.counts.newAvailable == c.available)
        #expect(queue.counts.newIntroducedToday == 3 - c.available)
        #expect(queue.newCards.map(\.id) == c.offered.map(testCard))
    }
}
