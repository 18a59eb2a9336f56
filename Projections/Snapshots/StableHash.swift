/// FNV-1a, 64-bit: a stable hash (the same on every machine and run, unlike `Hasher`) for
/// snapshot checksums and configuration fingerprints.
public enum StableHash {
    /// FNV-1a-64's starting value: the hash of no bytes.
    public static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
    /// FNV-1a-64's multiplier, applied after each byte is mixed in.
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

    /// A fast checksum of `bytes` (snapshot format 2): four independent lanes each fold one
    /// little-endian 64-bit word at a time (`lane = (lane ^ word) &* prime`), the tail bytes and
    /// the length follow, and the lanes are mixed together. Every step is a bijection of the lane
    /// given the input, so changing any single byte always changes the result. The same on every
    /// machine; about eight times the speed of ``fnv1a64(_:seed:)``, whose multiply per byte is
    /// one long dependency chain. ``Words64`` computes the same checksum over bytes given in parts.
    /// - Complexity: O(n).
    public static func words64(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hasher = Words64()
        hasher.combine(bytes)
        return hasher.finalize()
    }

    /// ``StableHash/words64(_:)`` over bytes given in parts, in order: the result is that of
    /// their concatenation, however it is split (so a file can be checksummed as it is written).
    public struct Words64: Sendable {
        /// The four lanes, each folding every fourth word of the whole input.
        private var lanes: (UInt64, UInt64, UInt64, UInt64) = (offsetBasis, prime, ~offsetBasis, ~prime)
        /// Bytes of an unfinished 32-byte block, carried to the next part.
        private var pending: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        /// How many bytes ``pending`` holds (0..<32).
        private var pendingCount = 0
        /// How many bytes were combined in all.
        private var count = 0

        /// The checksum of no bytes so far.
        public init() {}

        /// Continues the checksum with `bytes`.
        /// - Complexity: O(n).
        public mutating func combine(_ bytes: UnsafeRawBufferPointer) {
            guard !bytes.isEmpty else { return }
            count += bytes.count
            var offset = 0
            if pendingCount > 0 {
                let taken = Swift.min(32 - pendingCount, bytes.count)
                withUnsafeMutableBytes(of: &pending) { block in
                    block.baseAddress!.advanced(by: pendingCount).copyMemory(from: bytes.baseAddress!, byteCount: taken)
                }
                pendingCount += taken
                offset = taken
                guard pendingCount == 32 else { return }
                pendingCount = 0
                let block = pending
                _ = withUnsafeBytes(of: block) { foldBlocks($0, from: 0) }
            }
            offset = foldBlocks(bytes, from: offset)
            if offset < bytes.count {
                pendingCount = bytes.count - offset
                withUnsafeMutableBytes(of: &pending) { block in
                    block.baseAddress!.copyMemory(from: bytes.baseAddress!.advanced(by: offset), byteCount: pendingCount)
                }
            }
        }

        /// Folds the whole 32-byte blocks of `bytes` from `start` into the lanes.
        /// - Returns: where the blocks end (the bytes after it are fewer than 32).
        private mutating func foldBlocks(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
            // The lanes stay in four scalar registers through the loop: as a tuple read from the
            // stored property, the optimizer vectorizes the loop with emulated 64-bit multiplies,
            // at half the speed.
            var (lane0, lane1, lane2, lane3) = lanes
            let multiplier = StableHash.wordMultiplier
            var offset = start
            let end = start + (bytes.count - start) & ~31
            while offset < end {
                lane0 = (lane0 ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))) &* multiplier
                lane1 = (lane1 ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))) &* multiplier
                lane2 = (lane2 ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))) &* multiplier
                lane3 = (lane3 ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))) &* multiplier
                offset += 32
            }
            lanes = (lane0, lane1, lane2, lane3)
            return end
        }

        /// The checksum of every byte combined so far.
        public func finalize() -> UInt64 {
            let multiplier = StableHash.wordMultiplier
            var hash = offsetBasis
            for lane in [lanes.0, lanes.1, lanes.2, lanes.3] { hash = (hash ^ StableHash.finalize(lane)) &* multiplier }
            withUnsafeBytes(of: pending) { tail in
                for index in 0..<pendingCount { hash = (hash ^ UInt64(tail[index])) &* prime }
            }
            return StableHash.finalize(hash ^ UInt64(count))
        }
    }

    /// The odd constant ``Words64`` multiplies by (2^64 over the golden ratio).
    private static let wordMultiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// SplitMix64's finaliser (a bijection that spreads every bit over the word).
    private static func finalize(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
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
