import CPrefetch
import Events

/// The ledger's card index: card id → slot, with each card's header (``LedgerEntry``: owner,
/// window state) stored in the bucket beside the key, so a review reads one cache line (the
/// bucket) and writes one more (its window's review slot), and a batch fold can compute the
/// window's address from the bucket a few events ahead.
///
/// Open addressing with linear probing (``IDProbe``) over 32-byte buckets in 64-byte-aligned
/// memory (two to a line, none straddling), at most half of them used; removal shifts the probe
/// run back (no tombstones). Nothing iterates the buckets, so the ledger stays deterministic whatever the hash.
///
/// Buckets move only when the table grows or a key is removed: ``moves`` counts those, so a
/// bucket index found under one count is good while it is the same.
///
/// `@unchecked Sendable`: the memory is written only while this value holds the one reference
/// to its owner (``makeUnique()``), the discipline of `Array`'s own storage.
struct LedgerBuckets: @unchecked Sendable {
    /// One bucket: a key, its slot plus one (0: empty, so zeroed memory is all empty) and the card's header.
    struct Bucket: IDBucket {
        var high: UInt64
        var low: UInt64
        var slotPlusOne: UInt32
        var entry: LedgerEntry
        var _spare: UInt32 = 0
    }

    /// Keeps the memory alive, and says by its uniqueness whether it may be written.
    private var owner: PlainMemory<Bucket>
    /// The buckets (`owner`'s memory).
    private var base: UnsafeMutablePointer<Bucket>
    /// The bucket count minus 1 (the count is a power of two).
    private var mask: Int
    /// How many keys are stored.
    private(set) var count = 0
    /// Bumped whenever buckets may have moved (a growth, a removal).
    private(set) var moves: UInt

    /// An empty table with room for `minimumCapacity` keys before it grows; its ``moves`` start at `moves`.
    init(minimumCapacity: Int = 0, moves: UInt = 0) {
        var size = 16
        while size < minimumCapacity * 2 { size <<= 1 }
        owner = PlainMemory(zeroedCount: size)
        base = owner.base
        mask = size - 1
        self.moves = moves
    }

    /// The bucket holding `key`, if it is stored.
    /// - Complexity: O(1) expected.
    @inline(__always) func find(_ key: IDKey) -> Int? { IDProbe.find(key, in: base, mask: mask) }

    /// The slot held in bucket `index` (from ``find(_:)``, no move since).
    @inline(__always) func slot(at index: Int) -> Int { Int(base[index].slotPlusOne &- 1) }

    /// The header held in bucket `index` (from ``find(_:)``, no move since).
    @inline(__always) func entry(at index: Int) -> LedgerEntry { base[index].entry }

    /// Sets the header of bucket `index`. Call ``makeUnique()`` first.
    @inline(__always) mutating func setEntry(_ entry: LedgerEntry, at index: Int) { base[index].entry = entry }

    /// Sets the slot of bucket `index`. Call ``makeUnique()`` first.
    @inline(__always) mutating func setSlot(_ slot: Int, at index: Int) { base[index].slotPlusOne = UInt32(slot) &+ 1 }

    /// Starts loading the line of `key`'s home bucket (a hint: changes nothing).
    @inline(__always) func prefetch(_ key: IDKey) { hindsight_prefetch(base + IDProbe.home(key, mask: mask)) }

    /// Copies the buckets when another value shares them, so that they may be written.
    @inline(__always) mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&owner) {
            owner = PlainMemory(copying: owner, count: mask + 1, capacity: mask + 1)
            base = owner.base
        }
    }

    /// Stores `key` with `slot` and `entry`.
    /// - Returns: false (and changes nothing) when `key` is already stored.
    /// - Complexity: O(1) amortized expected.
    mutating func insert(_ key: IDKey, slot: Int, entry: LedgerEntry) -> Bool {
        guard find(key) == nil else { return false }
        makeUnique()
        if (count + 1) * 2 > mask + 1 { grow() }
        place(Bucket(high: key.high, low: key.low, slotPlusOne: UInt32(slot) &+ 1, entry: entry))
        count += 1
        return true
    }

    /// Writes `bucket` into the first free bucket of its probe (its key is not stored).
    @inline(__always) private func place(_ bucket: Bucket) {
        base[IDProbe.freeBucket(for: IDKey(high: bucket.high, low: bucket.low), in: base, mask: mask)] = bucket
    }

    /// Removes `key`.
    /// - Returns: its slot, or nil when it was not stored.
    /// - Complexity: O(1) expected.
    mutating func remove(_ key: IDKey) -> Int? {
        guard let found = find(key) else { return nil }
        makeUnique()
        let removed = slot(at: found)
        IDProbe.remove(at: found, in: base, mask: mask, empty: Bucket(high: 0, low: 0, slotPlusOne: 0, entry: LedgerEntry(profile: 0)))
        count -= 1
        moves &+= 1
        return removed
    }

    /// Doubles the buckets and places every key again.
    private mutating func grow() {
        let old = owner, oldCount = mask + 1
        owner = PlainMemory(zeroedCount: oldCount * 2)
        base = owner.base
        mask = oldCount * 2 - 1
        moves &+= 1
        for index in 0..<oldCount where old.base[index].slotPlusOne != 0 { place(old.base[index]) }
    }
}
