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
/// no order within a bucket; each bucket knows how many live cards it holds and how many of
/// them are in a learning step.
///
/// Removal is lazy: it only uncounts the card, and the caller marks the card's ``DuePlace``
/// empty (an entry is live while the card's place points at it). So a review touches no
/// bucket but the one it appends to, and no other card. A bucket is compacted when an insert
/// finds it over twice its live count (amortized O(1); physical size stays within 2 × live
/// + 32, so memory never grows with the log). A query sorts only the buckets it returns
/// (``walk(from:through:places:order:_:)``). Empty buckets stay (one per day that ever had a
/// card due).
struct DueCalendar: Sendable {
    /// Milliseconds per bucket.
    static let dayMs: Int64 = 86_400_000

    /// The bucket of each day that has one.
    private var bucketOfDay: [Int64: Int32] = [:]
    /// The day of each bucket.
    private(set) var days: [Int64] = []
    /// The card slots of each bucket, unordered, stale entries included.
    private(set) var members: [[Int32]] = []
    /// How many live cards each bucket holds.
    private(set) var live: [Int32] = []
    /// How many cards of each bucket are in a learning or relearning step.
    private(set) var learning: [Int32] = []
    /// How many cards the calendar holds.
    private(set) var count = 0

    /// An empty calendar.
    init() {}

    /// The bucket day of an instant (floor division, so negative instants work too).
    @inline(__always)
    static func day(of ms: Int64) -> Int64 {
        ms >= 0 ? ms / dayMs : (ms + 1) / dayMs - 1
    }

    /// Adds card `slot`, due at `dueMs`, and records where it went in `places[slot]`.
    /// - Complexity: O(1) amortized.
    @inline(__always)
    mutating func insert(_ slot: Int32, dueMs: Int64, learning isLearning: Bool, places: inout [DuePlace]) {
        let day = Self.day(of: dueMs)
        let bucket: Int
        if let existing = bucketOfDay[day] {
            bucket = Int(existing)
            if members[bucket].count >= 2 * Int(live[bucket]) + 32 { compact(bucket, places: &places) }
        } else {
            bucket = days.count
            bucketOfDay[day] = Int32(bucket)
            days.append(day)
            members.append([])
            live.append(0)
            learning.append(0)
        }
        places[Int(slot)] = DuePlace(bucket: Int32(bucket), position: Int32(members[bucket].count))
        members[bucket].append(slot)
        live[bucket] += 1
        if isLearning { learning[bucket] += 1 }
        count += 1
    }

    /// Uncounts the card at `place` (counted as learning when `isLearning`, as it was
    /// inserted); the caller then marks the card's place empty.
    /// - Complexity: O(1).
    @inline(__always)
    mutating func remove(_ place: DuePlace, learning isLearning: Bool) {
        let bucket = Int(place.bucket)
        live[bucket] -= 1
        if isLearning { learning[bucket] -= 1 }
        count -= 1
    }

    /// Drops the stale entries of `bucket`, updating the positions of the live ones.
    private mutating func compact(_ bucket: Int, places: inout [DuePlace]) {
        var kept = 0
        for position in members[bucket].indices {
            let slot = members[bucket][position]
            guard places[Int(slot)] == DuePlace(bucket: Int32(bucket), position: Int32(position)) else { continue }
            members[bucket][kept] = slot
            places[Int(slot)].position = Int32(kept)
            kept += 1
        }
        members[bucket].removeLast(members[bucket].count - kept)
    }

    /// The live card slots of `bucket`.
    @inline(__always)
    private func liveSlots(_ bucket: Int, _ places: [DuePlace]) -> some Sequence<Int32> {
        members[bucket].enumerated().lazy
            .filter { places[Int($0.element)] == DuePlace(bucket: Int32(bucket), position: Int32($0.offset)) }
            .map(\.element)
    }

    /// Calls `body` with the card slots due in `lower...upper`, in due order, until it returns
    /// false. `order` gives a slot's due instant and id.
    /// - Complexity: O(b log b) for the b buckets, plus O(k log k) for each bucket of k cards
    ///   that is reached.
    func walk(from lower: Int64, through upper: Int64, places: [DuePlace], order: (Int32) -> DueOrder,
              _ body: (Int32) -> Bool) {
        guard lower <= upper else { return }
        let first = Self.day(of: lower), last = Self.day(of: upper)
        var buckets: [Int] = []
        for bucket in days.indices where days[bucket] >= first && days[bucket] <= last && live[bucket] > 0 {
            buckets.append(bucket)
        }
        buckets.sort { days[$0] < days[$1] }
        for bucket in buckets {
            var keyed: [(DueOrder, Int32)] = []
            keyed.reserveCapacity(Int(live[bucket]))
            for slot in liveSlots(bucket, places) {
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
            due += Int(live[bucket])
            learn += Int(learning[bucket])
        }
        return (due, learn)
    }

    /// The live card slots in bucket day `day` (unordered; empty when there is none).
    func slots(onDay day: Int64, places: [DuePlace]) -> [Int32] {
        bucketOfDay[day].map { Array(liveSlots(Int($0), places)) } ?? []
    }

    /// The live card slots of every bucket up to day `day`, unordered.
    func slots(throughDay day: Int64, places: [DuePlace]) -> [Int32] {
        days.indices.filter { days[$0] <= day }.flatMap { liveSlots($0, places) }
    }

    /// Every live card slot, ascending (for comparisons).
    func allSlots(places: [DuePlace]) -> [Int32] { slots(throughDay: .max, places: places).sorted() }
}
