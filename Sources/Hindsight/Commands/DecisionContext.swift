import Foundation
import Events
import Projections

/// The state a command is decided on: the read models and the command ledger, all at the same
/// log position (every earlier command included). Values, so deciding is pure.
struct DecisionContext: Sendable {
    var vocabulary: VocabularyState
    var profiles: ProfileDirectory
    var stories: StoryLibrary
    var spelling: SpellingProgress
    var ledger: CommandLedger
    /// The setting keys the store knows.
    let settings: SettingCatalogue
}

// Checks shared by the domains' commands. Each throws a ``StoreError`` whose message names the
// thing and says what to do.
extension DecisionContext {
    /// The command's profile, which must exist, not be deleted and not be disabled.
    /// - Throws: ``StoreError`` `unknownProfile`, `profileDeleted` or `profileDisabled`.
    @discardableResult
    func activeProfile(_ command: StoreCommand) throws(StoreError) -> ProfileRecord {
        try liveProfile(command.profile, field: "profile")
    }

    /// Profile `id`, which must exist, not be deleted and not be disabled.
    /// - Throws: ``StoreError`` `unknownProfile`, `profileDeleted` or `profileDisabled`, naming `field`.
    @discardableResult
    func liveProfile(_ id: ProfileID, field: String) throws(StoreError) -> ProfileRecord {
        guard let record = profiles.profile(id) else {
            throw StoreError(.unknownProfile, "profile \(id) does not exist; create it first",
                             stream: .profile(id), field: field)
        }
        guard !record.isDeleted else {
            throw StoreError(.profileDeleted, "profile \(id) was deleted; act as an existing profile",
                             stream: .profile(id), field: field)
        }
        guard !record.isDisabled else {
            throw StoreError(.profileDisabled, "profile \(id) is disabled; enable it (.profiles(.enable)) before acting as it",
                             stream: .profile(id), field: field)
        }
        return record
    }

    /// Card `id` of `profile`, which must exist and not be deleted.
    /// - Throws: ``StoreError`` `unknownEntity`, `wrongProfile` or `entityDeleted`.
    func liveCard(_ id: CardID, profile: ProfileID) throws(StoreError) -> CardStanding {
        try live(vocabulary.standing(of: id), id, profile: profile)
    }

    /// `standing`, the standing of card `id` (nil: no such card), when the card is `profile`'s
    /// and not deleted.
    /// - Throws: ``StoreError`` as ``liveCard(_:profile:)``.
    func live(_ standing: CardStanding?, _ id: CardID, profile: ProfileID) throws(StoreError) -> CardStanding {
        guard let card = standing else {
            throw StoreError(.unknownEntity, "card \(id) does not exist; create it before using it",
                             stream: .card(id), field: "card")
        }
        guard card.profile == profile else {
            throw StoreError(.wrongProfile, "card \(id) belongs to profile \(card.profile), not \(profile)",
                             stream: .card(id), field: "card")
        }
        guard !card.isGone else {
            throw StoreError(.entityDeleted, "card \(id) was deleted\(card.isDeckDeleted ? " with its deck" : ""); it can no longer be changed or reviewed",
                             stream: .card(id), field: "card")
        }
        return card
    }

    /// Requires that deck `id` of `profile` exists and is not deleted.
    /// - Throws: ``StoreError`` `unknownEntity` or `entityDeleted`.
    /// - Complexity: O(1) (a command or imported event on a deck must not cost a walk of its cards).
    func liveDeck(_ id: DeckID, profile: ProfileID, field: String = "deck") throws(StoreError) {
        guard let isDeleted = vocabulary.isDeckDeleted(id, of: profile) else {
            throw StoreError(.unknownEntity, "deck \(id) does not exist for profile \(profile); create it first",
                             stream: .deck(id), field: field)
        }
        guard !isDeleted else {
            throw StoreError(.entityDeleted, "deck \(id) was deleted; choose another deck", stream: .deck(id), field: field)
        }
    }

    /// Requires that `stream` has no event yet (a create command's new id).
    /// - Throws: ``StoreError`` `alreadyExists`.
    func requireNew(_ stream: StreamID, field: String) throws(StoreError) {
        let version = ledger.version(of: stream)
        guard version == 0 else {
            throw StoreError(.alreadyExists, "\(stream.category) \(stream.id.uuidString) already exists; use a new id to create another",
                             stream: stream, actualVersion: version, field: field)
        }
    }

    /// Requires that session `stream` is open and `profile`'s.
    /// - Throws: ``StoreError`` `unknownEntity` (never started), `invalidState` (ended, or
    ///   abandoned when its profile started another: see `CommandLedger.openSessions`) or
    ///   `wrongProfile`.
    func requireOpenSession(_ stream: StreamID, profile: ProfileID) throws(StoreError) {
        guard let owner = ledger.openSessions[stream] else {
            if ledger.version(of: stream) == 0 {
                throw StoreError(.unknownEntity, "session \(stream.id.uuidString) was never started; start it first",
                                 stream: stream, field: "session")
            }
            if let successor = ledger.abandonedSessions[stream] {
                throw StoreError(.invalidState, "session \(stream.id.uuidString) was abandoned when session \(successor.id.uuidString) started (a profile has one session open at a time); start a new session",
                                 stream: stream, field: "session")
            }
            throw StoreError(.invalidState, "session \(stream.id.uuidString) has ended; start a new session",
                             stream: stream, field: "session")
        }
        guard owner == profile else {
            throw StoreError(.wrongProfile, "session \(stream.id.uuidString) belongs to profile \(owner), not \(profile)",
                             stream: stream, field: "session")
        }
    }
}

/// Validation helpers for plain inputs.
enum Input {
    /// `text` with surrounding white space removed, which must not be empty.
    /// - Throws: ``StoreError`` `invalidValue` naming `field`.
    static func nonEmpty(_ text: String, field: String) throws(StoreError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            throw StoreError(.invalidValue, "\(field) is empty; give some text", field: field)
        }
        return trimmed
    }

    /// `text` as a setting key.
    /// - Throws: ``StoreError`` `invalidValue` unless it is 1 to 128 printable ASCII characters without spaces.
    static func settingKey(_ text: String) throws(StoreError) -> SettingKey {
        try checked { () throws(EventValidationError) in try SettingKey(text) }
    }

    /// The value `make` builds, with its validation error as a store error.
    /// - Throws: ``StoreError`` `invalidValue` naming the field.
    static func checked<T>(_ make: () throws(EventValidationError) -> T) throws(StoreError) -> T {
        do { return try make() } catch { throw StoreError(error) }
    }
}
