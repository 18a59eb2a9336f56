import Events
import Foundation
import Testing
import TestSupport
@testable import Projections

/// A small integer key with a hashed priority, for checking the treap against a sorted array.
private struct IntKey: OrderedKeySetKey {
    var value: Int
    static func < (lhs: IntKey, rhs: IntKey) -> Bool { lhs.value < rhs.value }
    var treapPriority: UInt64 { mix(UInt64(bitPattern: Int64(value))) }
}

@Suite("Ordered key set (treap) against a sorted array")
struct OrderedKeySetTests {
    @Test("random inserts and removes keep the same keys, in order, as a sorted array", arguments: 0..<40)
    func matchesSortedArray(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var set = OrderedKeySet<IntKey>()
        var reference: [Int] = []
        let range = 200 + Int(seed % 5) * 300
        for step in 0..<3000 {
            let value = Int(random.next() % UInt64(range))
            let position = reference.firstIndex { $0 >= value } ?? reference.count
            let held = position < reference.count && reference[position] == value
            if random.next() % 3 == 0 {
                let removed = set.remove(IntKey(value: value))
                #expect(removed == held)
                if held { reference.remove(at: position) }
            } else {
                let inserted = set.insert(IntKey(value: value))
                #expect(inserted == !held)
                if !held { reference.insert(value, at: position) }
            }
            #expect(set.count == reference.count)
            if step % 250 == 0 {
                #expect(set.map(\.value) == reference)
                #expect(set.first?.value == reference.first)
                let probe = Int(random.next() % UInt64(range))
                #expect(set.contains(IntKey(value: probe)) == reference.contains(probe))
                #expect(set.firstKey(after: IntKey(value: probe))?.value == reference.first { $0 > probe })
                let fromProbe = set.keys(from: IntKey(value: probe)).map(\.value)
                #expect(fromProbe == reference.filter { $0 >= probe })
            }
        }
        #expect(set.map(\.value) == reference)
    }

    @Test("the same keys in any insertion order give equal sets and the same iteration")
    func insertionOrderDoesNotMatter() {
        var random = SplitMix64(seed: 7)
        let values = (0..<500).map { _ in Int(random.next() % 10_000) }
        var forward = OrderedKeySet<IntKey>(), backward = OrderedKeySet<IntKey>()
        for value in values { forward.insert(IntKey(value: value)) }
        for value in values.reversed() { backward.insert(IntKey(value: value)) }
        #expect(forward == backward)
        #expect(forward.map(\.value) == Array(Set(values)).sorted())
    }

    @Test("a set built from sorted keys has the treap shape of inserting them, and stays usable", arguments: 0..<30)
    func buildsFromSortedKeys(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let values = Array(Set((0..<Int(seed * 37 % 900)).map { _ in Int(random.next() % 5_000) })).sorted()
        var built = OrderedKeySet<IntKey>(sortedKeys: values.map { IntKey(value: $0) })
        var inserted = OrderedKeySet<IntKey>()
        for value in values.shuffled(using: &random) { inserted.insert(IntKey(value: value)) }
        #expect(built.count == values.count)
        #expect(built.map(\.value) == values)
        #expect(shape(built) == shape(inserted))
        var reference = values
        for _ in 0..<400 {
            let value = Int(random.next() % 5_000)
            let held = reference.contains(value)
            if random.next() % 2 == 0 {
                #expect(built.remove(IntKey(value: value)) == held)
                reference.removeAll { $0 == value }
            } else {
                #expect(built.insert(IntKey(value: value)) == !held)
                if !held { reference = (reference + [value]).sorted() }
            }
        }
        #expect(built.map(\.value) == reference)
    }

    /// The tree's keys in pre-order with each node's depth: equal for equal shapes.
    private func shape(_ set: OrderedKeySet<IntKey>) -> [[Int]] {
        var out: [[Int]] = []
        var stack: [(Int32, Int)] = [(set.root, 0)]
        while let (node, depth) = stack.popLast() {
            guard node != -1 else { continue }
            let current = set.nodes[Int(node)]
            out.append([current.key.value, depth])
            stack.append((current.right, depth + 1))
            stack.append((current.left, depth + 1))
        }
        return out
    }

    @Test("removing every key empties the set, and storage is reused")
    func removeEverything() {
        var set = OrderedKeySet<IntKey>()
        for value in 0..<100 { set.insert(IntKey(value: value)) }
        for value in stride(from: 0, to: 100, by: 2) {
            let removed = set.remove(IntKey(value: value))
            #expect(removed)
        }
        #expect(set.map(\.value) == Array(stride(from: 1, to: 100, by: 2)))
        for value in stride(from: 1, to: 100, by: 2) {
            let removed = set.remove(IntKey(value: value))
            #expect(removed)
        }
        #expect(set.isEmpty)
        #expect(set.first == nil)
        #expect(Array(set).isEmpty)
        let removedAgain = set.remove(IntKey(value: 3))
        #expect(!removedAgain)
        for value in 0..<100 { set.insert(IntKey(value: value)) }
        #expect(set.nodes.count == 100)
    }

    @Test("due keys order by instant, then by card id")
    func dueKeyOrder() {
        let a = DueKey(dueMs: 10, card: CardID(testUUID(2)))
        let b = DueKey(dueMs: 10, card: CardID(testUUID(1)))
        let c = DueKey(dueMs: 5, card: CardID(testUUID(9)))
        var set = OrderedKeySet<DueKey>()
        for key in [a, b, c] { set.insert(key) }
        #expect(Array(set) == [c, b, a])
    }
}

@Suite("Due key order matches card id order")
struct DueKeyOrderTests {
    @Test("the fast comparison agrees with Identifier's order", arguments: 0..<20)
    func agrees(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for _ in 0..<200 {
            let a = CardID(testUUID(random.next() % 4 == 0 ? 5 : random.next()))
            let b = CardID(UUID(uuid: (UInt8(random.next() % 3), 0, 0, 0, 0, 0, 0, UInt8(random.next() % 2), 0, 0, 0, 0, 0, 0, 0,
                                       UInt8(random.next() % 4))))
            for (x, y) in [(a, b), (b, a), (a, a)] {
                #expect((DueKey(dueMs: 1, card: x) < DueKey(dueMs: 1, card: y)) == (x < y))
                #expect((DueKey(dueMs: 1, card: x) == DueKey(dueMs: 1, card: y)) == (x == y))
                #expect((NewCardKey(position: 1, card: x) < NewCardKey(position: 1, card: y)) == (x < y))
            }
        }
    }
}
