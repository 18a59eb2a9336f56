import Events

/// The ledger's card index: card id → slot, with each card's header (``LedgerEntry``: owner,
/// window state) stored in the bucket beside the key, so a review reads one cache line (the
/// bucket) and writes one more (its window's review slot), and a batch fold can compute the
/// window's address from the bucket a few events ahead.
///
/// An ``IDBucketTable`` of 32-byte buckets (two to a line, none straddling): linear probing, at
/// most half of them used, removal shifting the probe run back (no tombstones). Nothing
/// iterates the buckets, so the ledger stays deterministic whatever the hash.
///
/// Buckets move only when the table grows or a key is removed: ``moves`` counts those, so a
/// bucket index found under one count is good while it is the same.
struct LedgerBuckets: Sendable {
    /// One bucket: a key, its slot plus one (0: empty, so zeroed memory is all empty) and the card's header.
    struct Bucket: IDBucket {
        var high: UInt64
        var low: UInt64
        var slotPlusOne: UInt32
        var entry: LedgerEntry
        var _spare: UInt32 = 0

        static let empty = Bucket(high: 0, low: 0, slotPlusOne: 0, entry: LedgerEntry(profile: 0))
    }

    private var table: IDBucketTable<Bucket>

    /// An empty table with room for `minimumCapacity` keys before it grows; its ``moves`` start at `moves`.
    init(minimumCapacity: Int = 0, moves: UInt = 0) {
        table = IDBucketTable(minimumCapacity: minimumCapacity, moves: moves)
    }

    /// How many keys are stored.
    var count: Int { table.count }

    /// Bumped whenever buckets may have moved (a growth, a removal).
    var moves: UInt { table.moves }

    /// The bucket holding `key`, if it is stored.
    /// - Complexity: O(1) expected.
    @inline(__always) func find(_ key: IDKey) -> Int? { table.find(key) }

    /// The slot held in bucket `index` (from ``find(_:)``, no move since).
    @inline(__always) func slot(at index: Int) -> Int { Int(table[index].slotPlusOne &- 1) }

    /// The header held in bucket `index` (from ``find(_:)``, no move since).
    @inline(__always) func entry(at index: Int) -> LedgerEntry { table[index].entry }

    /// Sets the header of bucket `index`. Call ``makeUnique()`` first.
    @inline(__always) mutating func setEntry(_ entry: LedgerEntry, at index: Int) { table.pointer(to: index).pointee.entry = entry }

    /// Sets the slot of bucket `index`. Call ``makeUnique()`` first.
    @inline(__always) mutating func setSlot(_ slot: Int, at index: Int) {
        table.pointer(to: index).pointee.slotPlusOne = UInt32(slot) &+ 1
    }

    /// Starts loading the line of `key`'s home bucket (a hint: changes nothing).
    @inline(__always) func prefetch(_ key: IDKey) { table.prefetch(key) }

    /// Copies the buckets when another value shares them, so that they may be written.
    @inline(__always) mutating func makeUnique() { table.makeUnique() }

    /// Stores `key` with `slot` and `entry`.
    /// - Returns: false (and changes nothing) when `key` is already stored.
    /// - Complexity: O(1) amortized expected.
    mutating func insert(_ key: IDKey, slot: Int, entry: LedgerEntry) -> Bool {
        table.insert(Bucket(high: key.high, low: key.low, slotPlusOne: UInt32(slot) &+ 1, entry: entry))
    }

    /// Removes `key`.
    /// - Returns: its slot, or nil when it was not stored.
    /// - Complexity: O(1) expected.
    mutating func remove(_ key: IDKey) -> Int? {
        table.remove(key).map { Int($0.slotPlusOne &- 1) }
    }
}
