import Testing
import TestSupport
@testable import FSRS

/// A scheduled review before the card is due (an early review): the scheduler takes the days
/// that really elapsed, as FSRS does, so the memory model sees a higher retrievability and
/// gives a smaller stability gain than an on-time review; a same-day review uses FSRS-6's
/// short-term formula (elapsed 0).
@Suite struct EarlyReviewTests {
    static let day: Int64 = 86_400_000
    /// 2024-01-01T12:00:00Z.
    static let start: Int64 = 1_704_110_400_000

    /// A card graded good at `start`, twice (so its interval is several days), then good again
    /// `after` days after the second review.
    func review(after days: Int64) throws -> (due: CardState, next: ScheduledReview) {
        let scheduler = Scheduler(configuration: try .memoryModel())
        let first = scheduler.nextState(after: ReviewRecord(rating: .good, timeMs: Self.start), from: nil, fuzzSeed: 1)
        let second = scheduler.nextState(after: ReviewRecord(rating: .good, timeMs: first.dueMs), from: first, fuzzSeed: 1)
        let next = scheduler.apply(ReviewRecord(rating: .good, timeMs: second.lastReviewMs + days * Self.day), to: second,
                                   fuzzSeed: 1)
        return (second, next)
    }

    @Test("an early review counts the days that really elapsed", arguments: [0, 1, 3] as [Int64])
    func elapsedDaysAreReal(days: Int64) throws {
        let (due, next) = try review(after: days)
        #expect(Int64(due.intervalDays) > days, "the review is early")
        #expect(next.elapsedDays == Int(days))
        #expect(next.state.reps == due.reps + 1)
    }

    @Test("the earlier the review, the smaller the stability gain, and never more than on time")
    func earlierGainsLess() throws {
        let onTime = try review(after: Int64(try review(after: 0).due.intervalDays))
        let gains = try [0, 1, 3].map { (days: Int64) in try review(after: days).next.state.memory.stability }
        #expect(gains == gains.sorted())
        #expect(gains.allSatisfy { $0 <= onTime.next.state.memory.stability })
        #expect(try review(after: 1).next.state.intervalDays <= onTime.next.state.intervalDays)
    }
}
