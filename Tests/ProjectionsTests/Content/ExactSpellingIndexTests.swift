import Testing
import TestSupport
@testable import Projections

/// ``ExactSpellingIndex`` against a dictionary keyed by (profile, bytes): seeded runs of lookups
/// and inserts over short byte strings from a tiny alphabet (so lengths, prefixes and 8-byte
/// words collide often), through many growths.
@Suite struct ExactSpellingIndexTests {
    struct Key: Hashable {
        let profile: IDKey
        let bytes: [UInt8]
    }

    @Test(arguments: 0..<25 as Range<UInt64>)
    func lookupsAgreeWithADictionary(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let profiles = (0..<3).map { IDKey(high: 0, low: UInt64($0)) }
        var index = ExactSpellingIndex()
        var reference: [Key: Int32] = [:]
        for step in 0..<3_000 {
            let length = Int(rng.next() % 20)
            let bytes = (0..<length).map { _ in [0x61, 0x62, 0xC3, 0xA9][Int(rng.next() % 4)] as UInt8 }
            let key = Key(profile: profiles[Int(rng.next() % 3)], bytes: bytes)
            bytes.withUnsafeBufferPointer { buffer in
                let hash = ExactSpellingIndex.hash(profile: key.profile, spelling: buffer)
                let found = index.row(profile: key.profile, spelling: buffer, hash: hash)
                #expect(found == reference[key], "step \(step): \(bytes)")
                if found == nil {
                    index.insert(profile: key.profile, spelling: buffer, hash: hash, row: Int32(step))
                    reference[key] = Int32(step)
                }
            }
        }
        #expect(index.count == reference.count)
        for (key, row) in reference {
            key.bytes.withUnsafeBufferPointer { buffer in
                #expect(index.row(profile: key.profile, spelling: buffer,
                                  hash: ExactSpellingIndex.hash(profile: key.profile, spelling: buffer)) == row)
            }
        }
    }

    @Test func theHashSeesEveryByteAndTheProfile() {
        let profile = IDKey(high: 1, low: 2)
        func hash(_ bytes: [UInt8], _ owner: IDKey = profile) -> UInt64 {
            bytes.withUnsafeBufferPointer { ExactSpellingIndex.hash(profile: owner, spelling: $0) }
        }
        let base = Array("abcdefghijklmnopq".utf8)
        var hashes = Set([hash(base), hash([]), hash(base, IDKey(high: 1, low: 3)), hash(Array(base.dropLast()))])
        for position in base.indices {
            var changed = base
            changed[position] ^= 1
            hashes.insert(hash(changed))
        }
        #expect(hashes.count == 4 + base.count)
        #expect(hash([0]) != hash([]))
    }
}
