import Foundation
import Testing
import TestSupport
@testable import Events
@testable import Projections

/// The command ledger's ``CardStreamVersions``: each card's stream version, read, overwritten,
/// listed and compared by card whatever the order the cards came in.
@Suite struct CardStreamVersionsTests {
    static func card(_ n: UInt64) -> CardID { CardID(testUUID(0xC000 + n)) }

    /// Seeded random sets of versions (cards repeated, so versions are overwritten): the table
    /// reads what a dictionary holds; one filled in another order equals it; `all` lists each
    /// card once with its version; a hint changes nothing.
    @Test(arguments: 0..<12 as Range<UInt64>)
    func versionsReadAsADictionaryHoldsThem(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var table = CardStreamVersions(), reference: [CardID: UInt64] = [:]
        var writes: [(CardID, UInt64)] = []
        for _ in 0..<300 {
            let card = Self.card(UInt64.random(in: 0..<120, using: &random)), version = UInt64.random(in: 1...UInt64.max, using: &random)
            writes.append((card, version))
            table.prefetchIndex(of: card)
            table.prefetchVersion(of: card)
            table.setVersion(version, of: card)
            reference[card] = version
        }
        #expect(table.count == reference.count)
        for n in 0..<130 as Range<UInt64> { #expect(table.version(of: Self.card(n)) == reference[Self.card(n)], "card \(n)") }
        var visited: [(CardID, UInt64)] = []
        table.forEach { visited.append(($0, $1)) }
        #expect(Dictionary(uniqueKeysWithValues: visited) == reference)
        #expect(visited.count == reference.count)

        // The same final versions, the cards added in another order.
        var other = CardStreamVersions(minimumCapacity: 200)
        for (card, version) in reference.sorted(by: { $0.key.uuid.uuidString > $1.key.uuid.uuidString }) {
            other.setVersion(version, of: card)
        }
        #expect(other == table)
        var changed = other
        let (card, version) = writes[0]
        changed.setVersion(reference[card]! &+ 1, of: card)
        #expect(changed != table && changed.version(of: card) == reference[card]! &+ 1 && version != 0)
        var grown = other
        grown.setVersion(1, of: Self.card(999))
        #expect(grown != table && grown.count == table.count + 1)
    }

    /// An empty table knows no card, and equals another empty one.
    @Test func anEmptyTableKnowsNoCard() {
        let table = CardStreamVersions()
        #expect(table.version(of: Self.card(1)) == nil && table.count == 0)
        var visited = 0
        table.forEach { _, _ in visited += 1 }
        #expect(visited == 0)
        #expect(table == CardStreamVersions(minimumCapacity: 64))
    }
}
