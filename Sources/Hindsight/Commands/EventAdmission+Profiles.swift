import Events
import Projections

// The admission checks of the profiles' and the spelling's events, called by their commands and
// by ``DecisionContext/admit(_:)``.
extension DecisionContext {
    /// Enabling profile `id`, which exists, is not deleted and is disabled.
    /// - Throws: ``StoreError`` `unknownProfile`, `profileDeleted`, `invalidState` (not disabled).
    func admitEnabling(_ id: ProfileID) throws(StoreError) {
        guard let record = profiles.profile(id), !record.isDeleted else {
            try liveProfile(id, field: "profile")
            return
        }
        guard record.isDisabled else {
            throw StoreError(.invalidState, "profile \(id) is not disabled; nothing to enable", stream: .profile(id), field: "profile")
        }
    }

    /// Forgetting profile `id`, which exists (deleted or not).
    /// - Throws: ``StoreError`` `unknownProfile`.
    func admitForgetting(_ id: ProfileID) throws(StoreError) {
        guard profiles.profile(id) != nil else {
            throw StoreError(.unknownProfile, "profile \(id) does not exist; nothing to forget",
                             stream: .profile(id), field: "profile")
        }
    }

    /// Removing `profile`'s value of setting `key`, which it has.
    /// - Throws: ``StoreError`` `invalidState`.
    func admitSettingUnset(_ key: SettingKey, profile: ProfileID) throws(StoreError) {
        guard profiles.setting(profile: profile, key: key) != nil else {
            throw StoreError(.invalidState, "setting \(key) has no value for profile \(profile); nothing to unset",
                             stream: .profile(profile), field: "key")
        }
    }

    /// Removing service `service`, which `profile` has configured.
    /// - Throws: ``StoreError`` `unknownEntity`.
    func admitServiceRemoval(_ service: String, profile: ProfileID) throws(StoreError) {
        guard profiles.services(profile: profile).contains(where: { $0.service == service }) else {
            throw StoreError(.unknownEntity, "service '\(service)' is not configured for profile \(profile); nothing to remove",
                             stream: .profile(profile), field: "service")
        }
    }

    /// Spelling test `test`, which exists and is `profile`'s.
    /// - Throws: ``StoreError`` `unknownEntity`, `wrongProfile`.
    func requireSpellingTest(_ test: SpellingTestID, profile: ProfileID) throws(StoreError) {
        guard let progress = spelling.test(test) else {
            throw StoreError(.unknownEntity, "spelling test \(test) does not exist; create it first",
                             stream: .spellingTest(test), field: "test")
        }
        guard progress.profile == profile else {
            throw StoreError(.wrongProfile, "spelling test \(test) belongs to profile \(progress.profile), not \(profile)",
                             stream: .spellingTest(test), field: "test")
        }
    }

    /// A new spelling session of `profile` on its test `test`.
    /// - Throws: ``StoreError`` `alreadyExists`, or as ``requireSpellingTest(_:profile:)``.
    func admitPracticeStart(_ session: SpellingSessionID, test: SpellingTestID, profile: ProfileID) throws(StoreError) {
        try requireNew(.spellingSession(session), field: "session")
        try requireSpellingTest(test, profile: profile)
    }
}
