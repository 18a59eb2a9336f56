import Events
import Foundation

/// One remembered review: its event id, whether it was a cram review (undoing it only
/// uncounts it), for a cram review its instant, and for a counted one the state before it
/// (``PackedCardState/none``: the card was new) and, for a first counted review, the local day
/// it was counted on (for the daily new-card count).
///
/// Plain data in 64 bytes (58 used), so that in the pool's 64-byte-aligned chunks an entry is
/// exactly one cache line (a review writes one line, not two): the id, then the state. A first
/// counted review has no state before it, so its day rides in the state's `dueMs`; a cram
/// review is marked by ``cramPhase`` in its `phase`, its instant in the state's `lastReviewMs`.
/// A counted review's instant is not stored: it is the last review instant of the state it left
/// (``instantMs(leaving:)``).
struct UndoEntry: Sendable, Equatable {
    /// The `phase` that marks a cram entry.
    static let cramPhase: UInt8 = 0xFF

    /// The review's event id.
    var review: IDKey
    /// The state before the review, or the day of a first review, or the cram mark: see the type.
    private var state: PackedCardState

    private init(review: IDKey, state: PackedCardState) {
        self.review = review
        self.state = state
    }

    /// A cram review at `instantMs` (ms since the epoch).
    static func cram(_ review: IDKey, instantMs: Int64) -> UndoEntry {
        var mark = PackedCardState()
        mark.phase = cramPhase
        mark.lastReviewMs = instantMs
        return UndoEntry(review: review, state: mark)
    }

    /// A counted review that replaced `before` on local `day` (the day is remembered only when
    /// `before` is ``PackedCardState/none``: only a first review's day is ever needed).
    @inline(__always)
    static func scheduled(_ review: IDKey, before: PackedCardState, day: Int64) -> UndoEntry {
        guard !before.isPresent else { return UndoEntry(review: review, state: before) }
        var first = PackedCardState()
        first.dueMs = day
        return UndoEntry(review: review, state: first)
    }

    /// True for a cram review.
    @inline(__always) var isCram: Bool { state.phase == Self.cramPhase }

    /// A cram review's instant (ms since the epoch); 0 for any other entry.
    @inline(__always) var cramInstantMs: Int64 { isCram ? state.lastReviewMs : 0 }

    /// The state before a counted review (``PackedCardState/none`` for a first review and for
    /// a cram review).
    @inline(__always) var before: PackedCardState { state.phase == Self.cramPhase || state.phase == 0 ? .none : state }

    /// The local day of a counted first review (0 for any other entry).
    @inline(__always) var day: Int64 { state.phase == 0 ? state.dueMs : 0 }

    /// This review's instant (ms since the epoch), given `after`, the state it left: a cram
    /// review's own; a counted review's is `after`'s last review instant. The state a counted
    /// review left is the state before the next counted review remembered (a cram review changes
    /// no state), or the card's state when none is (``UndoRing/instantMs(of:in:current:)``).
    /// Exact: every state the scheduler makes holds its review's instant, and what else changes
    /// a card's state keeps it (a reschedule) or forgets the entries remembered (a change by hand).
    @inline(__always)
    func instantMs(leaving after: PackedCardState) -> Int64 { isCram ? state.lastReviewMs : after.lastReviewMs }

    /// The filler of unused slots.
    static let empty = UndoEntry.cram(IDKey(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))), instantMs: 0)
}

/// Where a card's ring lives in ``UndoRing``: its first slot (-1 until the card's first
/// review), the slot of its oldest entry, and how many entries it holds. Plain data, kept in
/// the card's hot record.
///
/// A ring restored from a snapshot and not yet decoded is *pending*: ``head`` is ``pendingHead``
/// and ``base`` the index of its first entry in the pool's ``PendingUndoSection``.
struct RingHandle: Sendable, Equatable {
    /// The ``head`` of a pending ring (a decoded ring's head is below ``UndoRing/depth``).
    static let pendingHead: UInt8 = 0xFF

    var base: Int32 = -1
    var head: UInt8 = 0
    var count: UInt8 = 0

    /// An empty ring, or a decoded one.
    init(base: Int32 = -1, head: UInt8 = 0, count: UInt8 = 0) {
        self.base = base
        self.head = head
        self.count = count
    }

    /// A ring restored from a snapshot whose `count` entries are still encoded, from entry
    /// `first` of the pool's pending section on.
    static func pending(first: Int32, count: UInt8) -> RingHandle {
        RingHandle(base: first, head: pendingHead, count: count)
    }

    /// Whether the ring's entries are still in the pool's pending section.
    @inline(__always) var isPending: Bool { head == Self.pendingHead }
}

/// Every card's recent reviews (at most ``depth`` each, oldest first), as fixed-size runs of
/// plain-data slots in one array: a card gets its run at its first review, and remembering a
/// review when the run is full overwrites the oldest slot. No card has an array of its own.
///
/// Entries are addressed by logical index (0 is the oldest); equality and encoding go by the
/// logical order, never by the slot layout.
///
/// A pool restored from a snapshot keeps the snapshot's encoded entries (``pending``) and decodes
/// a card's alone into a run of ``slots`` the first time a review or an undo changes that card
/// (``decode(_:)``): opening a large store and reviewing a few cards costs the cards reviewed,
/// not every card's entries. Reading works on pending and decoded rings alike; ``append(_:to:)``
/// and ``remove(at:from:)`` require a decoded one.
struct UndoRing: Sendable {
    /// How many recent reviews a card remembers for undo: ``CardHistoryRule/undoDepth``.
    static let depth = CardHistoryRule.undoDepth

    /// The slots, ``depth`` per card whose ring was made or decoded here.
    private(set) var slots = ChunkedArray<UndoEntry>()
    /// The snapshot's undo entries, read by the rings still pending, if the pool was restored.
    private(set) var pending: PendingUndoSection?
    /// Whether a ring was decoded, made or changed here since the pool was restored.
    private var changedSinceRestore = false

    /// An empty pool.
    init() {}

    /// A pool whose entries stay encoded in `section`; the reviewed cards' ``RingHandle``s are
    /// pending, each pointing at its first entry there.
    init(pending section: PendingUndoSection) {
        pending = section
    }

    /// Whether the pool was restored and none of its rings decoded, made or changed since: its
    /// entries are then exactly the pending section's.
    @inline(__always) var isPending: Bool { pending != nil && !changedSinceRestore }

    /// Decodes `ring` into a run of its own if it is pending (nothing otherwise): the same
    /// entries, in the same order, now changeable.
    /// - Complexity: O(``depth``).
    @inline(__always)
    mutating func decode(_ ring: inout RingHandle) {
        guard _slowPath(ring.isPending) else { return }
        guard let section = pending else { preconditionFailure("a pending undo ring without a pending section") }
        let base = Int32(slots.count)
        noteLookup(of: ring)
        for index in 0..<Int(ring.count) { slots.append(section.entry(at: Int(ring.base) + index)) }
        slots.append(repeating: .empty, count: Self.depth - Int(ring.count))
        ring = RingHandle(base: base, head: 0, count: ring.count)
        changedSinceRestore = true
    }

    /// Notes a lookup of `ring`'s entries (one card's, not a pass over every card's) to the bytes
    /// they are read in, when it is pending (``RetainedBytes/noteScatteredRead()``: a mapped
    /// snapshot lets go of its pages every so many): a hint, no result changes.
    @inline(__always)
    func noteLookup(of ring: RingHandle) {
        if _slowPath(ring.isPending), let pending { pending.bytes.noteScatteredRead() }
    }

    /// The physical slot of logical `index` in `ring`.
    @inline(__always)
    private func slot(_ index: Int, _ ring: RingHandle) -> Int {
        var physical = Int(ring.head) + index
        if physical >= Self.depth { physical -= Self.depth }
        return Int(ring.base) + physical
    }

    /// The entry at logical `index` (`index < ring.count`), decoded or pending.
    @inline(__always)
    func entry(_ index: Int, of ring: RingHandle) -> UndoEntry {
        if _slowPath(ring.isPending), let pending { return pending.entry(at: Int(ring.base) + index) }
        return slots[slot(index, ring)]
    }

    /// Adds `entry` as the newest of `ring` (not pending: ``decode(_:)``), forgetting the oldest
    /// when full.
    /// - Complexity: O(1) amortized.
    @inline(__always)
    mutating func append(_ entry: UndoEntry, to ring: inout RingHandle) {
        precondition(!ring.isPending, "an undo ring changed before it was decoded")
        changedSinceRestore = true
        if ring.base < 0 {
            ring.base = Int32(slots.count)
            slots.append(repeating: .empty, count: Self.depth)
        }
        if !CardHistoryRule.forgetsOldest(remembered: Int(ring.count)) {
            slots[slot(Int(ring.count), ring)] = entry
            ring.count += 1
        } else {
            slots[slot(0, ring)] = entry
            ring.head = ring.head + 1 == UInt8(Self.depth) ? 0 : ring.head + 1
        }
    }

    /// Starts loading the slots a review of `ring`'s card reads and writes (a hint; nothing for a
    /// ring without a run yet, or while pending): the one ``append(_:to:)`` writes, the newest
    /// (the store's review-order check reads its instant) and, when the ring is full, the one
    /// after the oldest (the oldest's instant, read as it is forgotten, may be its state's).
    @inline(__always)
    func prefetchReview(of ring: RingHandle) {
        guard ring.base >= 0, !ring.isPending else { return }
        let count = Int(ring.count)
        slots.prefetchForWrite(slot(count < Self.depth ? count : 0, ring))
        if count > 0 { slots.prefetchForWrite(slot(count - 1, ring)) }
        if count == Self.depth { slots.prefetchForWrite(slot(1, ring)) }
    }

    /// Removes logical `index` of `ring` (not pending: ``decode(_:)``), keeping the others in order.
    /// - Complexity: O(``depth``).
    mutating func remove(at index: Int, from ring: inout RingHandle) {
        precondition(!ring.isPending, "an undo ring changed before it was decoded")
        changedSinceRestore = true
        var next = index
        while next + 1 < Int(ring.count) {
            slots[slot(next, ring)] = slots[slot(next + 1, ring)]
            next += 1
        }
        ring.count -= 1
    }

    /// The entries of `ring`, oldest first.
    func entries(of ring: RingHandle) -> [UndoEntry] {
        (0..<Int(ring.count)).map { entry($0, of: ring) }
    }

    /// The instant (ms since the epoch) of the review at logical `index` of `ring`, whose card's
    /// state is `current` (see ``UndoEntry/instantMs(leaving:)``): the state it left is the one
    /// before the next counted review remembered after it, else `current`.
    /// - Complexity: O(``depth``).
    func instantMs(of index: Int, in ring: RingHandle, current: PackedCardState) -> Int64 {
        let entry = entry(index, of: ring)
        guard !entry.isCram else { return entry.instantMs(leaving: current) }
        var later = index + 1
        while later < Int(ring.count) {
            let next = self.entry(later, of: ring)
            if !next.isCram { return entry.instantMs(leaving: next.before) }
            later += 1
        }
        return entry.instantMs(leaving: current)
    }
}
