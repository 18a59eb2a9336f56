import Foundation
import Testing
import TestSupport
@testable import Events
@testable import Projections

@Suite struct ActivityHelpersTests {
    /// IDKey keeps the UUID whole and orders as Identifier does (so encodings sort the same).
    @Test(arguments: 0..<50 as Range<UInt64>)
    func idKeysRoundTripAndOrderLikeIdentifiers(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let a = CardID(UUID(uuid: rng.bytes(16).withUnsafeBytes { $0.loadUnaligned(as: uuid_t.self) }))
        let b = CardID(UUID(uuid: rng.bytes(16).withUnsafeBytes { $0.loadUnaligned(as: uuid_t.self) }))
        #expect(IDKey(a).uuid == a.uuid)
        #expect((IDKey(a) < IDKey(b)) == (a < b))
        #expect(try decoded(IDKey.self, encoded(IDKey(a))) == IDKey(a))
        #expect(encoded(IDKey(a)) == encoded(a))
    }

    /// Active days: runs merge, split and rebuild from the counts alone.
    @Test func activeDaysKeepDisjointSortedRuns() throws {
        var days = ActiveDays()
        for day: Int64 in [5, 1, 3, 2, 10, 4, 4, 11] { days.add(day) }
        #expect(days.runs == [DayRun(first: 1, last: 5), DayRun(first: 10, last: 11)])
        #expect(days.remove(4) == false)          // day 4 had two practice events
        #expect(days.remove(4) == true)
        #expect(days.remove(4) == false)          // no longer active: nothing to take
        #expect(days.runs == [DayRun(first: 1, last: 3), DayRun(first: 5, last: 5), DayRun(first: 10, last: 11)])
        #expect(days.streak(today: 12) == Streak(current: 2, longest: 3, today: 12))
        #expect(days.streak(today: 13) == Streak(current: 0, longest: 3, today: 13))
        #expect(try decoded(ActiveDays.self, encoded(days)) == days)
    }

    /// The window keeps the newest four reviews in order and removes from any slot.
    @Test func theReviewWindowKeepsTheNewestFourInOrder() throws {
        func review(_ n: UInt64) -> RememberedReview {
            RememberedReview(id: EventID(testUUID(n)), day: Int64(n), rating: .good, mode: .scheduled, durationMs: 0,
                             wasFirst: false)
        }
        var window = ReviewWindow()
        for n in 1...6 as ClosedRange<UInt64> { window.append(review(n)) }
        #expect(window.reviews.map(\.day) == [3, 4, 5, 6])
        #expect(window.remove(id: EventID(testUUID(4)))?.day == 4)
        #expect(window.remove(id: EventID(testUUID(1))) == nil)
        #expect(window.reviews.map(\.day) == [3, 5, 6])
        window.append(review(7))
        window.append(review(8))
        #expect(window.reviews.map(\.day) == [5, 6, 7, 8])
        #expect(try decoded(ReviewWindow.self, encoded(window)) == window)
    }
}
