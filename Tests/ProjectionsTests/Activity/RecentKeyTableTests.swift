import Testing
import TestSupport
@testable import Projections

/// The table that remembers its last key behaves as a plain dictionary under any sequence of
/// changes, additions, removals and copies (the remembered position never goes stale).
@Suite struct RecentKeyTableTests {
    @Test(arguments: 0..<40 as Range<UInt64>)
    func itBehavesLikeADictionary(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var table = RecentKeyTable<Int, Int>()
        var reference: [Int: Int] = [:]
        var copies: [(RecentKeyTable<Int, Int>, [Int: Int])] = []
        for step in 0..<2_000 {
            // Few keys and long runs of one key, as the folds see them; sometimes many new keys (growth).
            let key = rng.next() % 4 == 0 ? Int(rng.next() % 300) : Int(rng.next() % 3)
            switch rng.next() % 6 {
            case 0, 1:
                table.modify(key, default: { 0 }) { $0 += step }
                reference[key, default: 0] += step
            case 2:
                let index = table.index(of: key, default: { 7 })
                table[at: index] -= 1
                reference[key, default: 7] -= 1
            case 3:
                if let index = table.index(of: key) { table[at: index] *= 2 }
                reference[key]? *= 2
            case 4:
                let value: Int? = rng.next() % 2 == 0 ? nil : step
                table.update(key, to: value)
                reference[key] = value
            default:
                copies.append((table, reference))        // a copy shares storage until either changes
            }
            #expect(table[key] == reference[key])
        }
        #expect(table.dictionary == reference)
        #expect(table == RecentKeyTable(reference))
        for (copy, expected) in copies { #expect(copy.dictionary == expected) }
    }
}
