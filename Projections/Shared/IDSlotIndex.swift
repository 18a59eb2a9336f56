import CPrefetch
import Events

/// A hash index from ids (``IDKey``) to the slots of a table (`Int32`, from 0): the id → row
/// lookup every fold does per event, made one cache miss instead of the three of a `Dictionary`
/// (its bitmap, keys and values live apart), and prefetchable: ``prefetch(_:)`` starts that
/// miss early, so a batch fold can overlap the misses of several events.
///
/// Open addressing with linear probing: each bucket holds the key and the slot inline (24
/// bytes), at most half the buckets are used, and removal shifts the probe run back (no
/// tombstones). The table has no observable order (nothing iterates it), so the folds built on
/// it stay deterministic whatever the hash.
struct IDSlotIndex: Sendable {
    /// One bucket: a key and its slot plus one (0: empty, so fresh storage is all empty).
    private struct Bucket: BitwiseCopyable {
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

    /// The bucket where the probe for `key` starts.
    @inline(__always)
    private func home(_ key: IDKey) -> Int { IdentifierHash.mix(key.high, key.low, seed: 0) & mask }

    /// The slot of `key`, if it is stored.
    /// - Complexity: O(1) expected.
    @inline(__always)
    func slot(of key: IDKey) -> Int32? {
        buckets.withUnsafeBufferPointer { buckets in
            var index = home(key)
            while true {
                let bucket = buckets[index]
                if bucket.slotPlusOne == 0 { return nil }
                if bucket.high == key.high && bucket.low == key.low { return Int32(bitPattern: bucket.slotPlusOne &- 1) }
                index = (index &+ 1) & mask
            }
        }
    }

    /// Starts loading the bucket where `key`'s probe begins into the cache (a hint: no effect on
    /// the result of any call).
    @inline(__always)
    func prefetch(_ key: IDKey) {
        buckets.withUnsafeBufferPointer { buckets in
            let bucket = buckets.baseAddress! + home(key)
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
        if (count + 1) * 2 > buckets.count { grow() }
        var index = home(key)
        while buckets[index].slotPlusOne != 0 {
            if buckets[index].high == key.high && buckets[index].low == key.low { return false }
            index = (index &+ 1) & mask
        }
        buckets[index] = Bucket(high: key.high, low: key.low, slotPlusOne: UInt32(slot) &+ 1)
        count += 1
        return true
    }

    /// Removes `key`.
    /// - Returns: its slot, or nil when it was not stored.
    /// - Complexity: O(1) expected.
    @discardableResult
    mutating func remove(_ key: IDKey) -> Int32? {
        var index = home(key)
        while true {
            let bucket = buckets[index]
            if bucket.slotPlusOne == 0 { return nil }
            if bucket.high == key.high && bucket.low == key.low { break }
            index = (index &+ 1) & mask
        }
        let removed = Int32(bitPattern: buckets[index].slotPlusOne &- 1)
        // Backward-shift deletion: move later members of the probe run into the hole when their
        // home is not strictly between the hole and them (cyclically).
        var hole = index
        var next = (hole &+ 1) & mask
        while buckets[next].slotPlusOne != 0 {
            let wanted = home(IDKey(high: buckets[next].high, low: buckets[next].low))
            let distanceToHole = (hole &- wanted) & mask, distanceToNext = (next &- wanted) & mask
            if distanceToHole < distanceToNext {
                buckets[hole] = buckets[next]
                hole = next
            }
            next = (next &+ 1) & mask
        }
        buckets[hole] = .empty
        count -= 1
        return removed
    }

    /// Doubles the buckets and rehashes every key.
    private mutating func grow() {
        let old = buckets
        buckets = Array(repeating: .empty, count: old.count * 2)
        mask = buckets.count - 1
        count = 0
        for bucket in old where bucket.slotPlusOne != 0 {
            insert(IDKey(high: bucket.high, low: bucket.low), slot: Int32(bitPattern: bucket.slotPlusOne &- 1))
        }
    }
}
