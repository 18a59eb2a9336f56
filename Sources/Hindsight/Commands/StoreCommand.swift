import Foundation
import Events
import Projections

/// One thing a person did, sent to the ``Store``: who (the profile), when (their time, with
/// their UTC offset), under which idempotency key (the caller's UUID: resending the same command
/// returns the first result and appends nothing), optionally the version of the command's stream
/// the caller saw (optimistic concurrency), and the action itself.
public struct StoreCommand: Sendable {
    /// The idempotency key, created by the caller.
    public var id: UUID
    /// The profile acting (for profile commands, the profile created, renamed, ...).
    public var profile: ProfileID
    /// When it happened.
    public var time: EventTime
    /// The version of the command's stream the caller saw; nil to skip the check.
    public var expectedVersion: UInt64?
    /// What was done.
    public var action: Action

    /// The actions, one enum per domain.
    public enum Action: Sendable {
        case vocabulary(VocabularyCommand)
        case spelling(SpellingCommand)
        case stories(StoryCommand)
        case dictation(DictationCommand)
        case profiles(ProfileCommand)
    }

    /// A command with these parts.
    public init(id: UUID, profile: ProfileID, time: EventTime, expectedVersion: UInt64? = nil, _ action: Action) {
        self.id = id
        self.profile = profile
        self.time = time
        self.expectedVersion = expectedVersion
        self.action = action
    }

    /// The events the command becomes on `context`, or why it is refused. Pure.
    /// - Throws: ``StoreError`` saying which rule the command breaks.
    func decide(_ context: DecisionContext) throws(StoreError) -> Decision {
        var decision = Decision(command: self)
        switch action {
        case .vocabulary(let command): try command.decide(self, context, into: &decision)
        case .spelling(let command): try command.decide(self, context, into: &decision)
        case .stories(let command): try command.decide(self, context, into: &decision)
        case .dictation(let command): try command.decide(self, context, into: &decision)
        case .profiles(let command): try command.decide(self, context, into: &decision)
        }
        return decision
    }
}

/// What one command becomes: the events of its atomic batch and the personal data they refer to.
struct Decision: Sendable {
    /// The command decided.
    let command: StoreCommand
    /// The events, in order, each with the profile whose history it is (its envelope's).
    private(set) var events: [(stream: StreamID, profile: ProfileID, event: DomainEvent)] = []
    /// The personal data to store before appending, with their references.
    private(set) var personalData: [(reference: PersonalDataReference, text: String)] = []

    init(command: StoreCommand) { self.command = command }

    /// Adds an event about `stream` to the history of `profile` (the command's profile unless
    /// given: a parent's command about a child's profile records the event in the child's).
    mutating func emit(_ stream: StreamID, _ event: DomainEvent, profile: ProfileID? = nil) {
        events.append((stream, profile ?? command.profile, event))
    }

    /// Stores `text` in the side store and returns the reference that the event carries
    /// (derived from the command id, so a retried command refers to the same entry).
    mutating func personal(_ text: String) -> PersonalDataReference {
        let reference = PersonalDataReference(key: DerivedIdentity.uuid(command.id, salt: 0x7064, index: personalData.count))
        personalData.append((reference, text))
        return reference
    }
}

/// Ids derived deterministically from a command's id, so a retried command produces the same
/// event ids and personal-data keys: two FNV-1a hashes of the id's bytes, a salt and an index,
/// shaped as a version-8 (custom) UUID.
enum DerivedIdentity {
    /// The id of event `index` of command `command`.
    static func eventID(_ command: UUID, index: Int) -> EventID {
        EventID(uuid(command, salt: 0x6576, index: index))
    }

    /// A UUID for (`command`, `salt`, `index`).
    static func uuid(_ command: UUID, salt: UInt64, index: Int) -> UUID {
        // 16 + 8 + 8 bytes, no padding: the bytes hashed are the id's, the salt's, the index's.
        let bytes = (command.uuid, salt.littleEndian, UInt64(index).littleEndian)
        return withUnsafeBytes(of: bytes) { uuid(hashing: $0) }
    }

    /// The UUID of `bytes`: two FNV-1a hashes (the second seeded by the first) laid out
    /// little-endian, with the version-8 and variant bits set. The same bytes give the same
    /// UUID on every machine; ``ImportIdentity`` derives its ids through it too.
    /// - Complexity: O(n), with no allocation (ids are derived for every imported row).
    static func uuid(hashing bytes: UnsafeRawBufferPointer) -> UUID {
        let high = StableHash.fnv1a64(bytes)
        return uuid(high: high, low: StableHash.fnv1a64(bytes, seed: secondSeed(high)))
    }

    /// The seed of the second hash of ``uuid(hashing:)``, given the first hash `high`.
    static func secondSeed(_ high: UInt64) -> UInt64 { high ^ 0x9E37_79B9_7F4A_7C15 }

    /// The UUID of the two hashes ``uuid(hashing:)`` makes: `high`, then `low`, little-endian,
    /// with the version-8 and variant bits set.
    static func uuid(high: UInt64, low: UInt64) -> UUID {
        var raw = (high.littleEndian, low.littleEndian)
        return withUnsafeMutableBytes(of: &raw) { raw in
            raw[6] = (raw[6] & 0x0F) | 0x80
            raw[8] = (raw[8] & 0x3F) | 0x80
            return UUID(uuid: raw.load(as: uuid_t.self))
        }
    }
}
