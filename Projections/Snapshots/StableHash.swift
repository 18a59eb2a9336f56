/// FNV-1a, 64-bit: a stable hash (the same on every machine and run, unlike `Hasher`) for
/// snapshot checksums and configuration fingerprints.
public enum StableHash {
    public static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
    public static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// The FNV-1a-64 hash of `bytes`, continuing from `seed` (the offset basis by default).
    /// - Complexity: O(n).
    public static func fnv1a64(_ bytes: some Sequence<UInt8>, seed: UInt64 = offsetBasis) -> UInt64 {
        var hash = seed
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= prime
        }
        return hash
    }

    /// A fingerprint of several values (each given as its 8 little-endian bytes), in order.
    public static func combine(_ values: UInt64...) -> UInt64 {
        var hash = offsetBasis
        for value in values {
            for shift in 0..<8 {
                hash ^= (value >> (8 * UInt64(shift))) & 0xFF
                hash &*= prime
            }
        }
        return hash
    }
}
