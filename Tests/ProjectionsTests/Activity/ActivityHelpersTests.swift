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

    /// Property: random practice and undos, in and out of order, keep the same active days and
    /// runs as a plain day → count map; the encoding round-trips.
    @Test(arguments: 0..<30 as Range<UInt64>)
    func activeDaysMatchAPlainCountMap(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        var days = ActiveDays()
        var reference: [Int64: Int] = [:]
        var latest: Int64 = 100
        for _ in 0..<300 {
            if rng.next() % 5 == 0 {
                let day = 100 + Int64(rng.next() % UInt64(latest - 99))
                let becameInactive = reference[day] == 1
                #expect(days.remove(day) == becameInactive)
                if let count = reference[day] { reference[day] = count > 1 ? count - 1 : nil }
            } else {
                if rng.next() % 3 == 0 { latest += Int64(rng.next() % 3) }
                let day = rng.next() % 4 == 0 ? 100 + Int64(rng.next() % UInt64(latest - 99)) : latest
                #expect(days.add(day) == (reference[day] == nil))
                reference[day, default: 0] += 1
            }
        }
        #expect(days.days == reference.keys.sorted())
        #expect(days.dayCounts == reference.keys.sorted().map { reference[$0]! })
        var runs: [DayRun] = []
        for day in reference.keys.sorted() {
            if let last = runs.last, last.last == day - 1 { runs[runs.count - 1].last = day } else { runs.append(DayRun(first: day, last: day)) }
        }
        #expect(days.runs == runs)
        #expect(try decoded(ActiveDays.self, encoded(days)) == days)
        #expect(encoded(days) == encoded(reference))
    }

    /// A card's window keeps the newest ``LedgerWindow/capacity`` reviews in order (a ring:
    /// appending to a full window overwrites the oldest), removes from any place and zeroes the
    /// freed slot.
    @Test func aCardsWindowKeepsTheNewestReviewsInOrder() {
        func review(_ n: UInt64) -> LedgerReview {
            LedgerReview(id: IDKey(EventID(testUUID(n))),
                         ReviewFact(day: Int64(n) - 3, rating: .good, mode: .scheduled, durationMs: Int64(n), wasFirst: false))
        }
        /// Removes the newest review with event id `n`, if remembered.
        func remove(_ n: UInt64, from window: inout LedgerWindow, _ entry: inout LedgerEntry) -> LedgerReview? {
            // Every review taken as cram, so that the rule finds any of them by id.
            let header = entry
            guard let index = CardHistoryRule.reviewTakenBack(IDKey(EventID(testUUID(n))), count: header.count,
                                                              id: { window[$0, of: header].id }, isScheduled: { _ in false })
            else { return nil }
            return window.remove(at: index, from: &entry)
        }
        let capacity = LedgerWindow.capacity
        var entry = LedgerEntry(profile: 7)
        var window = LedgerWindow()
        // Two more than fit: reviews 1 and 2 fall out, the ring starts at its third slot.
        for n in 1...UInt64(capacity + 2) { window.append(review(n), to: &entry) }
        #expect(window.reviews(of: entry).map(\.fact.day) == Array(0..<Int64(capacity)))
        #expect(entry.start == 2 && entry.count == capacity)
        #expect(remove(4, from: &window, &entry)?.fact.day == 1)
        #expect(remove(1, from: &window, &entry) == nil)
        #expect(window.reviews(of: entry).map(\.fact.day) == [0] + Array(2..<Int64(capacity)))
        #expect(window.isWellFormed(for: entry))
        window.append(review(UInt64(capacity + 3)), to: &entry)
        window.append(review(UInt64(capacity + 4)), to: &entry)
        #expect(window.reviews(of: entry).map(\.fact.day) == Array(2..<Int64(capacity + 2)))
        for n in 5...UInt64(capacity + 4) { _ = remove(n, from: &window, &entry) }
        #expect(window == LedgerWindow() && entry == LedgerEntry(profile: 7))
    }

    /// The window has one 32-byte slot per review undo can reach, in whole cache lines, and the
    /// header's bits hold a full window's count and any ring start.
    @Test func theWindowHoldsAsManyReviewsAsUndoReaches() {
        #expect(LedgerWindow.capacity == CardHistoryRule.undoDepth)
        #expect(MemoryLayout<LedgerWindow>.stride == CardHistoryRule.undoDepth * MemoryLayout<LedgerReview>.stride)
        #expect(MemoryLayout<LedgerReview>.stride == 32 && MemoryLayout<LedgerWindow>.stride % 64 == 0)
        for start in 0..<LedgerWindow.capacity {
            var entry = LedgerEntry(profile: 1)
            entry.count = LedgerWindow.capacity
            entry.start = start
            entry.hasScheduledReview = true
            #expect(entry.count == LedgerWindow.capacity && entry.start == start && entry.hasScheduledReview)
            #expect(entry.isWellFormed)
        }
    }

    /// Every fact a review packs comes back unchanged, at the extremes of the day range.
    @Test(arguments: [Int64.min / 86_400_000 - 1, -1, 0, 20_000, Int64.max / 86_400_000 + 1])
    func aPackedReviewKeepsItsFacts(day: Int64) {
        for rating in Rating.allCases {
            for mode in ReviewMode.allCases {
                for wasFirst in [false, true] {
                    let fact = ReviewFact(day: day, rating: rating, mode: mode, durationMs: Int64.max, wasFirst: wasFirst)
                    let packed = LedgerReview(id: IDKey(EventID(testUUID(9))), fact)
                    #expect(packed.fact == fact)
                    #expect(packed.isWellFormed)
                    #expect(packed.isScheduled == (mode == .scheduled))
                }
            }
        }
    }
}
