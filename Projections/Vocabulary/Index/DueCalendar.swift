import FSRS
import CPrefetch

/// Where a card sits in its profile's ``DueCalendar``: the bucket and the position in it
/// (bucket -1: not in the calendar). Kept in the card's hot record, so removal needs no search.
struct DuePlace: Sendable, Equatable {
    var bucket: Int32
    var position: Int32

    /// Not in the calendar.
    static let none = DuePlace(bucket: -1, position: -1)

    /// True when the card is in the calendar.
    @inline(__always) var isPresent: Bool { bucket >= 0 }
}

/// The order of the due index: due instant, then the card id's bytes (a total order).
struct DueOrder: Comparable {
    var dueMs: Int64
    var card: IDKey

    @inline(__always)
    static func < (lhs: DueOrder, rhs: DueOrder) -> Bool {
        lhs.dueMs != rhs.dueMs ? lhs.dueMs < rhs.dueMs : lhs.card < rhs.card
    }
}

/// A calendar queue of one profile's reviewed cards: card slots in buckets by UTC due day, in
/// no order within a bucket; each bucket knows how many of its cards it holds and how many are
/// in a learning step.
///
/// A review moves a card with one removal and one append (O(1) amortized); the live counts give
/// exact counts; a query sorts only the buckets it returns (``walk(from:through:order:_:)``).
/// Empty buckets stay (days are few: one per day that ever had a card due).
///
/// A removal leaves a tombstone in place instead of moving the bucket's last card into the hole:
/// moving it would mean writing that card's new place into its record, a cache miss on a random
/// card that no prefetch can foresee (the last card changes with every review of the day). A
/// bucket is compacted when its tombstones outnumber its live cards ``compactionRatio`` times
/// over (plus ``compactionSlack``), so at most a fraction of removals move a card, and a bucket
/// whose last live card leaves is simply cleared.
///
/// Its storage follows the cards it holds, not the history that passed through it: a bucket
/// cleared lets go of its slots, and a compaction, or removals from its end that leave it an
/// eighth full, trim its room to twice its slots (all only past ``keptRoom`` slots, so that
/// today's bucket, which learning steps empty and fill again, is not reallocated over and
/// over). Without that, every day's bucket kept room for the most cards it ever held: a
/// calendar folded from a long history held a slot for about every review ever made (28 MB
/// after 5M reviews of 250k cards), not one for every card.
struct DueCalendar: Sendable {
    /// Milliseconds per bucket.
    static let dayMs = LocalDay.millisecondsPerDay

    /// The buckets of the days in `denseBase ..< denseBase + dense.count` (-1: no bucket yet),
    /// so the usual lookup is an array read instead of a hash; grown on demand up to
    /// ``denseLimit`` days.
    private var dense: [Int32] = []
    /// The day of `dense[0]` (set by the first bucket).
    private var denseBase: Int64 = 0
    /// The bucket of each day outside the dense range that has one.
    private var bucketOfDay: [Int64: Int32] = [:]
    /// The most days the dense table covers (64k days: some 180 years).
    private static let denseLimit = 1 << 16
    /// The day of each bucket.
    private(set) var days: [Int64] = []
    /// The card slots of each bucket, unordered, with ``tombstone`` where a card was removed.
    private var members: [[Int32]] = []
    /// Each bucket's counts, side by side so that a move updates one array (one copy-on-write
    /// check, one cache line) instead of two.
    private var bucketCounts: [BucketCounts] = []
    /// How many cards the calendar holds.
    private(set) var count = 0

    /// The mark of a removed card's position in its bucket (card slots are never negative).
    static let tombstone: Int32 = -1
    /// A bucket is compacted once its tombstones exceed this many times its live cards...
    static let compactionRatio = 3
    /// ...plus this many, so that small buckets are never compacted over and over.
    static let compactionSlack = 32
    /// The room (in slots) a bucket keeps when it is cleared or compacted; past it, a cleared
    /// bucket lets go of its storage and a compacted one is trimmed to twice its live cards.
    static let keptRoom = 64

    /// An empty calendar.
    init() {}

    /// The UTC day (whole days since 1970-01-01 00:00 UTC, floor division, so negative instants
    /// work too) of an instant: the bucket it goes in. Not a local day (that is
    /// ``ProfileCalendar/day(of:profile:)``'s): buckets only group instants for searching.
    @inline(__always)
    static func utcBucketDay(of ms: Int64) -> Int64 {
        ms >= 0 ? ms / dayMs : (ms + 1) / dayMs - 1
    }

    /// Adds card `slot`, due at `dueMs`, and returns where it went.
    /// - Complexity: O(1) amortized.
    @inline(__always)
    mutating func insert(_ slot: Int32, dueMs: Int64, learning isLearning: Bool) -> DuePlace {
        let day = Self.utcBucketDay(of: dueMs)
        let bucket: Int
        if let existing = self.bucket(of: day) {
            bucket = Int(existing)
        } else {
            bucket = days.count
            record(day, bucket: Int32(bucket))
            days.append(day)
            members.append([])
            bucketCounts.append(BucketCounts())
        }
        let position = members[bucket].count
        members[bucket].append(slot)
        bucketCounts[bucket].live += 1
        if isLearning { bucketCounts[bucket].learning += 1 }
        count += 1
        return DuePlace(bucket: Int32(bucket), position: Int32(position))
    }

    /// The bucket of `day`, if it has one.
    @inline(__always)
    private func bucket(of day: Int64) -> Int32? {
        let (offset, overflow) = day.subtractingReportingOverflow(denseBase)
        if !overflow && offset >= 0 && offset < Int64(dense.count) {
            let bucket = dense[Int(offset)]
            return bucket >= 0 ? bucket : nil
        }
        return bucketOfDay.isEmpty ? nil : bucketOfDay[day]
    }

    /// Records that `day` has `bucket`: in the dense table when the day is within reach of it
    /// (the table grows), else in the dictionary.
    private mutating func record(_ day: Int64, bucket: Int32) {
        if days.isEmpty {
            // The first bucket's day, with room for earlier days below it.
            denseBase = day.subtractingReportingOverflow(256).overflow ? day : day - 256
        }
        let (offset, overflow) = day.subtractingReportingOverflow(denseBase)
        guard !overflow, offset >= 0, offset < Int64(Self.denseLimit) else {
            bucketOfDay[day] = bucket
            return
        }
        if offset >= Int64(dense.count) {
            let size = min(Self.denseLimit, max(Int(offset) + 1, dense.count * 2, 1024))
            dense.append(contentsOf: repeatElement(-1, count: size - dense.count))
        }
        dense[Int(offset)] = bucket
    }

    /// Removes the card at `place` (counted as learning when `isLearning`, as it was inserted).
    /// When that compacts the bucket, `relocate` is called with each card that moved and its new
    /// place, which the caller must record.
    /// - Complexity: O(1) amortized.
    @inline(__always)
    mutating func remove(_ place: DuePlace, learning isLearning: Bool, relocate: (Int32, DuePlace) -> Void) {
        let bucket = Int(place.bucket), position = Int(place.position)
        if isLearning { bucketCounts[bucket].learning -= 1 }
        count -= 1
        bucketCounts[bucket].live -= 1
        if bucketCounts[bucket].live == 0 {
            members[bucket].removeAll(keepingCapacity: members[bucket].capacity <= Self.keptRoom)
            return
        }
        if position == members[bucket].count - 1 {
            members[bucket].removeLast()
            while let last = members[bucket].last, last == Self.tombstone { members[bucket].removeLast() }
            if members[bucket].capacity > max(Self.keptRoom, 8 * members[bucket].count) { trim(bucket) }
            return
        }
        members[bucket][position] = Self.tombstone
        let alive = Int(bucketCounts[bucket].live)
        if members[bucket].count - alive > Self.compactionRatio * alive + Self.compactionSlack {
            compact(bucket, relocate: relocate)
        }
    }

    /// Moves the live cards of `bucket` to its front, in their order, dropping its tombstones.
    /// - Complexity: O(size of the bucket).
    private mutating func compact(_ bucket: Int, relocate: (Int32, DuePlace) -> Void) {
        var kept = 0
        members[bucket].withUnsafeMutableBufferPointer { slots in
            for position in slots.indices where slots[position] != Self.tombstone {
                if position != kept {
                    slots[kept] = slots[position]
                    relocate(slots[position], DuePlace(bucket: Int32(bucket), position: Int32(kept)))
                }
                kept += 1
            }
        }
        members[bucket].removeLast(members[bucket].count - kept)
        if members[bucket].capacity > max(Self.keptRoom, 4 * kept) { trim(bucket) }
    }

    /// Moves `bucket`'s slots into room for twice as many (at least ``keptRoom``), letting go of
    /// the rest.
    /// - Complexity: O(size of the bucket).
    private mutating func trim(_ bucket: Int) {
        var trimmed: [Int32] = []
        trimmed.reserveCapacity(max(Self.keptRoom, 2 * members[bucket].count))
        trimmed.append(contentsOf: members[bucket])
        members[bucket] = trimmed
    }

    /// The card at `place`, or nil when the place holds none (a tombstone, or out of range).
    func slot(at place: DuePlace) -> Int32? {
        let bucket = Int(place.bucket), position = Int(place.position)
        guard bucket >= 0, bucket < members.count, position >= 0, position < members[bucket].count,
              members[bucket][position] != Self.tombstone else { return nil }
        return members[bucket][position]
    }

    /// Starts loading what ``remove(_:learning:relocate:)`` of `place` writes: the card's
    /// position in its bucket (a hint; no effect on any result). `mutating` only so that the
    /// calendar is reached in place: a read through a copy retains its buffers.
    @inline(__always)
    mutating func prefetch(_ place: DuePlace) {
        let bucket = Int(place.bucket)
        guard bucket < members.count else { return }
        members[bucket].withUnsafeMutableBufferPointer { slots in
            guard Int(place.position) < slots.count else { return }
            hindsight_prefetch_for_write(slots.baseAddress! + Int(place.position))
        }
    }

    /// Calls `body` with the card slots due in `lower...upper`, in due order, until it returns
    /// false. `order` gives a slot's due instant and id.
    /// - Complexity: O(b log b) for the b buckets, plus O(k log k) for each bucket of k cards
    ///   that is reached.
    func walk(from lower: Int64, through upper: Int64, order: (Int32) -> DueOrder, _ body: (Int32) -> Bool) {
        guard lower <= upper else { return }
        let first = Self.utcBucketDay(of: lower), last = Self.utcBucketDay(of: upper)
        var buckets: [Int] = []
        for bucket in days.indices where days[bucket] >= first && days[bucket] <= last && bucketCounts[bucket].live > 0 {
            buckets.append(bucket)
        }
        buckets.sort { days[$0] < days[$1] }
        for bucket in buckets {
            var keyed: [(DueOrder, Int32)] = []
            keyed.reserveCapacity(members[bucket].count)
            for slot in members[bucket] where slot != Self.tombstone {
                let key = order(slot)
                if key.dueMs >= lower && key.dueMs <= upper { keyed.append((key, slot)) }
            }
            keyed.sort { $0.0 < $1.0 }
            for (_, slot) in keyed where !body(slot) { return }
        }
    }

    /// The cards due strictly before the start of bucket day `day`, and how many of them are
    /// learning.
    /// - Complexity: O(b) for the b buckets.
    func counts(beforeDay day: Int64) -> (due: Int, learning: Int) {
        var due = 0, learn = 0
        for bucket in days.indices where days[bucket] < day {
            due += Int(bucketCounts[bucket].live)
            learn += Int(bucketCounts[bucket].learning)
        }
        return (due, learn)
    }

    /// The card slots in bucket day `day` (unordered; empty when there is none).
    func slots(onDay day: Int64) -> [Int32] {
        bucket(of: day).map { slots(inBucket: Int($0)) } ?? []
    }

    /// The card slots of bucket `bucket` (an index into ``days``), unordered.
    func slots(inBucket bucket: Int) -> [Int32] {
        members[bucket].filter { $0 != Self.tombstone }
    }

    /// How many slots the buckets have room for, tombstones and spare room included (what the
    /// calendar's storage holds, in slots of 4 bytes).
    var reservedSlots: Int { members.reduce(0) { $0 + $1.capacity } }

    /// Every card slot held, ascending (for comparisons).
    var allSlots: [Int32] { members.joined().filter { $0 != Self.tombstone }.sorted() }
}

/// How many cards a bucket of a ``DueCalendar`` holds (its members that are not tombstones), and
/// how many of them are in a learning or relearning step.
struct BucketCounts: Sendable, Equatable {
    var live: Int32 = 0
    var learning: Int32 = 0
}
