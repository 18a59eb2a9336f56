import Foundation

/// Marks what an ``Identifier`` names, so that a card id cannot be passed where a deck id is
/// expected. The tags are empty enums; they exist only at compile time.
public protocol IdentifierTag: Sendable {}

/// A typed UUID: the identity of one event, profile, deck, card, session or story. Encoded as
/// 16 bytes in the log and as the canonical UUID string in JSON.
public struct Identifier<Tag: IdentifierTag>: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The UUID itself.
    public let uuid: UUID

    /// The identifier holding `uuid`. Callers create UUIDs themselves (nothing here reads `UUID()`).
    public init(_ uuid: UUID) { self.uuid = uuid }

    public var description: String { uuid.uuidString }

    public init(from decoder: any Decoder) throws { uuid = try decoder.singleValueContainer().decode(UUID.self) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(uuid)
    }
}

extension Identifier {
    /// The UUID's 16 bytes as two big-endian words (bytes 0-7, bytes 8-15): the same numbers on
    /// every machine, and comparing them in order compares the bytes in order.
    @inlinable package var words: (high: UInt64, low: UInt64) { uuid.bigEndianWords }

    /// Equal when the UUIDs' bytes are: two word compares instead of `UUID`'s byte loop.
    @inlinable public static func == (lhs: Identifier, rhs: Identifier) -> Bool {
        let (a, b) = (lhs.words, rhs.words)
        return a.high == b.high && a.low == b.low
    }

    /// Feeds the two words to `hasher` (`UUID` feeds its 16 bytes one by one).
    @inlinable public func hash(into hasher: inout Hasher) {
        let (high, low) = words
        hasher.combine(high)
        hasher.combine(low)
    }

    /// The hash dictionaries and sets use, without a `Hasher`: a UUID's bits are already
    /// spread (identifiers are random UUIDs), so one multiply-xorshift round over both words and
    /// the table's seed suffices. The same on every machine for the same seed.
    @inlinable public func _rawHashValue(seed: Int) -> Int {
        let (high, low) = words
        return IdentifierHash.mix(high, low, seed: seed)
    }
}

/// The cheap hash of a 128-bit identifier (two words) under a table's seed.
@usableFromInline package enum IdentifierHash {
    /// SplitMix64's finaliser over `high`, `low` (multiplied, so swapped words differ) and `seed`.
    @inlinable @inline(__always)
    package static func mix(_ high: UInt64, _ low: UInt64, seed: Int) -> Int {
        var z = (high ^ UInt64(bitPattern: Int64(seed))) &+ low &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: z ^ (z >> 31))
    }
}

extension Identifier: BinaryCodable {
    @inline(__always) package init(from reader: inout BinaryReader) throws(EventDecodingError) { uuid = try reader.readUUID() }
    @inline(__always) package func encode(to writer: inout BinaryWriter) { write(to: &writer) }
    /// Writes the id's bytes to `sink` (its layout's one home).
    @inline(__always) package func write<Sink: BinarySink>(to sink: inout Sink) { sink.writeUUID(uuid) }
}

/// Tag of ``EventID``.
public enum EventTag: IdentifierTag {}
/// Tag of ``ProfileID``.
public enum ProfileTag: IdentifierTag {}
/// Tag of ``DeckID``.
public enum DeckTag: IdentifierTag {}
/// Tag of ``CardID``.
public enum CardTag: IdentifierTag {}
/// Tag of ``StudySessionID``.
public enum StudySessionTag: IdentifierTag {}
/// Tag of ``SpellingTestID``.
public enum SpellingTestTag: IdentifierTag {}
/// Tag of ``SpellingSessionID``.
public enum SpellingSessionTag: IdentifierTag {}
/// Tag of ``StoryID``.
public enum StoryTag: IdentifierTag {}

/// The identity of one event; appending an event whose id is already in the log is a no-op.
public typealias EventID = Identifier<EventTag>
/// The identity of a learner's profile.
public typealias ProfileID = Identifier<ProfileTag>
/// The identity of a vocabulary deck.
public typealias DeckID = Identifier<DeckTag>
/// The identity of a vocabulary card.
public typealias CardID = Identifier<CardTag>
/// The identity of a vocabulary study session.
public typealias StudySessionID = Identifier<StudySessionTag>
/// The identity of a spelling test (a word list).
public typealias SpellingTestID = Identifier<SpellingTestTag>
/// The identity of a spelling practice session.
public typealias SpellingSessionID = Identifier<SpellingSessionTag>
/// The identity of a bedtime story.
public typealias StoryID = Identifier<StoryTag>

extension UUID {
    /// The 16 bytes as two big-endian words (bytes 0-7, bytes 8-15): the same numbers on every
    /// machine, and comparing them in order compares the bytes in order (the order `UUID`'s own
    /// `<` gives, without its byte loop). The one home of that reading for ids and streams.
    @inlinable package var bigEndianWords: (high: UInt64, low: UInt64) {
        withUnsafeBytes(of: uuid) { bytes in
            (UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
             UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
        }
    }
}
