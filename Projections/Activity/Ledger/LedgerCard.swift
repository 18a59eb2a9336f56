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

    /// An empty slot (all zeros: what an unused slot holds, in memory and in snapshots).
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

/// One card's memory in the ledger, as plain data (17 words): its owner, whether a scheduled
/// review is counted, and its last ``ReviewLedger/reviewsRemembered`` reviews, oldest first.
///
/// `header` packs the owner's profile number (bits 0-31, an index into the ledger's profiles),
/// the number of reviews remembered (bits 32-39) and whether a scheduled review (not undone)
/// has been counted (bit 40).
package struct LedgerCard: Sendable, Equatable, BitwiseCopyable {
    package var header: UInt64
    package var review0 = LedgerReview.empty
    package var review1 = LedgerReview.empty
    package var review2 = LedgerReview.empty
    package var review3 = LedgerReview.empty

    /// How many reviews a card remembers.
    package static let capacity = 4
    /// The size of a card in memory and in a snapshot, in bytes.
    package static let byteCount = 17 * 8

    /// A card of profile number `profile` with no review yet.
    @inline(__always) package init(profile: UInt32) { header = UInt64(profile) }

    /// The owner's profile number.
    @inline(__always) package var profile: UInt32 { UInt32(truncatingIfNeeded: header) }

    /// How many reviews are remembered.
    @inline(__always) package var count: Int {
        get { Int((header >> 32) & 0xFF) }
        set { header = (header & ~(0xFF << 32)) | (UInt64(newValue) << 32) }
    }

    /// Whether a scheduled review (not undone) has been counted.
    @inline(__always) package var hasScheduledReview: Bool {
        get { header & (1 << 40) != 0 }
        set { header = newValue ? header | (1 << 40) : header & ~(1 << 40) }
    }

    /// The review at `index` (0 is the oldest), `index < count`.
    @inline(__always) package subscript(index: Int) -> LedgerReview {
        get {
            switch index {
            case 0: review0
            case 1: review1
            case 2: review2
            default: review3
            }
        }
        set {
            switch index {
            case 0: review0 = newValue
            case 1: review1 = newValue
            case 2: review2 = newValue
            default: review3 = newValue
            }
        }
    }

    /// Adds `review` as the newest, forgetting the oldest when full.
    @inline(__always) package mutating func append(_ review: LedgerReview) {
        let filled = count
        if filled == Self.capacity {
            (review0, review1, review2, review3) = (review1, review2, review3, review)
        } else {
            self[filled] = review
            count = filled + 1
        }
    }

    /// Removes and returns the newest review with event id `id`, keeping the others in order
    /// (the freed slot is zeroed).
    package mutating func remove(id: IDKey) -> LedgerReview? {
        let filled = count
        guard let index = (0..<filled).last(where: { self[$0].idHigh == id.high && self[$0].idLow == id.low }) else {
            return nil
        }
        let removed = self[index]
        for next in (index + 1)..<max(index + 1, filled) { self[next - 1] = self[next] }
        self[filled - 1] = .empty
        count = filled - 1
        return removed
    }

    /// The reviews, oldest first.
    package var reviews: [LedgerReview] { (0..<count).map { self[$0] } }
}
