import FSRS
import Testing
import TestSupport
@testable import Events
@testable import Projections

/// Resets to new and due dates set by hand (``CardHistoryRule``'s manual changes), as the
/// vocabulary and activity read models fold them: given a history of card 1 (created 1 March,
/// owned by the script's profile), what the card and the daily statistics say.
@Suite struct ManualChangeTests {
    let vocabulary = VocabularyProjection(configuration: .testDefault, dailyNewCardLimit: 5)
    let activity = try! ActivityProjection(defaultCutoffHour: 4)
    static let card = CardID(testUUID(0xC001))
    static let other = ProfileID(testUUID(0xBEEF))

    /// One step of a history.
    enum Step: Sendable, CustomStringConvertible {
        case review(Rating, day: Int)
        case reset(day: Int, byOther: Bool = false)
        case dueSet(day: Int, dueDay: Int)
        /// Undo the review made at step `index` of the history.
        case undo(step: Int, day: Int)

        var description: String {
            switch self {
            case .review(let rating, let day): "review \(rating) on day \(day)"
            case .reset(let day, let byOther): "reset on day \(day)\(byOther ? " by another profile" : "")"
            case .dueSet(let day, let dueDay): "due set on day \(day) to day \(dueDay)"
            case .undo(let step, let day): "undo of step \(step) on day \(day)"
            }
        }
    }

    /// What the read models say after a history.
    struct Expected: Sendable {
        var isNew: Bool
        var undoable: Int
        /// Reviews and new cards per March day listed.
        var days: [Int: (reviews: Int, newCards: Int)]
        /// The card's due, as a March day at 00:00 UTC, when set by hand and kept.
        var dueDay: Int? = nil
        /// New cards introduced on the last step's day (the daily new-card limit's count).
        var introducedOnLastDay: Int? = nil
    }

    static let cases: [(String, [Step], Expected)] = [
        ("a reset makes a reviewed card new; its reviews still count",
         [.review(.good, day: 10), .review(.good, day: 12), .reset(day: 13)],
         Expected(isNew: true, undoable: 0, days: [10: (1, 1), 12: (1, 0), 13: (0, 0)])),
        ("a review after a reset is the card's first again for the new-card limit, not for DailyStats",
         [.review(.good, day: 10), .reset(day: 13), .review(.again, day: 14)],
         Expected(isNew: false, undoable: 1, days: [10: (1, 1), 14: (1, 0)], introducedOnLastDay: 1)),
        ("an undo of a review before the reset is ignored everywhere",
         [.review(.good, day: 10), .reset(day: 13), .undo(step: 0, day: 14)],
         Expected(isNew: true, undoable: 0, days: [10: (1, 1)])),
        ("undoing the first review after a reset makes the card new again and takes the answer back",
         [.review(.good, day: 10), .reset(day: 13), .review(.hard, day: 14), .undo(step: 2, day: 14)],
         Expected(isNew: true, undoable: 0, days: [10: (1, 1), 14: (0, 0)], introducedOnLastDay: 0)),
        ("a reset by a profile that does not own the card is ignored",
         [.review(.good, day: 10), .reset(day: 13, byOther: true)],
         Expected(isNew: false, undoable: 1, days: [10: (1, 1)])),
        ("a due date set moves the due, keeps the memory and ends undo",
         [.review(.good, day: 10), .review(.good, day: 11), .dueSet(day: 12, dueDay: 20), .undo(step: 1, day: 12)],
         Expected(isNew: false, undoable: 0, days: [10: (1, 1), 11: (1, 0)], dueDay: 20)),
        ("a due date set on a new card changes nothing",
         [.dueSet(day: 12, dueDay: 20)],
         Expected(isNew: true, undoable: 0, days: [12: (0, 0)])),
    ]

    @Test(arguments: cases)
    func manualChanges(name: String, steps: [Step], expected: Expected) throws {
        var script = EventScript()
        script.createCard(1, at: utc(2026, 3, 1, 8))
        var reviews: [Int: RecordedEvent] = [:]
        var lastDay = 1
        for (index, step) in steps.enumerated() {
            switch step {
            case .review(let rating, let day):
                reviews[index] = script.review(1, rating, at: utc(2026, 3, day, 9 + index))
                lastDay = day
            case .reset(let day, let byOther):
                script.record(.cardReset(CardReset(card: Self.card)), stream: .card(Self.card), at: utc(2026, 3, day, 9 + index),
                              profile: byOther ? Self.other : nil)
                lastDay = day
            case .dueSet(let day, let dueDay):
                script.record(.cardDueSet(CardDueSet(card: Self.card, due: utc(2026, 3, dueDay))), stream: .card(Self.card),
                              at: utc(2026, 3, day, 9 + index))
                lastDay = day
            case .undo(let step, let day):
                script.undo(try #require(reviews[step]), at: utc(2026, 3, day, 9 + index))
                lastDay = day
            }
        }
        let words = fold(vocabulary, script.events)
        let card = try #require(words.card(Self.card))
        #expect(card.isNew == expected.isNew, "\(name)")
        #expect(card.undoableReviews == expected.undoable, "\(name)")
        if let dueDay = expected.dueDay { #expect(card.due == utc(2026, 3, dueDay), "\(name)") }
        let stats = fold(activity, script.events).dailyStats
        for (day, counts) in expected.days {
            let counted = stats.day(profile: script.profile, day: dayNumber(2026, 3, day))
            #expect(counted.reviews == counts.reviews && counted.newCards == counts.newCards, "\(name): March \(day)")
        }
        if let introduced = expected.introducedOnLastDay {
            let queue = words.dueQueue(profile: script.profile, at: EventTime(instant: utc(2026, 3, lastDay, 22), utcOffset: try! UTCOffset(seconds: 0)),
                                       limit: 10)
            #expect(queue.counts.newIntroducedToday == introduced, "\(name)")
        }
    }

    /// A due date set keeps the memory state: the card's stability and difficulty are those
    /// after its last review, only the due differs.
    @Test func aDueDateSetKeepsTheMemoryState() throws {
        var script = EventScript()
        script.createCard(1, at: utc(2026, 3, 1, 8))
        script.review(1, .good, at: utc(2026, 3, 10, 9))
        let before = try #require(fold(vocabulary, script.events).card(Self.card)?.schedule)
        script.record(.cardDueSet(CardDueSet(card: Self.card, due: utc(2026, 4, 1))), stream: .card(Self.card),
                      at: utc(2026, 3, 10, 10))
        let after = try #require(fold(vocabulary, script.events).card(Self.card)?.schedule)
        #expect(after.memory == before.memory && after.lastReviewMs == before.lastReviewMs)
        #expect(after.dueMs == utc(2026, 4, 1).milliseconds && before.dueMs != after.dueMs)
    }
}
