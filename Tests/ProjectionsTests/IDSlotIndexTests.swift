import Testing
import TestSupport
@testable import Projections

@Suite("The id → slot hash index")
struct IDSlotIndexTests {
    /// A random key; `crowded` draws from a pool of 512 keys, so keys come back after removal
    /// and the table sits near its load limit, where probe runs are long and wrap around its end.
    private static func key(_ random: inout SplitMix64, crowded: Bool) -> IDKey {
        crowded ? IDKey(high: UInt64.random(in: 0..<8, using: &random), low: UInt64.random(in: 0..<64, using: &random))
                : IDKey(high: random.next(), low: random.next())
    }

    @Test("random inserts, removals and lookups agree with a Dictionary", arguments: [
        (seed: UInt64(1), crowded: false), (seed: 2, crowded: true), (seed: 3, crowded: true), (seed: 4, crowded: false),
    ])
    func agreesWithADictionary(seed: UInt64, crowded: Bool) {
        var random = SplitMix64(seed: seed)
        var index = IDSlotIndex()
        var model: [IDKey: Int32] = [:]
        var known: [IDKey] = []
        for step in 0..<20_000 {
            let roll = Int.random(in: 0..<10, using: &random)
            if roll < 5 || known.isEmpty {
                let key = Self.key(&random, crowded: crowded)
                let slot = Int32(step)
                let inserted = index.insert(key, slot: slot)
                #expect(inserted == (model[key] == nil))
                if model[key] == nil { model[key] = slot; known.append(key) }
            } else if roll < 7 {
                let key = known.randomElement(using: &random)!
                let removed = index.remove(key)
                #expect(removed == model.removeValue(forKey: key))
            } else {
                let key = Bool.random(using: &random) ? known.randomElement(using: &random)! : Self.key(&random, crowded: crowded)
                #expect(index.slot(of: key) == model[key])
            }
            #expect(index.count == model.count)
        }
        for key in known { #expect(index.slot(of: key) == model[key]) }
    }

    @Test func aStoredKeyKeepsItsFirstSlot() {
        var index = IDSlotIndex()
        let key = IDKey(high: 7, low: 9)
        let first = index.insert(key, slot: 3), second = index.insert(key, slot: 4)
        #expect(first && !second)
        #expect(index.slot(of: key) == 3)
        let removed = index.remove(key), removedAgain = index.remove(key)
        #expect(removed == 3 && removedAgain == nil)
        #expect(index.slot(of: key) == nil)
        #expect(index.count == 0)
    }

    @Test func growsPastItsInitialCapacityWithoutLosingKeys() {
        var index = IDSlotIndex(minimumCapacity: 4)
        let keys = (0..<5_000).map { IDKey(high: UInt64($0) &* 0x9E37_79B9, low: UInt64($0)) }
        for (slot, key) in keys.enumerated() { index.insert(key, slot: Int32(slot)) }
        #expect(keys.enumerated().allSatisfy { index.slot(of: $0.element) == Int32($0.offset) })
        // Slot 0 and the largest slots survive (slots are stored plus one, 0 meaning empty).
        #expect(index.slot(of: keys[0]) == 0)
    }
}
