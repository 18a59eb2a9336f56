import CPrefetch
import Events

/// A hash index from ids (``IDKey``) to the slots of a table (`Int32`, from 0): the id → row
/// lookup every fold does per event, made one cache miss instead of the three of a `Dictionary`
/// (its bitmap, keys and values live apart), and prefetchable: ``prefetch(_:)`` starts that
/// miss early, so a batch fold can overlap the misses of several events.
///
/// Open addressing with linear probing (``IDProbe``): each bucket holds the key and the slot
/// inline (24 bytes), at most half the buckets are used, and removal shifts the probe run back
/// (no tombstones). The table has no observable order (nothing iterates it), so the folds built on
/// it stay deterministic whatever the hash.
struct IDSlotIndex: Sendable {
    /// One bucket: a key and its slot plus one (0: empty, so fresh storage is all empty).
    private struct Bucket: IDBucket {
        var high: UInt64
        var low: UInt64
        var slotPlusOne: UInt32
        var _spare: UInt32 = 0

        static let empty = Bucket(high: 0, low: 0, slotPlusOne: 0)
    }

    private var buckets: [Bucket]
    /// `buckets.count - 1` (the count is a power of two).
    private var mask: Int
    /// How many keys are stored.
    private(set) var count = 0

    /// An empty index with room for `minimumCapacity` keys before it grows.
    init(minimumCapacity: Int = 0) {
        var size = 16
        while size < minimumCapacity * 2 { size <<= 1 }
        buckets = Array(repeating: .empty, count: size)
        mask = size - 1
    }

    /// The slot of `key`, if it is stored.
    /// - Complexity: O(1) expected.
    @inline(__always)
    func slot(of key: IDKey) -> Int32? {
        buckets.withUnsafeBufferPointer { buckets in
            IDProbe.find(key, in: buckets.baseAddress!, mask: mask)
                .map { Int32(bitPattern: buckets[$0].slotPlusOne &- 1) }
        }
    }

    /// Starts loading the bucket where `key`'s probe begins into the cache (a hint: no effect on
    /// the result of any call).
    @inline(__always)
    func prefetch(_ key: IDKey) {
        buckets.withUnsafeBufferPointer { buckets in
            let bucket = buckets.baseAddress! + IDProbe.home(key, mask: mask)
            hindsight_prefetch(bucket)
            // A 24-byte bucket may straddle two cache lines.
            hindsight_prefetch(UnsafeRawPointer(bucket) + (MemoryLayout<Bucket>.stride - 1))
        }
    }

    /// Stores `slot` for `key`.
    /// - Returns: false (and changes nothing) when `key` is already stored.
    /// - Precondition: `slot` is 0 or more.
    /// - Complexity: O(1) amortized expected.
    @discardableResult
    mutating func insert(_ key: IDKey, slot: Int32) -> Bool {
        precondition(slot >= 0, "IDSlotIndex stores slots from 0")
        guard self.slot(of: key) == nil else { return false }
        if (count + 1) * 2 > buckets.count { grow() }
        place(Bucket(high: key.high, low: key.low, slotPlusOne: UInt32(slot) &+ 1))
        count += 1
        return true
    }

    /// Writes `bucket` into the first free bucket of its probe (its key is not stored).
    private mutating func place(_ bucket: Bucket) {
        let mask = mask
        buckets.withUnsafeMutableBufferPointer { buckets in
            let index = IDProbe.freeBucket(for: IDKey(high: bucket.high, low: bucket.low), in: buckets.baseAddress!, mask: mask)
            buckets[index] = bucket
        }
    }

    /// Removes `key`.
    /// - Returns: its slot, or nil when it was not stored.
    /// - Complexity: O(1) expected.
    @discardableResult
    mutating func remove(_ key: IDKey) -> Int32? {
        let mask = mask
        let removed: Int32? = buckets.withUnsafeMutableBufferPointer { buckets in
            guard let found = IDProbe.find(key, in: buckets.baseAddress!, mask: mask) else { return nil }
            let slot = Int32(bitPattern: buckets[found].slotPlusOne &- 1)
            IDProbe.remove(at: found, in: buckets.baseAddress!, mask: mask, empty: .empty)
            return slot
        }
        if removed != nil { count -= 1 }
        return removed
    }

    /// Doubles the buckets and places every key again.
    private mutating func grow() {
        let old = buckets
        buckets = Array(repeating: .empty, count: old.count * 2)
        mask = buckets.count - 1
        for bucket in old where bucket.slotPlusOne != 0 { place(bucket) }
    }
}
