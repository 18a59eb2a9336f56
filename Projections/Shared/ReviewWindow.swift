import Events

/// A card's remembered reviews (``CardHistory``'s window) as one fixed-size plain value: a ring
/// of ``capacity`` reviews held inline (each an id and an instant, 24 bytes), their kinds
/// (scheduled or cram) packed one bit each, so a history needs no array of its own and a review
/// touches one record. It only stores: what is remembered and forgotten is
/// ``CardHistoryRule``'s decision, taken by ``CardHistory``.
///
/// Places are logical: 0 is the oldest remembered review, ``count`` - 1 the newest.
struct ReviewWindow: Sendable, BitwiseCopyable {
    /// One remembered review: its event id and its instant (ms since the epoch).
    private struct Slot: BitwiseCopyable {
        var id: IDKey
        var instantMs: Int64
    }

    /// The reviews' room, as a fixed tuple (no heap, no `InlineArray`, which needs macOS 26).
    private var slots = (Slot(id: IDKey(high: 0, low: 0), instantMs: 0), Slot(id: IDKey(high: 0, low: 0), instantMs: 0),
                         Slot(id: IDKey(high: 0, low: 0), instantMs: 0), Slot(id: IDKey(high: 0, low: 0), instantMs: 0),
                         Slot(id: IDKey(high: 0, low: 0), instantMs: 0), Slot(id: IDKey(high: 0, low: 0), instantMs: 0),
                         Slot(id: IDKey(high: 0, low: 0), instantMs: 0), Slot(id: IDKey(high: 0, low: 0), instantMs: 0))
    /// The slot of the oldest review.
    private var head: UInt8 = 0
    /// How many reviews are remembered.
    private var stored: UInt8 = 0
    /// Bit `s` set: slot `s` holds a scheduled review.
    private var scheduledSlots: UInt8 = 0

    /// How many reviews fit: 8, as ``CardHistoryRule/undoDepth`` (a test holds them equal); a
    /// power of two, so a place maps to its slot with a mask.
    static var capacity: Int { MemoryLayout<(Slot, Slot, Slot, Slot, Slot, Slot, Slot, Slot)>.stride / MemoryLayout<Slot>.stride }

    /// No review.
    init() {}

    /// How many reviews are remembered (at most ``capacity``).
    @inline(__always) var count: Int { Int(stored) }

    /// The slot of logical place `place`.
    @inline(__always) private func slot(_ place: Int) -> Int { (Int(head) &+ place) & (Self.capacity - 1) }

    /// The id of the review at `place` (`0 ..< count`).
    @inline(__always) func id(at place: Int) -> IDKey { read(slot(place)).id }

    /// The instant (ms since the epoch) of the review at `place` (`0 ..< count`).
    @inline(__always) func instantMs(at place: Int) -> Int64 { read(slot(place)).instantMs }

    /// Whether the review at `place` (`0 ..< count`) was scheduled (not cram).
    @inline(__always) func isScheduled(at place: Int) -> Bool { scheduledSlots & (1 << slot(place)) != 0 }

    /// Remembers a review after the others.
    /// - Precondition: fewer than ``capacity`` are remembered.
    @inline(__always) mutating func append(id: IDKey, isScheduled: Bool, instantMs: Int64) {
        precondition(count < Self.capacity, "a review window holds at most \(Self.capacity) reviews")
        write(Slot(id: id, instantMs: instantMs), isScheduled: isScheduled, at: slot(count))
        stored &+= 1
    }

    /// Forgets the oldest review.
    /// - Returns: its instant.
    /// - Precondition: one is remembered.
    @inline(__always) mutating func removeFirst() -> Int64 {
        precondition(count > 0, "no review to forget")
        let instant = instantMs(at: 0)
        scheduledSlots &= ~(1 << head)
        head = UInt8((Int(head) &+ 1) & (Self.capacity - 1))
        stored &-= 1
        return instant
    }

    /// Forgets the review at `place` (`0 ..< count`); the later ones move up one place.
    mutating func remove(at place: Int) {
        precondition(place >= 0 && place < count, "no review at place \(place)")
        for later in place..<(count - 1) {
            write(read(slot(later + 1)), isScheduled: isScheduled(at: later + 1), at: slot(later))
        }
        scheduledSlots &= ~(1 << slot(count - 1))
        stored &-= 1
    }

    /// Forgets every review.
    @inline(__always) mutating func removeAll() {
        head = 0
        stored = 0
        scheduledSlots = 0
    }

    /// The contents of slot `index`.
    @inline(__always) private func read(_ index: Int) -> Slot {
        withUnsafeBytes(of: slots) { $0.load(fromByteOffset: index &* MemoryLayout<Slot>.stride, as: Slot.self) }
    }

    /// Writes `slot` and its kind into slot `index`.
    @inline(__always) private mutating func write(_ slot: Slot, isScheduled: Bool, at index: Int) {
        withUnsafeMutableBytes(of: &slots) { $0.storeBytes(of: slot, toByteOffset: index &* MemoryLayout<Slot>.stride, as: Slot.self) }
        let bit: UInt8 = 1 << index
        scheduledSlots = isScheduled ? scheduledSlots | bit : scheduledSlots & ~bit
    }
}

extension ReviewWindow: Equatable {
    /// Equal when they remember the same reviews (ids, kinds, instants) in the same order,
    /// wherever the ring starts.
    static func == (lhs: ReviewWindow, rhs: ReviewWindow) -> Bool {
        lhs.count == rhs.count && (0..<lhs.count).allSatisfy { place in
            lhs.id(at: place) == rhs.id(at: place) && lhs.instantMs(at: place) == rhs.instantMs(at: place)
                && lhs.isScheduled(at: place) == rhs.isScheduled(at: place)
        }
    }
}
