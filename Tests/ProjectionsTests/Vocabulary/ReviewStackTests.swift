import Events
import Foundation
import TestSupport
import Testing
@testable import Projections

/// The ring buffer of a card's recent reviews behaves exactly like a bounded array (oldest
/// dropped first), whatever the mix of appends and removals.
@Suite("Vocabulary review stack")
struct ReviewStackTests {
    @Test("matches a bounded array under random appends and removals", arguments: 0..<50)
    func matchesReference(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var stack = ReviewStack()
        var reference: [RecentReview] = []
        for step in 0..<300 {
            let roll = random.next() % 10
            if roll < 7 || reference.isEmpty {
                let review = RecentReview(review: EventID(UUID(uuid: uuid(step))), effect: roll == 0 ? .cram : .scheduled(before: nil, day: Int64(step)))
                stack.append(review)
                reference.append(review)
                if reference.count > CardRecord.undoDepth { reference.removeFirst() }
            } else {
                let index = Int(random.next() % UInt64(reference.count))
                #expect(stack.lastIndex(of: reference[index].review) == index)
                stack.remove(at: index)
                reference.remove(at: index)
            }
            #expect(stack.reviews == reference)
            #expect(stack.count == reference.count)
            #expect(stack == ReviewStack(reference))
        }
    }

    @Test("a full stack forgets the oldest and still finds the newest by id")
    func wrapsAround() {
        var stack = ReviewStack()
        for step in 0..<(CardRecord.undoDepth + 3) {
            stack.append(RecentReview(review: EventID(UUID(uuid: uuid(step))), effect: .cram))
        }
        #expect(stack.count == CardRecord.undoDepth)
        #expect(stack[0].review == EventID(UUID(uuid: uuid(3))))
        #expect(stack.lastIndex(of: EventID(UUID(uuid: uuid(2)))) == nil)
        #expect(stack.lastIndex(of: EventID(UUID(uuid: uuid(CardRecord.undoDepth + 2)))) == CardRecord.undoDepth - 1)
        #expect(!stack.hasScheduledReview(after: 0))
    }

    private func uuid(_ n: Int) -> uuid_t {
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF))
    }
}
