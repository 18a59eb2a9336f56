import Events
import Foundation

/// A key of the due index: when a card is due (ms since the epoch, UTC), then the card id
/// (the tie-break between cards due at the same instant).
public struct DueKey: OrderedKeySetKey, Hashable {
    /// When the card is due.
    public var dueMs: Int64
    /// The card.
    public var card: CardID

    /// The key of `card` due at `dueMs`.
    public init(dueMs: Int64, card: CardID) {
        self.dueMs = dueMs
        self.card = card
    }

    @inline(__always)
    public static func < (lhs: DueKey, rhs: DueKey) -> Bool {
        lhs.dueMs != rhs.dueMs ? lhs.dueMs < rhs.dueMs : cardPrecedes(lhs.card, rhs.card)
    }

    @inline(__always)
    public static func == (lhs: DueKey, rhs: DueKey) -> Bool {
        lhs.dueMs == rhs.dueMs && sameCard(lhs.card, rhs.card)
    }

    /// The due time and the card's two words, mixed once (no byte loop over the UUID).
    public var treapPriority: UInt64 {
        let (high, low) = words(card)
        return mix(UInt64(bitPattern: dueMs) ^ high ^ (low &* 0x9E37_79B9_7F4A_7C15))
    }
}

/// A key of the new-card index: the log position of the card's creation (creation order), then
/// the card id.
public struct NewCardKey: OrderedKeySetKey, Hashable {
    /// The position of the card's `CardCreated` event.
    public var position: UInt64
    /// The card.
    public var card: CardID

    /// The key of `card` created at `position`.
    public init(position: UInt64, card: CardID) {
        self.position = position
        self.card = card
    }

    @inline(__always)
    public static func < (lhs: NewCardKey, rhs: NewCardKey) -> Bool {
        lhs.position != rhs.position ? lhs.position < rhs.position : cardPrecedes(lhs.card, rhs.card)
    }

    @inline(__always)
    public static func == (lhs: NewCardKey, rhs: NewCardKey) -> Bool {
        lhs.position == rhs.position && sameCard(lhs.card, rhs.card)
    }

    /// The position and the card's two words, mixed once (no byte loop over the UUID).
    public var treapPriority: UInt64 {
        let (high, low) = words(card)
        return mix(position ^ high ^ (low &* 0x9E37_79B9_7F4A_7C15))
    }
}

/// SplitMix64's finaliser: spreads every input bit over the output.
@inline(__always)
func mix(_ value: UInt64) -> UInt64 {
    var z = value &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
}

/// The UUID's bytes as two big-endian words: comparing them compares the bytes in order, as
/// `Identifier`'s `<` does, without a byte loop.
@inline(__always)
func words(_ card: CardID) -> (UInt64, UInt64) {
    withUnsafeBytes(of: card.uuid.uuid) { bytes in
        (UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self)),
         UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
    }
}

/// `lhs < rhs` in `Identifier`'s order (the UUIDs' bytes, first to last).
@inline(__always)
func cardPrecedes(_ lhs: CardID, _ rhs: CardID) -> Bool {
    let (a, b) = (words(lhs), words(rhs))
    return a.0 != b.0 ? a.0 < b.0 : a.1 < b.1
}

/// `lhs == rhs` without Foundation's byte loop.
@inline(__always)
func sameCard(_ lhs: CardID, _ rhs: CardID) -> Bool {
    let (a, b) = (words(lhs), words(rhs))
    return a.0 == b.0 && a.1 == b.1
}
