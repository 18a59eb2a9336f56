import Events

/// A bucket of an open-addressing table keyed by ``IDKey``: the key and a slot plus one, 0
/// marking an empty bucket (so zeroed memory is all empty). The tables add what else a bucket
/// carries.
protocol IDBucket: BitwiseCopyable {
    /// The key's high half.
    var high: UInt64 { get }
    /// The key's low half.
    var low: UInt64 { get }
    /// The slot plus one; 0 in an empty bucket.
    var slotPlusOne: UInt32 { get }
    /// An empty bucket (all zero).
    static var empty: Self { get }
}

/// Linear probing over `mask + 1` buckets (a power of two, at most half of them used), shared by
/// the id tables (``IDBucketTable``): where a key's probe starts,
/// finding a key, the free bucket for a new one, and removal by backward shift (no tombstones).
/// ``IDBucketTable`` owns the memory and its growth; these work on it in place.
enum IDProbe {
    /// The bucket where the probe for `key` starts.
    @inline(__always)
    static func home(_ key: IDKey, mask: Int) -> Int { IdentifierHash.mix(key.high, key.low, seed: 0) & mask }

    /// The bucket holding `key`, if any.
    /// - Complexity: O(1) expected.
    @inline(__always)
    static func find<Bucket: IDBucket>(_ key: IDKey, in buckets: UnsafePointer<Bucket>, mask: Int) -> Int? {
        var index = home(key, mask: mask)
        while true {
            let bucket = buckets + index
            if bucket.pointee.slotPlusOne == 0 { return nil }
            if bucket.pointee.high == key.high && bucket.pointee.low == key.low { return index }
            index = (index &+ 1) & mask
        }
    }

    /// The first empty bucket of `key`'s probe (`key` is not stored; a bucket is free).
    @inline(__always)
    static func freeBucket<Bucket: IDBucket>(for key: IDKey, in buckets: UnsafePointer<Bucket>, mask: Int) -> Int {
        var index = home(key, mask: mask)
        while buckets[index].slotPlusOne != 0 { index = (index &+ 1) & mask }
        return index
    }

    /// Empties bucket `found`, moving later members of its probe run into the hole when their
    /// home is not strictly between the hole and them (cyclically), so every key stays findable.
    /// `empty` is the table's empty bucket.
    /// - Complexity: O(length of the probe run).
    static func remove<Bucket: IDBucket>(at found: Int, in buckets: UnsafeMutablePointer<Bucket>, mask: Int,
                                         empty: Bucket) {
        var hole = found
        var next = (hole &+ 1) & mask
        while buckets[next].slotPlusOne != 0 {
            let wanted = home(IDKey(high: buckets[next].high, low: buckets[next].low), mask: mask)
            if (hole &- wanted) & mask < (next &- wanted) & mask {
                buckets[hole] = buckets[next]
                hole = next
            }
            next = (next &+ 1) & mask
        }
        buckets[hole] = empty
    }
}
