import Testing
import TestSupport
@testable import Projections

/// The snapshot checksum (`StableHash.words64`): its values are part of the snapshot format, and
/// the streaming form (`StableHash.Words64`, which saving uses) gives the same value however the
/// bytes are split.
@Suite struct StableHashWordsTests {
    /// `count` bytes of a fixed pattern.
    static func pattern(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) } }

    /// Values computed by an independent implementation of the format's definition (a short
    /// Python script: four lanes over 32-byte blocks, the tail bytes, the length), so a change
    /// to the checksum, which would make every saved snapshot unreadable, fails here.
    @Test(arguments: [
        (0, 0x0D03_1451_6D1D_0055 as UInt64), (1, 0x4376_E351_9687_61CE), (7, 0xB731_8B4E_8E25_1950),
        (31, 0xC97B_E287_F32A_3D73), (32, 0xAA6E_AA75_CF9F_CA10), (33, 0x3F63_186D_2858_DDE0),
        (64, 0x5F46_24F2_478B_F1FD), (100, 0x924D_B817_C624_9DD9), (1000, 0x2AC9_0657_7235_C41B),
    ])
    func pinnedValues(count: Int, expected: UInt64) {
        #expect(Self.pattern(count).withUnsafeBytes { StableHash.words64($0) } == expected)
    }

    /// Any split of any input into parts, combined in order, gives the one-shot checksum
    /// (40 seeds; parts of every size, empty parts included).
    @Test(arguments: 0..<40)
    func anySplitGivesTheSameChecksum(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let bytes = (0..<Int.random(in: 0...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
        let whole = bytes.withUnsafeBytes { StableHash.words64($0) }
        var hasher = StableHash.Words64()
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + Int.random(in: 0...70, using: &random))
            bytes[start..<end].withUnsafeBytes { hasher.combine($0) }
            start = end
        }
        #expect(hasher.finalize() == whole)
    }

    /// Changing any single byte changes the checksum (every position of a 100-byte input).
    @Test func everySingleByteChangeIsSeen() {
        let bytes = Self.pattern(100)
        let original = bytes.withUnsafeBytes { StableHash.words64($0) }
        for index in bytes.indices {
            var changed = bytes
            changed[index] ^= 0x5A
            #expect(changed.withUnsafeBytes { StableHash.words64($0) } != original, "byte \(index)")
        }
    }
}
