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

extension Identifier: BinaryCodable {
    @inline(__always) package init(from reader: inout BinaryReader) throws(EventDecodingError) { uuid = try reader.readUUID() }
    @inline(__always) package func encode(to writer: inout BinaryWriter) { writer.writeUUID(uuid) }
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
