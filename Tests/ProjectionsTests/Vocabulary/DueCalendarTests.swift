import Events
import Foundation
import TestSupport
import Testing
@testable import Projections

/// The calendar queue and the new-card bit set against a simple reference: a sorted array of
/// keys, under seeded random inserts, moves and removals.
@Suite("Vocabulary due calendar and new-card set")
struct DueCalendarTests {
    /// A card of the reference model: its due instant, id and learning flag.
    private struct Card {
        var dueMs: Int64
        var key: IDKey
        var learning: Bool
        var place: DuePlace = .none
    }

    @Test("walks in (due, id) order with exact counts, as a sorted array does", arguments: 0..<40)
    func matchesSortedArray(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var calendar = DueCalendar()
        var cards: [Card] = (0..<200).map { n in
            Card(dueMs: 0, key: IDKey(UUID(uuid: (UInt8(n % 7), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(n)))),
                 learning: false)
        }
        // Instants around the epoch (negative ones too), often on shared instants and days.
        func instant() -> Int64 { Int64(random.next() % 40) * 43_200_000 / 3 - 200_000_000 + Int64(random.next() % 3) }
        func order(_ slot: Int32) -> DueOrder { DueOrder(dueMs: cards[Int(slot)].dueMs, card: cards[Int(slot)].key) }
        for step in 0..<2000 {
            let slot = Int32(random.next() % UInt64(cards.count))
            let card = cards[Int(slot)]
            if card.place.isPresent {
                if let moved = calendar.remove(card.place, learning: card.learning) { cards[Int(moved)].place = card.place }
                cards[Int(slot)].place = .none
            }
            if random.next() % 4 != 0 {
                cards[Int(slot)].dueMs = instant()
                cards[Int(slot)].learning = random.next() % 3 == 0
                cards[Int(slot)].place = calendar.insert(slot, dueMs: cards[Int(slot)].dueMs, learning: cards[Int(slot)].learning)
            }
            guard step % 50 == 0 else { continue }
            let held = cards.indices.filter { cards[$0].place.isPresent }
            let reference = held.map { Int32($0) }.sorted { order($0) < order($1) }
            #expect(calendar.count == reference.count)
            var walked: [Int32] = []
            calendar.walk(from: .min, through: .max, order: order) { walked.append($0); return true }
            #expect(walked == reference)
            let now = instant()
            var upToNow: [Int32] = []
            calendar.walk(from: .min, through: now, order: order) { upToNow.append($0); return upToNow.count < 10 }
            #expect(upToNow == Array(reference.filter { order($0).dueMs <= now }.prefix(10)))
            var after: [Int32] = []
            calendar.walk(from: now + 1, through: .max, order: order) { after.append($0); return true }
            #expect(after == reference.filter { order($0).dueMs > now })
            let today = DueCalendar.day(of: now)
            let before = calendar.counts(beforeDay: today)
            let expected = held.filter { DueCalendar.day(of: cards[$0].dueMs) < today }
            #expect(before.due == expected.count)
            #expect(before.learning == expected.filter { cards[$0].learning }.count)
        }
    }

    @Test("day buckets split at UTC midnight, negative instants included", arguments: [
        (Int64(0), Int64(0)), (86_399_999, 0), (86_400_000, 1), (-1, -1), (-86_400_000, -1), (-86_400_001, -2),
    ])
    func dayOf(ms: Int64, day: Int64) {
        #expect(DueCalendar.day(of: ms) == day)
    }

    @Test("the new-card set holds the same slots, ascending, as a sorted array", arguments: 0..<40)
    func newCardSet(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var set = NewCardSet()
        var reference = Set<Int32>()
        for _ in 0..<3000 {
            let slot = Int32(random.next() % 700)
            if random.next() % 3 == 0 {
                set.remove(slot)
                reference.remove(slot)
            } else {
                set.insert(slot)
                reference.insert(slot)
            }
            #expect(set.contains(slot) == reference.contains(slot))
        }
        #expect(set.slots == reference.sorted())
        #expect(set.count == reference.count)
        var firstFive: [Int32] = []
        set.walk { firstFive.append($0); return firstFive.count < 5 }
        #expect(firstFive == Array(reference.sorted().prefix(5)))
    }
}
