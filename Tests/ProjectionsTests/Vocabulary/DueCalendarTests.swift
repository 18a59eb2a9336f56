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
                calendar.remove(card.place, learning: card.learning) { moved, place in cards[Int(moved)].place = place }
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
            let today = DueCalendar.utcBucketDay(of: now)
            let before = calendar.counts(beforeDay: today)
            let expected = held.filter { DueCalendar.utcBucketDay(of: cards[$0].dueMs) < today }
            #expect(before.due == expected.count)
            #expect(before.learning == expected.filter { cards[$0].learning }.count)
        }
    }

    @Test("a bucket drained in random order keeps every place right through tombstones and compactions",
          arguments: [UInt64(1), 2, 3, 4, 5, 6])
    func drainedBucket(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var calendar = DueCalendar()
        let day: Int64 = 20_000
        let size = 600
        var places: [DuePlace?] = (0..<size).map { slot in
            calendar.insert(Int32(slot), dueMs: day * DueCalendar.dayMs + Int64(slot), learning: slot % 5 == 0)
        }
        var moves = 0
        var remaining = Array(0..<size)
        while !remaining.isEmpty {
            let slot = remaining.remove(at: Int(random.next() % UInt64(remaining.count)))
            let place = try #require(places[slot])
            calendar.remove(place, learning: slot % 5 == 0) { moved, newPlace in
                places[Int(moved)] = newPlace
                moves += 1
            }
            places[slot] = nil
            // Now and then a card comes back on the same day: appended behind the tombstones.
            if random.next() % 8 == 0 {
                let back = Int(random.next() % UInt64(size))
                if places[back] == nil {
                    places[back] = calendar.insert(Int32(back), dueMs: day * DueCalendar.dayMs + 7, learning: back % 5 == 0)
                    remaining.append(back)
                }
            }
            for (held, place) in places.enumerated() {
                guard let place else { continue }
                #expect(calendar.slot(at: place) == Int32(held), "card \(held) after removing \(slot)")
            }
            let expected = places.indices.filter { places[$0] != nil }
            #expect(calendar.count == expected.count)
            #expect(calendar.slots(onDay: day).sorted() == expected.map(Int32.init))
            let counts = calendar.counts(beforeDay: day + 1)
            #expect(counts.due == expected.count)
            #expect(counts.learning == expected.filter { $0 % 5 == 0 }.count)
        }
        // Compactions happened, and tombstones spared most removals a move.
        #expect(moves > 0)
        #expect(moves < size / 2)
        #expect(calendar.slots(onDay: day).isEmpty)
    }

    @Test("days before, inside, at the end of and beyond the dense day table, and the extremes, get one bucket each")
    func farApartDays() {
        let dayMs = DueCalendar.dayMs
        // The first day sets the dense table's base (256 days earlier); it spans 65,536 days.
        let first: Int64 = 1000
        let days: [Int64] = [first, first - 256, first - 257, first + 65_279, first + 65_280, 20_000, -5, 999]
        var instants = days.map { $0 * dayMs + 1 }
        instants += [Int64.max, Int64.min, Int64.max - 1]
        var calendar = DueCalendar()
        var slot: Int32 = 0
        var placed: [(slot: Int32, place: DuePlace)] = []
        for instant in instants {
            for _ in 0..<2 {
                placed.append((slot, calendar.insert(slot, dueMs: instant, learning: slot % 2 == 0)))
                slot += 1
            }
        }
        let distinctDays = Set(instants.map(DueCalendar.utcBucketDay(of:)))
        #expect(calendar.days.count == distinctDays.count)
        #expect(calendar.count == instants.count * 2)
        for (index, instant) in instants.enumerated() {
            let expected = Set(placed.filter { Int($0.slot) / 2 == index || DueCalendar.utcBucketDay(of: instants[Int($0.slot) / 2])
                == DueCalendar.utcBucketDay(of: instant) }.map(\.slot))
            #expect(Set(calendar.slots(onDay: DueCalendar.utcBucketDay(of: instant))) == expected, "instant \(instant)")
        }
        #expect(calendar.slots(onDay: first + 1).isEmpty)
        #expect(calendar.slots(onDay: first + 70_000).isEmpty)
        // Removing every card leaves empty buckets that are found again.
        for (slot, place) in placed.reversed() { calendar.remove(place, learning: slot % 2 == 0) { _, _ in } }
        #expect(calendar.count == 0)
        let again = calendar.insert(0, dueMs: instants[4], learning: false)
        #expect(again.bucket == placed[8].place.bucket)
    }

    @Test("a drained bucket lets go of its room, whatever order its cards leave in",
          arguments: [RemovalOrder.random, .fromTheEnd, .fromTheFront])
    func drainedBucketLetsGoOfItsRoom(order: RemovalOrder) {
        var random = SplitMix64(seed: 7)
        var calendar = DueCalendar()
        let size = 1000, day: Int64 = 20_000
        var places = (0..<size).map { calendar.insert(Int32($0), dueMs: day * DueCalendar.dayMs + Int64($0), learning: false) }
        #expect(calendar.reservedSlots >= size)
        var remaining = Array(0..<size)
        func remove(_ slot: Int) {
            calendar.remove(places[slot], learning: false) { moved, place in places[Int(moved)] = place }
        }
        while remaining.count > 10 {
            let index = switch order {
            case .random: Int(random.next() % UInt64(remaining.count))
            case .fromTheEnd: remaining.count - 1
            case .fromTheFront: 0
            }
            remove(remaining.remove(at: index))
        }
        // Ten cards left: room for a few times as many, not for the thousand it held.
        #expect(calendar.reservedSlots <= DueCalendar.keptRoom * 2, "\(calendar.reservedSlots) slots for 10 cards")
        #expect(calendar.slots(onDay: day).sorted() == remaining.sorted().map(Int32.init))
        for slot in remaining { #expect(calendar.slot(at: places[slot]) == Int32(slot)) }
        remaining.forEach(remove)
        #expect(calendar.reservedSlots == 0)
        // The bucket is found again and takes cards as before.
        let again = calendar.insert(5, dueMs: day * DueCalendar.dayMs, learning: true)
        #expect(calendar.slot(at: again) == 5)
        #expect(calendar.counts(beforeDay: day + 1) == (due: 1, learning: 1))
    }

    /// The order a test drains a bucket in.
    enum RemovalOrder: Sendable, CustomTestStringConvertible {
        case random, fromTheEnd, fromTheFront
        var testDescription: String { "\(self)" }
    }

    @Test("a calendar folded from a long history holds room for its cards, not for every review made",
          arguments: [UInt64(1), 2, 3])
    func longHistoryRoom(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var calendar = DueCalendar()
        let cards = 3000, dayMs = DueCalendar.dayMs
        // Each card is reviewed on the day it is due and moved to a later day, as a learner's
        // cards are: 400 days of reviews, intervals of 1 to 40 days.
        var due = (0..<cards).map { _ in Int64(random.next() % 10) }
        var places = (0..<cards).map { calendar.insert(Int32($0), dueMs: due[$0] * dayMs, learning: false) }
        var moves = 0
        for today in Int64(0)..<400 {
            for card in 0..<cards where due[card] == today {
                calendar.remove(places[card], learning: false) { moved, place in places[Int(moved)] = place }
                due[card] = today + 1 + Int64(random.next() % 40)
                places[card] = calendar.insert(Int32(card), dueMs: due[card] * dayMs + Int64(card), learning: false)
                moves += 1
            }
        }
        #expect(moves > 15 * cards)
        #expect(calendar.count == cards)
        for card in 0..<cards { #expect(calendar.slot(at: places[card]) == Int32(card)) }
        // The live buckets are the next 40 days': each may keep ``DueCalendar/keptRoom`` slots or
        // a few times its cards.
        #expect(calendar.reservedSlots <= 4 * cards + 40 * DueCalendar.keptRoom,
                "\(calendar.reservedSlots) slots for \(cards) cards after \(moves) moves")
    }

    @Test("day buckets split at UTC midnight, negative instants included", arguments: [
        (Int64(0), Int64(0)), (86_399_999, 0), (86_400_000, 1), (-1, -1), (-86_400_000, -1), (-86_400_001, -2),
    ])
    func dayOf(ms: Int64, day: Int64) {
        #expect(DueCalendar.utcBucketDay(of: ms) == day)
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
