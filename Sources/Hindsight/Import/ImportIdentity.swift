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

    /// The UUID of (`profile`, `kind`, `values`).
    static func uuid(_ profile: ProfileID, _ kind: Kind, _ values: [Int64]) -> UUID {
        var bytes = withUnsafeBytes(of: profile.uuid.uuid) { Array($0) }
        withUnsafeBytes(of: kind.rawValue.littleEndian) { bytes.append(contentsOf: $0) }
        for value in values { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        return DerivedIdentity.uuid(hashing: bytes)
    }

    /// A stable 64-bit number for `text` (for names in ids).
    static func number(_ text: String) -> Int64 { Int64(bitPattern: StableHash.fnv1a64(Array(text.utf8))) }

    /// The card a revlog `cardID` becomes for `profile`.
    static func card(_ profile: ProfileID, revlogCard cardID: Int64) -> CardID { CardID(uuid(profile, .card, [cardID])) }

    /// The deck named `name` that revlog imports for `profile` create.
    static func deck(_ profile: ProfileID, name: String) -> DeckID { DeckID(uuid(profile, .deck, [number(name)])) }
}
