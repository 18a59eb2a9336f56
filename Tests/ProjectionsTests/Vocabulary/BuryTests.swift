import Events
import FSRS
import Testing
import TestSupport
@testable import Projections

@Suite("Burying a card until the next local day")
struct BuryTests {
    /// Cards 0 (reviewed, due) and 1 (new) of profile 0, card 2 (reviewed, due) too; card 0 and
    /// card 1 buried at 10:00 UTC on 5 March (cut-off 04:00, UTC).
    func history() -> VocabularyScript {
        var v = VocabularyScript(configuration: .plainModel)
        let start = utc(2026, 3, 1, 9, 0)
        v.deck(0, at: start)
        v.card(0, deck: 0, at: start)
        v.card(1, deck: 0, at: start)
        v.card(2, deck: 0, at: start)
        v.review(0, .good, at: start)
        v.review(2, .good, at: start)
        v.record(.cardBuried(CardBuried(card: testCard(0))), card: 0, at: utc(2026, 3, 5, 10, 0))
        v.record(.cardBuried(CardBuried(card: testCard(1))), card: 1, at: utc(2026, 3, 5, 10, 0))
        return v
    }

    @Test("a buried card leaves the queue for the rest of its local day and comes back after the cut-off",
          arguments: [
              // (time, buried, due cards listed, new cards listed)
              (utc(2026, 3, 5, 10, 30), true, [UInt64(2)], [UInt64]()),
              (utc(2026, 3, 6, 3, 59), true, [2], []),
              (utc(2026, 3, 6, 4, 0), false, [0, 2], [1]),
              (utc(2026, 3, 9, 12, 0), false, [0, 2], [1]),
          ])
    func queue(at time: Timestamp, buried: Bool, due: [UInt64], new: [UInt64]) {
        let state = history().fold()
        let at = EventTime(instant: time, utcOffset: .zero)
        #expect(state.isBuried(testCard(0), at: at) == buried)
        #expect(state.isBuried(testCard(2), at: at) == false)
        let queue = state.dueQueue(profile: testProfile(0), at: at, limit: 10)
        #expect(Set(queue.reviews.map(\.id)) == Set(due.map(testCard)))
        #expect(queue.newCards.map(\.id) == new.map(testCard))
        #expect(queue.counts.due == due.count)
        #expect(queue.counts.newAvailable == new.count)
        #expect(state.dueCount(profile: testProfile(0), deck: testDeck(0), at: at).due == due.count)
    }

    @Test("burying changes no schedule, and another profile's burial is ignored")
    func noScheduleChange() {
        var v = history()
        v.script.record(.cardBuried(CardBuried(card: testCard(2))), stream: .card(testCard(2)),
                        at: utc(2026, 3, 5, 11, 0), profile: testProfile(1))
        let state = v.fold()
        let at = EventTime(instant: utc(2026, 3, 5, 12, 0), utcOffset: .zero)
        #expect(!state.isBuried(testCard(2), at: at))
        let unburied = v.fold(v.events.filter { if case .cardBuried = $0.event { false } else { true } })
        #expect(unburied.card(testCard(0))?.schedule == state.card(testCard(0))?.schedule)
        #expect(unburied.card(testCard(0))?.schedule != nil)
    }
}
