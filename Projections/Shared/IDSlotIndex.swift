import Events

/// A hash index from ids (``IDKey``) to the slots of a table (`Int32`, from 0): the id → row
/// lookup every fold does per event, made one cache miss instead of the three of a `Dictionary`
/// (its bitmap, keys and values live apart), and prefetchable: ``prefetch(_:)`` starts that
/// miss early, so a batch fold can overlap the misses of several events.
///
/// An ``IDBucketTable`` of 24-byte buckets (the key and the slot inline): linear probing, at
/// most half the buckets used, removal shifting the probe run back (no tombstones). The table
/// has no observable order (nothing iterates it), so the folds built on it stay deterministic
/// whatever the hash.
struct IDSlotIndex: Sendable, Equatable {
    /// One bucket: a key and its slot plus one (0: empty, so fresh storage is all empty).
    struct Bucket: IDBucket, Equatable {
        var high: UInt64
        var low: UInt64
        var slotPlusOne: UInt32
        var _spare: UInt32 = 0

        static let empty = Bucket(high: 0, low: 0, slotPlusOne: 0)
    }

    private var table: IDBucketTable<Bucket>

    /// An empty index with room for `minimumCapacity` keys before it grows.
    init(minimumCapacity: Int = 0) {
        table = IDBucketTable(minimumCapacity: minimumCapacity)
    }

    /// How many keys are stored.
    var count: Int { table.count }

    /// The slot of `key`, if it is stored.
    /// - Complexity: O(1) expected.
    @inline(__always)
    func slot(of key: IDKey) -> Int32? {
        table.find(key).map { Int32(bitPattern: table[$0].slotPlusOne &- 1) }
    }

    /// Starts loading the bucket where `key`'s probe begins into the cache (a hint: no effect on
    /// the result of any call).
    @inline(__always)
    func prefetch(_ key: IDKey) { table.prefetch(key) }

    /// Stores `slot` for `key`.
    /// - Returns: false (and changes nothing) when `key` is already stored.
    /// - Precondition: `slot` is 0 or more.
    /// - Complexity: O(1) amortized expected.
    @discardableResult
    mutating func insert(_ key: IDKey, slot: Int32) -> Bool {
        precondition(slot >= 0, "IDSlotIndex stores slots from 0")
        return table.insert(Bucket(high: key.high, low: key.low, slotPlusOne: UInt32(slot) &+ 1))
    }

    /// Calls `body` with every stored key and its slot, in the buckets' order (the hash's: sort
    /// what it gives for a deterministic order).
    /// - Complexity: O(buckets).
    func forEach(_ body: (IDKey, Int32) -> Void) {
        for index in 0...table.mask where table[index].slotPlusOne != 0 {
            body(IDKey(high: table[index].high, low: table[index].low), Int32(bitPattern: table[index].slotPlusOne &- 1))
        }
    }

    /// Removes `key`.
    /// - Returns: its slot, or nil when it was not stored.
    /// - Complexity: O(1) expected.
    @discardableResult
    mutating func remove(_ key: IDKey) -> Int32? {
        table.remove(key).map { Int32(bitPattern: $0.slotPlusOne &- 1) }
    }
}
