#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The row each exact spelling of a profile's attempts counts toward: an open-addressing hash
/// table keyed by (profile, the spelling's UTF-8 bytes), hashed by a multiply-fold over 8-byte
/// words and compared with `memcmp`, the bytes kept in one arena.
///
/// Why not a `Dictionary`: a `String` key hashes and compares by canonical equivalence, so every
/// lookup of a non-ASCII word (most words of a German, French or Japanese list) runs Unicode
/// normalization; and a key holding a `String` costs a retain and a release per lookup. Equal
/// bytes are always the same word, so a lookup by bytes never changes which row an attempt counts
/// toward; spellings that differ in bytes only (case, spaces, composed or decomposed accents) get
/// an entry each, all pointing to the one row their normalized word has.
///
/// The hash is not seeded: the keys come from the learner's own log, and a table of colliding
/// spellings would only be slower, never wrong.
struct ExactSpellingIndex: Sendable {
    /// Per slot: 0 when empty, else the entry's index + 1 (low 32 bits) under the high 32 bits of
    /// its hash. The count is a power of two, at most half used.
    private var slots: [UInt64] = []
    /// Each entry's full hash (to grow without rehashing bytes).
    private var hashes: [UInt64] = []
    /// Each entry's profile.
    private var profiles: [IDKey] = []
    /// Entry `i`'s bytes are `bytes[starts[i]..<starts[i + 1]]`.
    private var starts: [Int] = [0]
    /// Every entry's spelling, one after another.
    private var bytes: [UInt8] = []
    /// Each entry's row.
    private var rows: [Int32] = []

    /// An empty index.
    init() {}

    /// How many (profile, exact spelling) entries there are.
    var count: Int { rows.count }

    /// The row of `profile`'s `spelling` (whose ``hash(profile:spelling:)`` is `hash`), nil when
    /// this exact spelling is new to the profile.
    /// - Complexity: O(length of `spelling`) expected.
    @inline(__always)
    func row(profile: IDKey, spelling: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int32? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count &- 1
        let tag = hash & Self.tagMask
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let value = slots[slot]
            if value == 0 { return nil }
            if value & Self.tagMask == tag {
                let entry = Int(truncatingIfNeeded: value & ~Self.tagMask) &- 1
                if profiles[entry] == profile, holds(spelling, at: entry) { return rows[entry] }
            }
            slot = (slot &+ 1) & mask
        }
    }

    /// Records that `profile`'s `spelling` (not yet in the index; its hash is `hash`) counts
    /// toward `row`.
    /// - Complexity: O(length of `spelling`) amortized.
    mutating func insert(profile: IDKey, spelling: UnsafeBufferPointer<UInt8>, hash: UInt64, row: Int32) {
        if (rows.count + 1) * 2 > slots.count { grow() }
        hashes.append(hash)
        profiles.append(profile)
        bytes.append(contentsOf: spelling)
        starts.append(bytes.count)
        rows.append(row)
        place(entry: rows.count - 1)
    }

    /// The hash of `profile`'s `spelling`: its bytes folded 8 at a time by a 64×64→128-bit
    /// multiply (high half xor low half), seeded by the profile and the length.
    @inline(__always)
    static func hash(profile: IDKey, spelling: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = spelling.count
        var hash = mix(profile.high ^ mix(profile.low ^ UInt64(truncatingIfNeeded: count)))
        guard count > 0, let base = spelling.baseAddress else { return hash }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset &+ 8 <= count {
            hash = mix(hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset &+= 8
        }
        if offset < count {
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while offset < count {
                tail |= UInt64(base[offset]) &<< shift
                shift &+= 8
                offset &+= 1
            }
            hash = mix(hash ^ tail)
        }
        return mix(hash ^ 0x2545_F491_4F6C_DD1D)
    }

    private static let tagMask: UInt64 = 0xFFFF_FFFF_0000_0000

    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        let product = value.multipliedFullWidth(by: 0x9E37_79B9_7F4A_7C15)
        return product.high ^ product.low
    }

    /// Whether entry `entry`'s bytes are `spelling`'s.
    @inline(__always)
    private func holds(_ spelling: UnsafeBufferPointer<UInt8>, at entry: Int) -> Bool {
        let start = starts[entry]
        guard starts[entry + 1] - start == spelling.count else { return false }
        guard spelling.count > 0, let other = spelling.baseAddress else { return true }
        return bytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + start, other, spelling.count) == 0 }
    }

    /// Puts `entry` in the first free slot of its probe sequence.
    private mutating func place(entry: Int) {
        let hash = hashes[entry]
        let mask = slots.count &- 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot &+ 1) & mask }
        slots[slot] = (hash & Self.tagMask) | UInt64(entry + 1)
    }

    /// Doubles the slots (16 at first) and places every entry again.
    private mutating func grow() {
        slots = [UInt64](repeating: 0, count: max(16, slots.count * 2))
        for entry in rows.indices { place(entry: entry) }
    }
}
