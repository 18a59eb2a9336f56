import Foundation
import SeededRandom
import Testing
@testable import Events

/// Snapshots list ids and streams in a fixed order, so the order is part of their bytes: ids by
/// their UUIDs' bytes, exactly as `UUID`'s own `<` orders them, and streams by category name,
/// then id. The fast comparisons (two big-endian words) must give that very order.
@Suite struct IdentifierOrderTests {
    /// A UUID from 16 bytes.
    static func uuid(_ b: [UInt8]) -> UUID {
        UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
    }

    /// Pairs of UUIDs: random ones, equal ones, and ones differing in a single byte (the first,
    /// the last, either side of the word boundary) in either direction.
    static func pairs(seed: UInt64) -> [(UUID, UUID)] {
        var random = SplitMix64(seed: seed)
        var pairs: [(UUID, UUID)] = []
        for round in 0..<400 {
            let bytes = random.bytes(16)
            var other = round % 4 == 0 ? random.bytes(16) : bytes
            if round % 4 != 0 {
                let index = [0, 7, 8, 15, Int(random.next() % 16)][round % 5]
                other[index] = round % 3 == 0 ? bytes[index] : UInt8(truncatingIfNeeded: random.next())
            }
            pairs.append((uuid(bytes), uuid(other)))
        }
        return pairs
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func idsOrderAsTheirUUIDsDo(seed: UInt64) {
        var disagreements = 0
        for (a, b) in Self.pairs(seed: seed) where (CardID(a) < CardID(b)) != (a < b) || (CardID(b) < CardID(a)) != (b < a) {
            disagreements += 1
        }
        #expect(disagreements == 0)
    }

    /// The definition: the category names as strings, then the UUIDs as `UUID` orders them.
    static func definedOrder(_ a: StreamID, _ b: StreamID) -> Bool {
        a.category != b.category ? a.category < b.category : a.id < b.id
    }

    /// Every pair of distinct streams (of random, equal and nearly equal UUIDs, in known and other
    /// categories) is listed in the defined order.
    @Test(arguments: [UInt64(4), 5, 6])
    func streamsOrderByCategoryNameThenID(seed: UInt64) throws {
        let categories = ["deck", "card", "study-session", "spelling-test", "spelling-session", "story", "profile",
                          "app-settings", "zeta", "card-2"]
        var random = SplitMix64(seed: seed)
        var disagreements = 0
        for (a, b) in Self.pairs(seed: seed) {
            let first = try StreamID(category: categories[Int(random.next() % 10)], id: a)
            let second = try StreamID(category: random.next() % 2 == 0 ? first.category : categories[Int(random.next() % 10)], id: b)
            guard first != second else { continue }
            let listed = StreamID.snapshotOrder([first: 1, second: 2]).map(\.key)
            if listed != (Self.definedOrder(first, second) ? [first, second] : [second, first]) { disagreements += 1 }
        }
        #expect(disagreements == 0)
    }

    /// A table of streams sharing UUIDs across categories is listed in the defined order, with
    /// each stream's value.
    @Test(arguments: [UInt64(7), 8, 9])
    func aTableOfStreamsIsListedInTheDefinedOrder(seed: UInt64) throws {
        let categories = ["deck", "card", "study-session", "profile", "app-settings", "zeta", "card-2"]
        var random = SplitMix64(seed: seed)
        var table: [StreamID: Int] = [:]
        for (a, _) in Self.pairs(seed: seed) {
            // Few distinct UUIDs, so that categories share them.
            let id = random.next() % 3 == 0 ? table.keys.randomElement(using: &random)?.id ?? a : a
            let stream = try StreamID(category: categories[Int(random.next() % UInt64(categories.count))], id: id)
            table[stream] = table.count
        }
        let listed = StreamID.snapshotOrder(table)
        #expect(listed.map(\.key) == table.keys.sorted(by: Self.definedOrder))
        #expect(listed.allSatisfy { table[$0.key] == $0.value })
        #expect(StreamID.snapshotOrder([StreamID: Int]()).isEmpty)
    }
}
