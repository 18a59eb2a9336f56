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

    private func key(_ n: Int) -> IDKey {
        IDKey(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF))))
    }
}
