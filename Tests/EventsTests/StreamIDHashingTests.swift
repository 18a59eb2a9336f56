import Foundation
import SeededRandom
import Testing
@testable import Events

/// Stream ids compare and hash by their category and the UUID's two words (dictionaries of them
/// are looked up once or more an event): equal ids are equal and hash alike under every seed,
/// and an id differing in its category or in any bit of its UUID is different.
@Suite struct StreamIDHashingTests {
    static let categories = ["deck", "card", "study-session", "spelling-test", "spelling-session", "story", "profile",
                             "app-settings", "x", "card-2"]

    static func stream(_ category: String, _ uuid: UUID) throws -> StreamID { try StreamID(category: category, id: uuid) }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func equalIDsAreEqualAndHashAlikeAndOthersDiffer(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for _ in 0..<200 {
            let bytes = random.bytes(16)
            let uuid = UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                                   bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
            let category = Self.categories[Int(random.next() % UInt64(Self.categories.count))]
            let a = try Self.stream(category, uuid), b = try Self.stream(String(category), uuid)
            #expect(a == b)
            for tableSeed in [0, 1, Int(bitPattern: UInt(random.next()))] {
                #expect(a._rawHashValue(seed: tableSeed) == b._rawHashValue(seed: tableSeed))
            }
            #expect(a.hashValue == b.hashValue)
            // Another category, the same UUID.
            let other = Self.categories[(Self.categories.firstIndex(of: category)! + 1) % Self.categories.count]
            #expect(try Self.stream(other, uuid) != a)
            // One bit of the UUID flipped.
            var flipped = bytes
            let bit = Int(random.next() % 128)
            flipped[bit / 8] ^= UInt8(1) << (bit % 8)
            let changed = UUID(uuid: (flipped[0], flipped[1], flipped[2], flipped[3], flipped[4], flipped[5], flipped[6], flipped[7],
                                      flipped[8], flipped[9], flipped[10], flipped[11], flipped[12], flipped[13], flipped[14], flipped[15]))
            #expect(try Self.stream(category, changed) != a)
        }
    }

    @Test func aSetAndADictionaryFindEveryStreamOnce() throws {
        var random = SplitMix64(seed: 99)
        var streams: [StreamID] = []
        for index in 0..<5_000 {
            let bytes = random.bytes(16)
            let uuid = UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                                   bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
            // Every UUID under two categories: the same words must not make the same key.
            streams.append(try Self.stream(Self.categories[index % Self.categories.count], uuid))
            streams.append(try Self.stream(Self.categories[(index + 3) % Self.categories.count], uuid))
        }
        var versions: [StreamID: Int] = [:]
        for (index, stream) in streams.enumerated() { versions[stream] = index }
        #expect(versions.count == streams.count)
        #expect(Set(streams).count == streams.count)
        for (index, stream) in streams.enumerated() { #expect(versions[stream] == index) }
    }
}
