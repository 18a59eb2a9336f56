import CPrefetch

/// The memory and growth of an open-addressing table keyed by ``IDKey`` (the id tables:
/// ``IDSlotIndex``, the activity ledger's ``LedgerBuckets``): buckets of plain data in
/// ``PlainMemory`` (64-byte aligned; a big table on huge pages), probed by ``IDProbe``, at most
/// half of them used, zeroed memory all empty. The tables built on it say what a bucket holds.
///
/// Buckets move only when the table grows or a key is removed: ``moves`` counts those, so a
/// bucket index found under one count is good while it is the same.
///
/// `@unchecked Sendable`: the memory is written only while this value holds the one reference
/// to its owner (``makeUnique()``), the discipline of `Array`'s own storage.
struct IDBucketTable<Bucket: IDBucket>: @unchecked Sendable {
    /// Keeps the memory alive, and says by its uniqueness whether it may be written.
    private var owner: PlainMemory<Bucket>
    /// The buckets (`owner`'s memory).
    private var base: UnsafeMutablePointer<Bucket>
    /// The bucket count minus 1 (the count is a power of two).
    private(set) var mask: Int
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

    /// Bucket `index` (`0 ... mask`).
    @inline(__always) subscript(index: Int) -> Bucket { base[index] }

    /// Bucket `index` (from ``find(_:)``, no move since), for a change in place. Call
    /// ``makeUnique()`` first.
    @inline(__always) mutating func pointer(to index: Int) -> UnsafeMutablePointer<Bucket> { base + index }

    /// Starts loading the line(s) of `key`'s home bucket (a hint: changes nothing).
    @inline(__always) func prefetch(_ key: IDKey) {
        let bucket = UnsafeRawPointer(base + IDProbe.home(key, mask: mask))
        hindsight_prefetch(bucket)
        // A bucket whose size does not divide 64 may straddle two lines.
        if 64 % MemoryLayout<Bucket>.stride != 0 { hindsight_prefetch(bucket + (MemoryLayout<Bucket>.stride - 1)) }
    }

    /// Copies the buckets when another value shares them, so that they may be written.
    @inline(__always) mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&owner) {
            owner = PlainMemory(copying: owner, count: mask + 1, capacity: mask + 1)
            base = owner.base
        }
    }

    /// Stores `bucket` (its key, slot and whatever else it holds).
    /// - Returns: false (and changes nothing) when its key is already stored.
    /// - Precondition: the bucket's `slotPlusOne` is not 0.
    /// - Complexity: O(1) amortized expected.
    mutating func insert(_ bucket: Bucket) -> Bool {
        precondition(bucket.slotPlusOne != 0, "an id table stores slots from 0")
        guard find(IDKey(high: bucket.high, low: bucket.low)) == nil else { return false }
        makeUnique()
        if (count + 1) * 2 > mask + 1 { grow() }
        place(bucket)
        count += 1
        return true
    }

    /// Writes `bucket` into the first free bucket of its probe (its key is not stored).
    @inline(__always) private func place(_ bucket: Bucket) {
        base[IDProbe.freeBucket(for: IDKey(high: bucket.high, low: bucket.low), in: base, mask: mask)] = bucket
    }

    /// Removes `key`.
    /// - Returns: the bucket that held it, or nil when it was not stored.
    /// - Complexity: O(1) expected.
    mutating func remove(_ key: IDKey) -> Bucket? {
        guard let found = find(key) else { return nil }
        makeUnique()
        let removed = base[found]
        IDProbe.remove(at: found, in: base, mask: mask, empty: .empty)
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

extension IDBucketTable: Equatable where Bucket: Equatable {
    /// Equal when they hold the same buckets at the same places (so the same keys and slots,
    /// placed by the same history); ``moves`` is not compared.
    static func == (lhs: IDBucketTable, rhs: IDBucketTable) -> Bool {
        lhs.mask == rhs.mask && lhs.count == rhs.count && (0...lhs.mask).allSatisfy { lhs[$0] == rhs[$0] }
    }
}
