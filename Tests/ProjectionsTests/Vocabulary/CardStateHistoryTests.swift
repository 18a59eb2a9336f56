import Events
import FSRS
import Testing
@testable import Projections

/// Card states over hand-written histories, one table: reps, lapses, phase and step, last
/// review, interval, due, lifecycle flags, cram and undoable counts against hand-checked values;
/// the whole state (memory included) against the FSRS module's own ``Scheduler`` fed the same
/// history without its cram and undone reviews.
///
/// Card 1 of deck 1 is created at 08:00 on 1 March 2026, local time; times below are the
/// person's clock. Configurations: `.testDefault` (learning steps 1 and 10 min, relearning 10
/// min, fuzzed day intervals) and `.plainModel` (no steps, no fuzz); cut-off 04:00 in both.
/// Hand values used throughout: a first Good under FSRS-6 has S = w2 = 2.3065, and at desired
/// retention 0.9 the interval is S itself, rounded: 2 days, due at 04:00 local (the cut-off) two
/// local days after the review's.
@Suite("Vocabulary card states over hand-written histories")
struct CardStateHistoryTests {
    /// One event of a card's history.
    enum Entry: Sendable {
        /// A review; when `undone`, its undo follows at once (the store only undoes the latest).
        case review(Rating, mode: ReviewMode = .scheduled, at: LocalTime, undone: Bool = false)
        case suspend(LocalTime)
        case unsuspend(LocalTime)
        case deleteCard(LocalTime)
        case deleteDeck(LocalTime)
    }

    /// The schedule expected; `nil` for a value that is fuzzed or not worked by hand (the
    /// comparison with the scheduler still covers it).
    struct Schedule: Sendable {
        var reps: Int
        var lapses: Int
        var phase: CardPhase
        var step: Int
        var intervalDays: Int?
        var lastReview: LocalTime
        var due: LocalTime?
    }

    struct History: Sendable, CustomTestStringConvertible {
        let name: String
        let plain: Bool
        let entries: [Entry]
        /// nil: the card is new.
        let schedule: Schedule?
        var isSuspended = false
        var isDeleted = false
        var isDeckDeleted = false
        var cramReviews = 0
        var undoableReviews = 0
        var testDescription: String { name }

        var configuration: SchedulerConfiguration { plain ? .plainModel : .testDefault }
    }

    /// After one first Good at `time` under the plain model (see the suite's hand values).
    static func firstGood(at time: LocalTime, due: LocalTime) -> Schedule {
        Schedule(reps: 1, lapses: 0, phase: .review, step: 0, intervalDays: 2, lastReview: time, due: due)
    }

    static let table: [History] = [
        // Never reviewed: no schedule, nothing to undo.
        History(name: "a new card", plain: false, entries: [], schedule: nil),
        // Learning steps (1, 10 min): Good at step 0 moves to step 1, due +10 min (09:10); Hard at
        // step 1 repeats step 1, +10 min (09:20); Again goes back to step 0, +1 min (09:21).
        // 3 reps; Again while learning is no lapse; no day interval yet.
        History(name: "learning steps: Good, Hard, Again", plain: false,
                entries: [.review(.good, at: LocalTime(1, 9)), .review(.hard, at: LocalTime(1, 9, 10)), .review(.again, at: LocalTime(1, 9, 20))],
                schedule: Schedule(reps: 3, lapses: 0, phase: .learning, step: 0, intervalDays: 0,
                                   lastReview: LocalTime(1, 9, 20), due: LocalTime(1, 9, 21)),
                undoableReviews: 3),
        // Good (step 0 → 1, due 09:10), Good at step 1 (the last step: graduates to a fuzzed day
        // interval), then Again on the 5th in review: a lapse, into relearning step 0 (10 min):
        // due 10:10, interval 0. 3 reps, 1 lapse.
        History(name: "a lapse sends a graduated card to relearning", plain: false,
                entries: [.review(.good, at: LocalTime(1, 9)), .review(.good, at: LocalTime(1, 9, 10)), .review(.again, at: LocalTime(5, 10))],
                schedule: Schedule(reps: 3, lapses: 1, phase: .relearning, step: 0, intervalDays: 0,
                                   lastReview: LocalTime(5, 10), due: LocalTime(5, 10, 10)),
                undoableReviews: 3),
        // Good on the 1st, then cram Again and cram Easy: the schedule is the first Good's (due the
        // 3rd, 04:00); 2 cram reviews; 3 reviews can be undone.
        History(name: "cram reviews are excluded from the schedule", plain: true,
                entries: [.review(.good, at: LocalTime(1, 9)), .review(.again, mode: .cram, at: LocalTime(1, 12)),
                          .review(.easy, mode: .cram, at: LocalTime(2, 9))],
                schedule: firstGood(at: LocalTime(1, 9), due: LocalTime(3, 4)), cramReviews: 2, undoableReviews: 3),
        // Good on the 1st; Again on the 3rd, undone: as after the Good alone, no lapse; 1 left to undo.
        History(name: "an undone review leaves the state before it", plain: true,
                entries: [.review(.good, at: LocalTime(1, 9)), .review(.again, at: LocalTime(3, 9), undone: true)],
                schedule: firstGood(at: LocalTime(1, 9), due: LocalTime(3, 4)), undoableReviews: 1),
        // The only review undone: new again.
        History(name: "undoing the only review makes the card new", plain: false,
                entries: [.review(.good, at: LocalTime(1, 9), undone: true)], schedule: nil),
        // Good on the 1st; suspended on the 2nd; a cram review while suspended (the store allows
        // cram): flagged, schedule unchanged, 1 cram, 2 undoable.
        History(name: "a suspended card keeps its schedule", plain: true,
                entries: [.review(.good, at: LocalTime(1, 9)), .suspend(LocalTime(2, 8)), .review(.good, mode: .cram, at: LocalTime(2, 9))],
                schedule: firstGood(at: LocalTime(1, 9), due: LocalTime(3, 4)),
                isSuspended: true, cramReviews: 1, undoableReviews: 2),
        // Suspended on the 2nd, unsuspended on the 3rd, Good on the 3rd: 2 reps, last review the
        // 3rd; the second interval depends on the memory model (checked against the scheduler).
        History(name: "suspended then unsuspended: reviews resume", plain: true,
                entries: [.review(.good, at: LocalTime(1, 9)), .suspend(LocalTime(2, 8)), .unsuspend(LocalTime(3, 8)),
                          .review(.good, at: LocalTime(3, 9))],
                schedule: Schedule(reps: 2, lapses: 0, phase: .review, step: 0, intervalDays: nil,
                                   lastReview: LocalTime(3, 9), due: nil),
                undoableReviews: 2),
        // Its deck deleted on the 2nd: flagged as gone with the deck (not deleted itself), schedule kept.
        History(name: "a card of a deleted deck", plain: true,
                entries: [.review(.good, at: LocalTime(1, 9)), .deleteDeck(LocalTime(2, 8))],
                schedule: firstGood(at: LocalTime(1, 9), due: LocalTime(3, 4)), isDeckDeleted: true, undoableReviews: 1),
        // Deleted itself on the 2nd: flagged deleted, its deck not.
        History(name: "a deleted card", plain: true,
                entries: [.review(.good, at: LocalTime(1, 9)), .deleteCard(LocalTime(2, 8))],
                schedule: firstGood(at: LocalTime(1, 9), due: LocalTime(3, 4)), isDeleted: true, undoableReviews: 1),
        // 03:59 on the 2nd is still local day 1 (cut-off 04:00): due two days later, the 3rd at 04:00.
        History(name: "a review at 03:59 belongs to the day before", plain: true,
                entries: [.review(.good, at: LocalTime(2, 3, 59))],
                schedule: firstGood(at: LocalTime(2, 3, 59), due: LocalTime(3, 4)), undoableReviews: 1),
        // 04:00 on the 2nd is day 2: due the 4th at 04:00.
        History(name: "a review at 04:00 belongs to its own day", plain: true,
                entries: [.review(.good, at: LocalTime(2, 4))],
                schedule: firstGood(at: LocalTime(2, 4), due: LocalTime(4, 4)), undoableReviews: 1),
    ]

    /// Each history, at each offset, leaves card 1 with the hand-checked schedule fields, flags
    /// and counts, and with exactly the state the scheduler gives for its counted reviews.
    @Test(arguments: table, tableOffsets)
    func cardStateAfterHistory(_ row: History, utcOffsetSeconds offset: Int) throws {
        var v = VocabularyScript(configuration: row.configuration, utcOffsetSeconds: offset)
        func at(_ time: LocalTime) -> Timestamp { time.instant(utcOffsetSeconds: offset) }
        v.deck(1, at: at(LocalTime(1, 8)))
        v.card(1, deck: 1, at: at(LocalTime(1, 8)))
        var counted: [ReviewRecord] = []
        for entry in row.entries {
            switch entry {
            case .review(let rating, let mode, let time, let undone):
                let id = v.review(1, rating, mode: mode, at: at(time))
                if undone { v.undo(1, id, at: at(time)) }
                if mode == .scheduled && !undone {
                    counted.append(ReviewRecord(rating: FSRSRating(rating), timeMs: at(time).milliseconds,
                                                utcOffsetMinutes: offset / 60))
                }
            case .suspend(let time): v.record(.cardSuspended(CardSuspended(card: testCard(1))), card: 1, at: at(time))
            case .unsuspend(let time): v.record(.cardUnsuspended(CardUnsuspended(card: testCard(1))), card: 1, at: at(time))
            case .deleteCard(let time): v.record(.cardDeleted(CardDeleted(card: testCard(1))), card: 1, at: at(time))
            case .deleteDeck(let time): v.record(.deckDeleted(DeckDeleted(deck: testDeck(1))), deck: 1, at: at(time))
            }
        }
        let card = try #require(v.fold().card(testCard(1)))
        #expect(card.isSuspended == row.isSuspended)
        #expect(card.isDeleted == row.isDeleted)
        #expect(card.isDeckDeleted == row.isDeckDeleted)
        #expect(card.cramReviews == row.cramReviews)
        #expect(card.undoableReviews == row.undoableReviews)
        let reference = Scheduler(configuration: row.configuration).state(after: counted, fuzzSeed: testCard(1).schedulerSeed)
        #expect(card.schedule == reference)
        guard let expected = row.schedule else {
            #expect(card.isNew && card.due == nil)
            return
        }
        let schedule = try #require(card.schedule)
        #expect(schedule.reps == expected.reps)
        #expect(schedule.lapses == expected.lapses)
        #expect(schedule.phase == expected.phase)
        #expect(schedule.step == expected.step)
        #expect(schedule.lastReviewMs == at(expected.lastReview).milliseconds)
        if let interval = expected.intervalDays { #expect(schedule.intervalDays == interval) }
        if let due = expected.due { #expect(card.due == at(due)) }
    }
}
