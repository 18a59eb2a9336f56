import Events
import Foundation
import TestSupport
import Testing
@testable import Projections

/// The undo ring of a card behaves exactly like a bounded array (oldest dropped first),
/// whatever the mix of appends and removals, and cards sharing the pool never see each
/// other's entries.
@Suite("Vocabulary undo ring")
struct UndoRingTests {
    @Test("matches a bounded array per card under random appends and removals", arguments: 0..<50)
    func matchesReference(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var ring = UndoRing()
        var handles = [RingHandle](repeating: RingHandle(), count: 3)
        var reference = [[UndoEntry]](repeating: [], count: 3)
        for step in 0..<600 {
            let card = Int(random.next() % 3)
            let roll = random.next() % 10
            if roll < 7 || reference[card].isEmpty {
                let entry = roll == 0 ? UndoEntry.cram(key(step))
                    : .scheduled(key(step), before: PackedCardState(), day: Int64(step))
                ring.append(entry, to: &handles[card])
                reference[card].append(entry)
                if reference[card].count > UndoRing.depth { reference[card].removeFirst() }
            } else {
                let index = Int(random.next() % UInt64(reference[card].count))
                #expect(ring.lastIndex(of: reference[card][index].review, in: handles[card]) == index)
                ring.remove(at: index, from: &handles[card])
                reference[card].remove(at: index)
            }
            for other in 0..<3 {
                #expect(ring.entries(of: handles[other]) == reference[other])
                #expect(Int(handles[other].count) == reference[other].count)
            }
        }
    }

    @Test("a full ring forgets the oldest and still finds the newest by id")
    func wrapsAround() {
        var ring = UndoRing()
        var handle = RingHandle()
        for step in 0..<(UndoRing.depth + 3) { ring.append(.cram(key(step)), to: &handle) }
        #expect(Int(handle.count) == UndoRing.depth)
        #expect(ring.entry(0, of: handle).review == key(3))
        #expect(ring.lastIndex(of: key(2), in: handle) == nil)
        #expect(ring.lastIndex(of: key(UndoRing.depth + 2), in: handle) == UndoRing.depth - 1)
        #expect(!ring.hasScheduledReview(after: 0, in: handle))
        #expect(ring.slots.count == UndoRing.depth)
    }

    @Test("an entry is one 64-byte cache line, and the pool's entries never straddle two")
    func entryIsOneLine() {
        #expect(MemoryLayout<UndoEntry>.stride == 64)
        // The pool's chunks are plain memory blocks, 64-byte aligned.
        for capacity in [1, 7, 4096] {
            #expect(UInt(bitPattern: PlainMemory<UndoEntry>(capacity: capacity).base) % 64 == 0)
        }
    }

    @Test("an entry gives back exactly the state, the day or the cram mark it was made from", arguments: 0..<20)
    func entryRoundTrip(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for step in 0..<2_000 {
            let review = key(step)
            switch random.next() % 4 {
            case 0:
                let entry = UndoEntry.cram(review)
                #expect(entry.isCram && entry.before == .none && entry.day == 0 && entry.review == review)
            case 1:
                let day = Int64(bitPattern: random.next())
                let entry = UndoEntry.scheduled(review, before: .none, day: day)
                #expect(!entry.isCram && entry.before == .none && entry.day == day)
                #expect(entry.stored.lastReviewDay == day && entry.stored.phase == 0)
            default:
                var state = PackedCardState()
                // Any instant, a local day up to a byte away from its UTC day (the scheduler's
                // are at most two away), any other field.
                state.lastReviewMs = Int64(bitPattern: random.next()) >> Int(random.next() % 20)
                let offset = Int64(Int8(truncatingIfNeeded: random.next()))
                state.lastReviewDay = DueCalendar.day(of: state.lastReviewMs) + offset
                state.dueMs = Int64(bitPattern: random.next())
                state.intervalDays = Int64(bitPattern: random.next())
                state.stability = Float(bitPattern: UInt32(truncatingIfNeeded: random.next()) & 0x7F7F_FFFF)
                state.difficulty = Float(bitPattern: UInt32(truncatingIfNeeded: random.next()) & 0x7F7F_FFFF)
                state.step = Int32(truncatingIfNeeded: random.next())
                state.reps = Int32(truncatingIfNeeded: random.next())
                state.lapses = Int32(truncatingIfNeeded: random.next())
                state.phase = UInt8(1 + random.next() % 3)
                #expect(state.dayOffsetFits)
                let entry = UndoEntry.scheduled(review, before: state, day: Int64(step))
                #expect(entry.before == state && entry.stored == state && entry.day == 0 && !entry.isCram)
            }
        }
    }

    @Test("a state whose local day is more than a byte away from its last review does not fit an entry",
          arguments: [Int64(128), -129, 1_000_000, .max])
    func farDayDoesNotFit(offset: Int64) {
        var state = PackedCardState()
        state.phase = 2
        state.lastReviewMs = 1_767_225_600_000
        state.lastReviewDay = DueCalendar.day(of: state.lastReviewMs) &+ offset
        #expect(!state.dayOffsetFits)
        state.lastReviewDay = DueCalendar.day(of: state.lastReviewMs) + (offset > 0 ? 127 : -128)
        #expect(state.dayOffsetFits)
    }

    private func key(_ n: Int) -> IDKey {
        IDKey(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF))))
    }
}
