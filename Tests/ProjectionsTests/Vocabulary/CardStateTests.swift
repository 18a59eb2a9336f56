import Events
import FSRS
import Testing
@testable import Projections

@Suite("Vocabulary card states")
struct CardStateTests {
    @Test("first Good under FSRS-6 defaults: S = w2, D = D0(3), due two local days later at the cut-off")
    func firstGoodNumbers() throws {
        var v = VocabularyScript(configuration: .plainModel)
        v.deck(1, at: utc(2026, 3, 1, 8, 0))
        v.card(1, deck: 1, at: utc(2026, 3, 1, 8, 0))
        v.review(1, .good, at: utc(2026, 3, 1, 9, 0))
        let schedule = try #require(v.fold().card(testCard(1))?.schedule)
        // S0(Good) = w2 = 2.3065; D0(3) = w4 − e^(w5·2) + 1 = 6.4133 − e^1.6668 + 1 = 2.118104.
        #expect(abs(schedule.memory.stability - 2.3065) < 1e-5)
        #expect(abs(schedule.memory.difficulty - 2.118104) < 1e-5)
        // FSRS-6 at retention 0.9: I = S = 2.3065 → 2 days; 09:00 UTC is local day March 1 (cut-off
        // 04:00), so due at the start of March 3: 04:00 UTC.
        #expect(schedule.intervalDays == 2)
        #expect(schedule.dueMs == utc(2026, 3, 3, 4, 0).milliseconds)
        #expect(schedule.phase == .review)
        #expect(schedule.reps == 1)
        #expect(schedule.lapses == 0)
        #expect(schedule.lastReviewMs == utc(2026, 3, 1, 9, 0).milliseconds)
    }

    @Test("a card's state after several reviews (cram and undone ones among them) equals Scheduler.replay")
    func matchesReplay() throws {
        var v = VocabularyScript(utcOffsetSeconds: 3600)
        v.deck(1, at: utc(2026, 3, 1, 8, 0))
        v.card(7, deck: 1, at: utc(2026, 3, 1, 8, 0))
        let plan: [(Rating, Timestamp, ReviewMode, undone: Bool)] = [
            (.good, utc(2026, 3, 1, 9, 0), .scheduled, false),
            (.good, utc(2026, 3, 1, 9, 2), .scheduled, false),
            (.easy, utc(2026, 3, 1, 9, 5), .cram, false),
            (.good, utc(2026, 3, 1, 9, 13), .scheduled, false),
            (.again, utc(2026, 3, 4, 18, 0), .scheduled, false),
            (.hard, utc(2026, 3, 4, 18, 5), .scheduled, true),
            (.good, utc(2026, 3, 4, 18, 11), .scheduled, false),
            (.easy, utc(2026, 3, 12, 7, 30), .scheduled, false),
            (.good, utc(2026, 4, 2, 20, 0), .scheduled, false),
        ]
        var history: [ReviewRecord] = []
        for (rating, time, mode, undone) in plan {
            let id = v.review(7, rating, mode: mode, at: time)
            if undone { v.undo(7, id, at: time) }
            history.append(ReviewRecord(rating: FSRSRating(rating), timeMs: time.milliseconds, utcOffsetMinutes: 60,
                                        mode: mode == .cram ? .cram : .scheduled, isUndone: undone))
        }
        let card = try #require(v.fold().card(testCard(7)))
        let replayed = Scheduler(configuration: .testDefault).replay(history, fuzzSeed: testCard(7).schedulerSeed)
        #expect(card.schedule == replayed.last?.state)
        #expect(card.schedule?.reps == 7) // 9 reviews less one cram and one undone
        #expect(card.schedule?.lapses == 1)
        #expect(card.cramReviews == 1)
    }

    @Test("cram reviews are counted but leave the schedule unchanged")
    func cramLeavesSchedule() throws {
        var v = VocabularyScript()
        v.deck(1, at: utc(2026, 3, 1, 8, 0))
        v.card(1, deck: 1, at: utc(2026, 3, 1, 8, 0))
        v.review(1, .good, at: utc(2026, 3, 1, 9, 0))
        let before = try #require(v.fold().card(testCard(1)))
        v.review(1, .again, mode: .cram, at: utc(2026, 3, 1, 9, 30))
        v.review(1, .easy, mode: .cram, at: utc(2026, 3, 2, 9, 30))
        let after = try #require(v.fold().card(testCard(1)))
        #expect(after.schedule == before.schedule)
        #expect(after.cramReviews == 2)
        // A cram review of a new card leaves it new.
        v.card(2, deck: 1, at: utc(2026, 3, 2, 10, 0))
        v.review(2, .good, mode: .cram, at: utc(2026, 3, 2, 10, 5))
        #expect(v.fold().card(testCard(2))?.isNew == true)
    }

    @Test("an undone review restores the state before it exactly; two undos restore two steps")
    func undoRestores() throws {
        var v = VocabularyScript()
        let profile = testProfile(0)
        v.deck(1, at: utc(2026, 3, 1, 8, 0))
        v.card(1, deck: 1, at: utc(2026, 3, 1, 8, 0))
        v.review(1, .good, at: utc(2026, 3, 1, 9, 0))
        v.review(1, .good, at: utc(2026, 3, 1, 9, 11))
        let afterTwo = try #require(v.fold().card(testCard(1))?.schedule)
        let third = v.review(1, .good, at: utc(2026, 3, 3, 9, 0))
        v.review(1, .easy, mode: .cram, at: utc(2026, 3, 3, 9, 5))
        let afterThree = try #require(v.fold().card(testCard(1))?.schedule)
        let fourth = v.review(1, .again, at: utc(2026, 3, 9, 9, 0))
        #expect(v.fold().card(testCard(1))?.schedule?.lapses == 1)

        v.undo(1, fourth, at: utc(2026, 3, 9, 9, 1))
        let oneUndone = v.fold()
        #expect(oneUndone.card(testCard(1))?.schedule == afterThree)
        #expect(oneUndone.card(testCard(1))?.undoableReviews == 4) // three scheduled and one cram left

        v.undo(1, third, at: utc(2026, 3, 9, 9, 2)) // only a cram review lies above it
        let twoUndone = v.fold()
        #expect(twoUndone.card(testCard(1))?.schedule == afterTwo)
        #expect(twoUndone.card(testCard(1))?.cramReviews == 1)
        // The due index moved with the state: due as after two reviews.
        let late = EventTime(instant: utc(2026, 6, 1), utcOffset: .zero)
        #expect(twoUndone.nextDue(profile: profile, after: utc(2026, 3, 1))?.due?.milliseconds == afterTwo.dueMs)
        #expect(twoUndone.dueQueue(profile: profile, at: late, limit: 10).reviews.map(\.id) == [testCard(1)])

        // Undoing the same review again, or an unknown one, changes nothing.
        v.undo(1, third, at: utc(2026, 3, 9, 9, 3))
        v.undo(1, EventID(testUUID(0xBAD)), at: utc(2026, 3, 9, 9, 4))
        #expect(v.fold().card(testCard(1)) == twoUndone.card(testCard(1)))
    }

    @Test("undoing a card's first review makes it new again and uncounts it from today's new cards")
    func undoFirstReview() throws {
        var v = VocabularyScript(dailyNewCardLimit: 2)
        let profile = testProfile(0)
        v.deck(1, at: utc(2026, 3, 1, 8, 0))
        v.card(1, deck: 1, at: utc(2026, 3, 1, 8, 0))
        v.card(2, deck: 1, at: utc(2026, 3, 1, 8, 1))
        let first = v.review(1, .good, at: utc(2026, 3, 1, 9, 0))
        let evening = EventTime(instant: utc(2026, 3, 1, 20, 0), utcOffset: .zero)
        #expect(v.fold().dueCount(profile: profile, at: evening).newIntroducedToday == 1)
        v.undo(1, first, at: utc(2026, 3, 1, 9, 1))
        let state = v.fold()
        #expect(state.card(testCard(1))?.isNew == true)
        let queue = state.dueQueue(profile: profile, at: evening, limit: 10)
        #expect(queue.counts == DueCounts(due: 0, learning: 0, newAvailable: 2, newIntroducedToday: 0))
        #expect(queue.newCards.map(\.id) == [testCard(1), testCard(2)])
    }
}
