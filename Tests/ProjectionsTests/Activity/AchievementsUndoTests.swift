import Testing
@testable import Events
@testable import Projections

/// Undone reviews and the day rules of the default table (`streak-7`, `full-week`).
///
/// What the design says (``AchievementsState``): an undo takes the review out of the counts and
/// the practice days, so progress and later unlocks see it, but an achievement already earned is
/// never locked again ("the way a game keeps a trophy"); `ProfileAchievements.unlocked` is
/// "never removed", and `tookBack` only lowers the counts. These tests pin that.
///
/// Calendar: 1 March 2026 is a Sunday; the weeks are Mon 2 – Sun 8 and Mon 9 – Sun 15. Card 1 is
/// created on the 1st (the event before the moves); every review grades it.
@Suite struct AchievementsUndoTests {
    let projection = try! ActivityProjection(defaultCutoffHour: 4)

    /// One step of a history, at a local time.
    enum Move: Sendable {
        /// Card 1 graded good.
        case review(LocalTime)
        /// The latest review not yet undone is undone (the store only undoes a card's latest).
        case undoLastReview(LocalTime)
        /// A word spelled: practice that is not a review.
        case spell(LocalTime)
    }

    struct UndoCase: Sendable, CustomTestStringConvertible {
        let name: String
        let moves: [Move]
        /// The unlocks in `unlocked(profile:)` order: rule and the index in ``moves`` of the event
        /// that earned it.
        let unlocks: [(rule: String, by: Int)]
        /// The runs of practice days, as March dates.
        let runs: [ClosedRange<Int>]
        /// Reviews net of undone ones.
        let reviews: Int
        var testDescription: String { name }
    }

    static func reviews(_ days: ClosedRange<Int>) -> [Move] { days.map { .review(LocalTime($0, 20)) } }

    static let table: [UndoCase] = [
        // Reviews on the evenings of Mon 2 – Sat 7 (0–5); Saturday's, the day's only practice, is
        // undone (6); Sunday 8's review (7) leaves runs 2–6 and 8: no streak, no week. 7 graded,
        // 1 undone: 6. First review: index 0.
        UndoCase(name: "undoing a day's only practice before the week completes",
                 moves: reviews(2...7) + [.undoLastReview(LocalTime(7, 20, 30))] + reviews(8...8),
                 unlocks: [("first-review", 0)], runs: [2...6, 8...8], reviews: 6),
        // Reviews Mon 2 – Sun 8 (0–6): Sunday's completes both. Undone the next morning (Monday
        // 9, 10:00: the review's day, Sunday, loses it): runs 2–7, 6 reviews, and both
        // achievements stay, dated by Sunday's review.
        UndoCase(name: "undoing the review that completed the week keeps the achievements",
                 moves: reviews(2...8) + [.undoLastReview(LocalTime(9, 10))],
                 unlocks: [("first-review", 0), ("full-week", 6), ("streak-7", 6)], runs: [2...7], reviews: 6),
        // Reviews Mon 2 – Sat 7 (0–5), a word spelled on Saturday (6), Saturday's review undone
        // (7): Saturday still holds the word. Sunday's review (8) completes 2–8. 7 graded, 1 undone.
        UndoCase(name: "a day with other practice stays active",
                 moves: reviews(2...7) + [.spell(LocalTime(7, 21)), .undoLastReview(LocalTime(7, 22))] + reviews(8...8),
                 unlocks: [("first-review", 0), ("full-week", 8), ("streak-7", 8)], runs: [2...8], reviews: 6),
        // The first row, then a word spelled at 21:00 on Saturday 7 arriving last (index 8, a late
        // event): Saturday is active again, 2–8 complete, dated by that word (its position and
        // its Saturday time).
        UndoCase(name: "a late practice on the emptied day completes the week",
                 moves: reviews(2...7) + [.undoLastReview(LocalTime(7, 20, 30))] + reviews(8...8) + [.spell(LocalTime(7, 21))],
                 unlocks: [("first-review", 0), ("full-week", 8), ("streak-7", 8)], runs: [2...8], reviews: 6),
        // Reviews Mon 2 – Fri 6 (0–4), Friday's undone (5): the streak breaks at Friday 6. Reviews
        // Sat 7 – Fri 13 (6–12): 7 days after the gap at Friday 13, index 12. Mon 2 – Sun 8 lacks
        // the 6th, Mon 9 – Sun 15 the 14th and 15th: no week. 12 graded, 1 undone: 11.
        UndoCase(name: "a streak broken by an undo unlocks 7 days after the gap",
                 moves: reviews(2...6) + [.undoLastReview(LocalTime(6, 21))] + reviews(7...13),
                 unlocks: [("first-review", 0), ("streak-7", 12)], runs: [2...5, 7...13], reviews: 11),
        // Undoing the only review ever: no practice left, but First Steps stays (never re-locked).
        UndoCase(name: "undoing the first review keeps First Steps",
                 moves: reviews(2...2) + [.undoLastReview(LocalTime(2, 21))],
                 unlocks: [("first-review", 0)], runs: [], reviews: 0),
    ]

    /// Each history, at each offset, unlocks exactly the expected rules at the expected events,
    /// never takes an unlock back, and leaves the expected practice days and net review count; the
    /// achievements' own practice days are the streaks' (both take the undo back).
    @Test(arguments: table, tableOffsets)
    func undoTakesPracticeBackButNeverAnUnlock(_ row: UndoCase, utcOffsetSeconds offset: Int) throws {
        var script = EventScript(utcOffsetSeconds: offset)
        script.createCard(1, at: LocalTime(1, 8).instant(utcOffsetSeconds: offset))
        var recorded: [RecordedEvent] = []
        var undoable: [RecordedEvent] = []
        for move in row.moves {
            switch move {
            case .review(let time):
                undoable.append(script.review(1, .good, at: time.instant(utcOffsetSeconds: offset)))
            case .undoLastReview(let time):
                let latest = undoable.popLast()
                script.undo(try #require(latest), at: time.instant(utcOffsetSeconds: offset))
            case .spell(let time):
                script.spell(1, "cat", correct: false, at: time.instant(utcOffsetSeconds: offset))
            }
            recorded.append(script.events[script.events.count - 1])
        }
        let state = activityFoldedBothWays(projection, script.events)
        expectUnlocks(state, profile: script.profile, row.unlocks, earnedBy: recorded, runs: row.runs)
        let standing = try #require(state.achievements.profiles[IDKey(script.profile)])
        #expect(standing.reviews == row.reviews)
        #expect(standing.activeDays.runs == marchRuns(row.runs))
    }
}
