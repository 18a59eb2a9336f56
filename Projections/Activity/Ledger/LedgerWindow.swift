import Events

/// One remembered review in the ledger, as plain data: four words, no references, no padding,
/// so a card's window is a fixed block of memory and the ledger's windows are one array.
///
/// `facts` packs the local day (high 56 bits, arithmetic) with the rating (bits 0-2), cram
/// (bit 3) and whether it was the card's first scheduled review (bit 4). A local day is at
/// most about 2^37 in magnitude (any `Int64` of milliseconds over 86,400,000), so it fits.
package struct LedgerReview: Sendable, Equatable, BitwiseCopyable {
    /// The `ReviewGraded` event id's first 8 bytes, big-endian (as ``IDKey/high``).
    package var idHigh: UInt64
    /// The event id's last 8 bytes, big-endian (as ``IDKey/low``).
    package var idLow: UInt64
    /// Day, rating, mode and first-ness, packed (see the type's summary).
    package var facts: UInt64
    /// How long the review took, in milliseconds (never negative).
    package var durationMs: UInt64

    /// An empty slot (all zeros: what an unused slot holds; snapshots store only used slots).
    package static let empty = LedgerReview(idHigh: 0, idLow: 0, facts: 0, durationMs: 0)

    @inline(__always) init(idHigh: UInt64, idLow: UInt64, facts: UInt64, durationMs: UInt64) {
        self.idHigh = idHigh
        self.idLow = idLow
        self.facts = facts
        self.durationMs = durationMs
    }

    /// The review `id` of `fact`.
    @inline(__always) package init(id: IDKey, _ fact: ReviewFact) {
        let bits = UInt64(fact.rating.rawValue) | (fact.mode == .cram ? 8 : 0) | (fact.wasFirst ? 16 : 0)
        self.init(idHigh: id.high, idLow: id.low, facts: UInt64(bitPattern: fact.day << 8) | bits,
                  durationMs: UInt64(fact.durationMs))
    }

    /// The review's event id, as a key.
    @inline(__always) package var id: IDKey { IDKey(high: idHigh, low: idLow) }

    /// What the review counted. Only called on slots filled by ``init(id:_:)`` or checked by
    /// ``isWellFormed``.
    @inline(__always) package var fact: ReviewFact {
        ReviewFact(day: Int64(bitPattern: facts) >> 8, rating: Rating(rawValue: UInt8(facts & 7)) ?? .again,
                   mode: facts & 8 != 0 ? .cram : .scheduled, durationMs: Int64(bitPattern: durationMs),
                   wasFirst: facts & 16 != 0)
    }

    /// Whether it was the card's first scheduled review.
    @inline(__always) package var wasFirst: Bool {
        get { facts & 16 != 0 }
        set { facts = newValue ? facts | 16 : facts & ~16 }
    }

    /// Whether it was a scheduled (not cram) review.
    @inline(__always) package var isScheduled: Bool { facts & 8 == 0 }

    /// Whether the packed bits decode: a rating 1-4, no unknown flag, a duration ≥ 0.
    package var isWellFormed: Bool {
        (1...4).contains(facts & 7) && facts & 0xE0 == 0 && durationMs >> 63 == 0
    }
}

/// The header of a card's record in the ledger (kept in its bucket, see ``LedgerBuckets``): its
/// owner's profile number and `bits`: reviews remembered (bits 0-3), the window's oldest slot
/// (bits 4-6, the window is a ring) and whether a scheduled review (not undone) is counted (bit 7).
package struct LedgerEntry: Sendable, Equatable, BitwiseCopyable {
    /// The owner's profile number (an index into the ledger's profiles).
    package var profile: UInt32
    /// Count, ring start and first-scheduled flag, packed.
    package var bits: UInt32

    /// A card owned by profile number `profile`, with no review yet.
    @inline(__always) package init(profile: UInt32, bits: UInt32 = 0) {
        self.profile = profile
        self.bits = bits
    }

    /// How many reviews are remembered.
    @inline(__always) package var count: Int {
        get { Int(bits & 0xF) }
        set { bits = (bits & ~0xF) | UInt32(newValue) }
    }

    /// The physical slot of the oldest review in the window's ring.
    @inline(__always) package var start: Int {
        get { Int((bits >> 4) & 7) }
        set { bits = (bits & ~(7 << 4)) | (UInt32(newValue) << 4) }
    }

    /// Whether a scheduled review (not undone) has been counted.
    @inline(__always) package var hasScheduledReview: Bool {
        get { bits & 0x80 != 0 }
        set { bits = newValue ? bits | 0x80 : bits & ~0x80 }
    }

    /// Whether the bits are ones the ledger writes (a count of at most ``LedgerWindow/capacity``,
    /// no unknown bit).
    package var isWellFormed: Bool { bits >> 8 == 0 && count <= LedgerWindow.capacity }
}

/// A card's last ``capacity`` reviews, as plain data (32 words, four cache lines), in a ring
/// whose oldest slot and length are kept in the card's ``LedgerEntry``: remembering a review
/// writes one slot and reads none. Unused slots are zero.
package struct LedgerWindow: Sendable, Equatable, BitwiseCopyable {
    package var review0 = LedgerReview.empty
    package var review1 = LedgerReview.empty
    package var review2 = LedgerReview.empty
    package var review3 = LedgerReview.empty
    package var review4 = LedgerReview.empty
    package var review5 = LedgerReview.empty
    package var review6 = LedgerReview.empty
    package var review7 = LedgerReview.empty

    /// How many reviews a card remembers: ``CardHistoryRule/undoDepth`` (the slots above, one
    /// per review; a test checks that they match).
    package static let capacity = CardHistoryRule.undoDepth
    /// The physical slot of a ring position (a position modulo ``capacity``, a power of two).
    @inline(__always) static func slot(_ position: Int) -> Int { position & (capacity - 1) }

    /// An empty window.
    package init() {}

    /// The review in physical slot `index` (taken modulo ``capacity``).
    @inline(__always) package subscript(physical index: Int) -> LedgerReview {
        get {
            switch Self.slot(index) {
            case 0: review0
            case 1: review1
            case 2: review2
            case 3: review3
            case 4: review4
            case 5: review5
            case 6: review6
            default: review7
            }
        }
        set {
            switch Self.slot(index) {
            case 0: review0 = newValue
            case 1: review1 = newValue
            case 2: review2 = newValue
            case 3: review3 = newValue
            case 4: review4 = newValue
            case 5: review5 = newValue
            case 6: review6 = newValue
            default: review7 = newValue
            }
        }
    }

    /// The review `index` places after the oldest (0 is the oldest), `index < entry.count`.
    @inline(__always) package subscript(index: Int, of entry: LedgerEntry) -> LedgerReview {
        get { self[physical: entry.start + index] }
        set { self[physical: entry.start + index] = newValue }
    }

    /// Adds `review` as the newest, forgetting the oldest when full.
    @inline(__always) package mutating func append(_ review: LedgerReview, to entry: inout LedgerEntry) {
        let filled = entry.count
        if CardHistoryRule.forgetsOldest(remembered: filled) {
            self[physical: entry.start] = review
            entry.start = Self.slot(entry.start + 1)
        } else {
            self[physical: entry.start + filled] = review
            entry.count = filled + 1
        }
    }

    /// Removes and returns the review at place `index` (0 is the oldest, `index < entry.count`),
    /// keeping the others in order (the freed slot is zeroed).
    package mutating func remove(at index: Int, from entry: inout LedgerEntry) -> LedgerReview {
        let filled = entry.count
        let removed = self[index, of: entry]
        for next in (index + 1)..<max(index + 1, filled) { self[next - 1, of: entry] = self[next, of: entry] }
        self[filled - 1, of: entry] = .empty
        entry.count = filled - 1
        if entry.count == 0 { entry.start = 0 }
        return removed
    }

    /// The reviews of `entry`'s card, oldest first.
    package func reviews(of entry: LedgerEntry) -> [LedgerReview] { (0..<entry.count).map { self[$0, of: entry] } }

    /// Whether the slots `entry` does not use are empty and the ones it uses are well formed.
    package func isWellFormed(for entry: LedgerEntry) -> Bool {
        (0..<Self.capacity).allSatisfy { index in
            index < entry.count ? self[index, of: entry].isWellFormed : self[index, of: entry] == .empty
        }
    }
}
