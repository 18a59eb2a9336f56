import Foundation
import Events
import Projections

/// Ids derived from an import's facts, so importing the same file again derives the same ids and
/// finds them present: two FNV-1a hashes of (profile, kind, values), shaped as a version-8 UUID.
enum ImportIdentity {
    /// What an id identifies (its salt).
    enum Kind: UInt64 {
        case profileCreated = 0x7270_0001
        case dayCutoff = 0x7270_0002
        case deck = 0x7270_0003
        case deckCreated = 0x7270_0004
        case card = 0x7270_0005
        case cardCreated = 0x7270_0006
        case review = 0x7270_0007
        case cardReset = 0x7270_0008
        case impliedReset = 0x7270_0009
        case cardDueSet = 0x7270_000A
    }

    /// The UUID of (`profile`, `kind`, `values`): the hash of the profile's 16 bytes, then the
    /// kind's and each value's 8 bytes little-endian.
    /// - Complexity: O(values), with no allocation.
    static func uuid(_ profile: ProfileID, _ kind: Kind, _ values: [Int64]) -> UUID {
        let count = 24 + 8 * values.count
        return withUnsafeTemporaryAllocation(byteCount: count, alignment: 8) { bytes in
            withUnsafeBytes(of: profile.uuid.uuid) { bytes.copyMemory(from: $0) }
            bytes.storeBytes(of: kind.rawValue.littleEndian, toByteOffset: 16, as: UInt64.self)
            for (index, value) in values.enumerated() {
                bytes.storeBytes(of: value.littleEndian, toByteOffset: 24 + 8 * index, as: Int64.self)
            }
            return DerivedIdentity.uuid(hashing: UnsafeRawBufferPointer(bytes))
        }
    }

    /// The ids of one profile and kind with three values each, as ``uuid(_:_:_:)`` derives them,
    /// made for many (an import derives one for each of its rows), with no array: the first
    /// hash's state after the profile's and kind's 24 bytes is kept, so each id's first hash goes
    /// on over its values' 24 bytes only (the second hash, seeded by the first's result, hashes
    /// all 48 bytes each time).
    struct Stem {
        /// The profile's 16 bytes and the kind's 8 little-endian.
        private let prefix: (uuid_t, UInt64)
        /// The first hash of ``prefix``.
        private let state: UInt64

        /// The ids of `profile` and `kind`.
        init(_ profile: ProfileID, _ kind: Kind) {
            prefix = (profile.uuid.uuid, kind.rawValue.littleEndian)
            state = withUnsafeBytes(of: prefix) { StableHash.fnv1a64($0) }
        }

        /// The UUID of (profile, kind, [`a`, `b`, `c`]): the one ``ImportIdentity/uuid(_:_:_:)`` gives.
        /// - Complexity: O(1), with no allocation.
        func uuid(_ a: Int64, _ b: Int64, _ c: Int64) -> UUID {
            // The bytes ``ImportIdentity/uuid(_:_:_:)`` hashes are the prefix's, then these 3 × 8;
            // FNV-1a over them in two parts is FNV-1a over the whole, each part going on from the
            // state the one before left.
            let values = (a.littleEndian, b.littleEndian, c.littleEndian)
            return withUnsafeBytes(of: values) { values in
                let high = StableHash.fnv1a64(values, seed: state)
                let low = withUnsafeBytes(of: prefix) { StableHash.fnv1a64($0, seed: DerivedIdentity.secondSeed(high)) }
                return DerivedIdentity.uuid(high: high, low: StableHash.fnv1a64(values, seed: low))
            }
        }
    }

    /// A stable 64-bit number for `text` (for names in ids).
    static func number(_ text: String) -> Int64 { Int64(bitPattern: StableHash.fnv1a64(Array(text.utf8))) }

    /// The card a revlog `cardID` becomes for `profile`.
    static func card(_ profile: ProfileID, revlogCard cardID: Int64) -> CardID { CardID(uuid(profile, .card, [cardID])) }

    /// The deck named `name` that revlog imports for `profile` create.
    static func deck(_ profile: ProfileID, name: String) -> DeckID { DeckID(uuid(profile, .deck, [number(name)])) }
}
