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

    /// Requires that `profile` (live) is not a child's: app-wide settings apply to every profile,
    /// so only a grown-up's may change them.
    /// - Throws: ``StoreError`` `parentRequired`.
    func requireGrownUp(_ profile: ProfileID) throws(StoreError) {
        guard profiles.profile(profile)?.isChild != true else {
            throw StoreError(.parentRequired, "profile \(profile) is a child's profile and cannot change app-wide "
                             + "settings; a parent's profile must send this command", stream: .appSettings, field: "profile")
        }
    }

    /// Requires that app-wide setting `key` has a value, so there is something to unset.
    /// - Throws: ``StoreError`` `invalidState`.
    func requireAppSettingValue(_ key: SettingKey) throws(StoreError) {
        guard profiles.appSetting(key) != nil else {
            throw StoreError(.invalidState, "app-wide setting \(key) has no value; nothing to unset", stream: .appSettings, field: "key")
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

    /// Spelling test `test`, which exists, is not deleted and is `profile`'s.
    /// - Throws: ``StoreError`` `unknownEntity`, `entityDeleted`, `wrongProfile`.
    @discardableResult
    func requireSpellingTest(_ test: SpellingTestID, profile: ProfileID) throws(StoreError) -> SpellingTestProgress {
        guard let progress = spelling.test(test) else {
            // A test's stream has events once it was created; the read model forgets it once deleted.
            if ledger.version(of: .spellingTest(test)) > 0 {
                throw StoreError(.entityDeleted, "spelling test \(test) was deleted; create a new test",
                                 stream: .spellingTest(test), field: "test")
            }
            throw StoreError(.unknownEntity, "spelling test \(test) does not exist; create it first",
                             stream: .spellingTest(test), field: "test")
        }
        guard progress.profile == profile else {
            throw StoreError(.wrongProfile, "spelling test \(test) belongs to profile \(progress.profile), not \(profile)",
                             stream: .spellingTest(test), field: "test")
        }
        return progress
    }

    /// Spelling test `test` of `profile`, as ``requireSpellingTest(_:profile:)`` requires, and not archived.
    /// - Throws: ``StoreError`` `invalidState` (archived, saying `doing`), or as ``requireSpellingTest(_:profile:)``.
    func requireUnarchivedSpellingTest(_ test: SpellingTestID, profile: ProfileID, doing: String) throws(StoreError) {
        guard try !requireSpellingTest(test, profile: profile).isArchived else {
            throw StoreError(.invalidState, "spelling test \(test) is archived; \(doing)", stream: .spellingTest(test), field: "test")
        }
    }

    /// Archiving spelling test `test` of `profile`, which is not archived yet.
    /// - Throws: ``StoreError`` as ``requireUnarchivedSpellingTest(_:profile:doing:)``.
    func admitArchiving(_ test: SpellingTestID, profile: ProfileID) throws(StoreError) {
        try requireUnarchivedSpellingTest(test, profile: profile, doing: "it cannot be archived again")
    }

    /// A new spelling session of `profile` on its test `test`, which is not archived.
    /// - Throws: ``StoreError`` `alreadyExists`, or as ``requireUnarchivedSpellingTest(_:profile:doing:)``.
    func admitPracticeStart(_ session: SpellingSessionID, test: SpellingTestID, profile: ProfileID) throws(StoreError) {
        try requireNew(.spellingSession(session), field: "session")
        try requireUnarchivedSpellingTest(test, profile: profile, doing: "practise a test that is not archived")
    }
}
