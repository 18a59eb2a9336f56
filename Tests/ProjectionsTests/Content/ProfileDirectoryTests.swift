import Foundation
import Testing
import TestSupport
@testable import Events
import FSRS
@testable import Projections

@Suite struct ProfileDirectoryTests {
    let parent = ProfileID(testUUID(0xA1)), child = ProfileID(testUUID(0xA2)), stranger = ProfileID(testUUID(0xA9))
    let parentName = PersonalDataReference(key: testUUID(0xAA1))
    let childName = PersonalDataReference(key: testUUID(0xAA2))
    let childNewName = PersonalDataReference(key: testUUID(0xAA3))
    /// The secret the credential reference points at: held by the keychain, never by an event.
    let secret = "sk-live-0123456789abcdef"

    /// parent and child created; switch to child; rename child; switch to a stranger (ignored);
    /// settings of the parent (theme twice: the latest wins); a service; scheduler changes and
    /// a cut-off for the parent; then the child deleted (no profile active any more) and a switch
    /// to the deleted child (ignored).
    func directoryScript() -> EventScript {
        var script = EventScript(profile: parent)
        // The FSRS-6 defaults with w0 = 0.1 and w20 = 0.7 (both within their bounds: weights FSRS
        // refuses are ignored).
        var customWeights = FSRSParameters.fsrs6Default.weights.map(Double.init)
        (customWeights[0], customWeights[20]) = (0.1, 0.7)
        script.record(.profileCreated(ProfileCreated(profile: parent, name: parentName, isChild: false)), stream: .profile(parent), at: utc(2026, 3, 1, 9))
        script.record(.profileCreated(ProfileCreated(profile: child, name: childName, isChild: true)), stream: .profile(child), at: utc(2026, 3, 1, 9, 5))
        script.record(.profileSwitched(ProfileSwitched(profile: child)), stream: .profile(child), at: utc(2026, 3, 1, 9, 6))
        script.record(.profileRenamed(ProfileRenamed(profile: child, name: childNewName)), stream: .profile(child), at: utc(2026, 3, 1, 9, 7))
        script.record(.profileSwitched(ProfileSwitched(profile: stranger)), stream: .profile(stranger), at: utc(2026, 3, 1, 9, 8))
        for (minute, key, value) in [(10, "ui.theme", SettingValue.string("dark")), (11, "vocabulary.new-cards-per-day", .int(20)),
                                     (12, "sound.enabled", .bool(false)), (13, "sound.volume", try! .finite(0.5)),
                                     (14, "ui.theme", .string("light"))] {
            script.record(.settingChanged(SettingChanged(key: try! SettingKey(key), value: value)), stream: .profile(parent), at: utc(2026, 3, 1, 9, minute))
        }
        script.record(.externalServiceConfigured(ExternalServiceConfigured(service: "openai", credential: try! CredentialReference("keychain:openai-api-key"),
                                                                           endpoint: nil, model: nil, enabled: true)),
                      stream: .profile(parent), at: utc(2026, 3, 1, 9, 20))
        script.record(.schedulerParametersChanged(SchedulerParametersChanged(parameters: try! SchedulerParameters(customWeights))),
                      stream: .profile(parent), at: utc(2026, 3, 1, 9, 21))
        script.record(.desiredRetentionChanged(DesiredRetentionChanged(retention: try! DesiredRetention(0.85))), stream: .profile(parent), at: utc(2026, 3, 1, 9, 22))
        script.record(.dayCutoffChanged(DayCutoffChanged(hour: try! HourOfDay(6))), stream: .profile(parent), at: utc(2026, 3, 1, 9, 23))
        script.record(.profileDeleted(ProfileDeleted(profile: child)), stream: .profile(child), at: utc(2026, 3, 1, 9, 30))
        script.record(.profileSwitched(ProfileSwitched(profile: child)), stream: .profile(child), at: utc(2026, 3, 1, 9, 31))
        script.record(.profileRenamed(ProfileRenamed(profile: child, name: parentName)), stream: .profile(child), at: utc(2026, 3, 1, 9, 32))
        return script
    }

    @Test func profilesAreCreatedSwitchedRenamedAndDeleted() throws {
        let events = directoryScript().events
        // After the rename (event 4), the child is active and carries its new name reference.
        let midway = fold(ProfilesProjection(), events.prefix(5))
        #expect(midway.activeProfile == child)
        #expect(midway.profiles().map(\.id) == [parent, child])
        #expect(midway.profile(child)?.name == childNewName)
        #expect(midway.profile(child)?.isChild == true)

        let state = fold(ProfilesProjection(), events)
        #expect(state.activeProfile == nil)
        #expect(state.profiles().map(\.id) == [parent])
        #expect(state.profiles(includingDeleted: true).map(\.id) == [parent, child])
        let deleted = try #require(state.profile(child))
        #expect(deleted.isDeleted)
        #expect(deleted.deleted?.instant == utc(2026, 3, 1, 9, 30))
        #expect(deleted.name == childNewName)           // renaming a deleted profile is ignored
        #expect(deleted.created.instant == utc(2026, 3, 1, 9, 5))
        #expect(state.profile(stranger) == nil)
    }

    @Test func typedSettingsKeepTheLatestValue() throws {
        let state = fold(ProfilesProjection(), directoryScript().events)
        #expect(state.setting(profile: parent, key: try SettingKey("ui.theme")) == .string("light"))
        #expect(state.setting(profile: parent, key: try SettingKey("vocabulary.new-cards-per-day")) == .int(20))
        #expect(state.setting(profile: parent, key: try SettingKey("sound.volume")) == .double(0.5))
        #expect(state.setting(profile: parent, key: try SettingKey("missing")) == nil)
        #expect(state.setting(profile: child, key: try SettingKey("ui.theme")) == nil)
        let settings = state.settings(profile: parent)
        #expect(settings.map(\.key.value) == ["sound.enabled", "sound.volume", "ui.theme", "vocabulary.new-cards-per-day"])
        #expect(settings.map(\.value) == [.bool(false), .double(0.5), .string("light"), .int(20)])
        #expect(settings[2].changed.instant == utc(2026, 3, 1, 9, 14))
    }

    @Test func aServiceHoldsItsCredentialReferenceAndNoSecret() throws {
        let state = fold(ProfilesProjection(), directoryScript().events)
        let services = state.services(profile: parent)
        #expect(services.map(\.service) == ["openai"])
        #expect(services.first?.credential.value == "keychain:openai-api-key")
        #expect(state.services(profile: child).isEmpty)
        let bytes = encoded(state)
        #expect(bytes.containsSubsequence(Array("keychain:openai-api-key".utf8)))
        #expect(!bytes.containsSubsequence(Array(secret.utf8)))
        // Names are references: the encoded state holds the child's side-store key, no name text.
        #expect(bytes.containsSubsequence(withUnsafeBytes(of: childNewName.key.uuid) { Array($0) }))
    }

    @Test func schedulerSettingsAreTheLatestChangesOrTheDefaults() throws {
        let state = fold(ProfilesProjection(), directoryScript().events)
        let custom = state.scheduler(profile: parent)
        #expect(!custom.isDefaultParameters && !custom.isDefaultRetention)
        #expect(custom.parameters.weights.count == 21)
        #expect(custom.parameters.weights[0] == 0.1 && custom.parameters.weights[20] == 0.7)
        #expect(custom.desiredRetention.value == 0.85)
        #expect(custom.dayCutoffHour == 6)

        let defaults = state.scheduler(profile: child)
        #expect(defaults.isDefaultParameters && defaults.isDefaultRetention)
        #expect(try FSRSParameters(defaults.parameters.weights) == FSRSParameters.fsrs6Default)
        #expect(defaults.desiredRetention.value == 0.9)
        #expect(defaults.dayCutoffHour == 4)
    }

    @Test func theDefaultsShapeTheFingerprint() throws {
        let standard = ProfilesProjection()
        #expect(standard.fingerprint == ProfilesProjection(defaultCutoffHour: 4).fingerprint)
        #expect(standard.fingerprint != ProfilesProjection(defaultCutoffHour: 5).fingerprint)
        #expect(standard.fingerprint != ProfilesProjection(defaultParameters: .fsrs5Default).fingerprint)
        #expect(standard.fingerprint != ProfilesProjection(defaultRetention: try DesiredRetention(0.8)).fingerprint)
    }
}

extension Array where Element == UInt8 {
    /// Whether `needle` occurs in these bytes.
    func containsSubsequence(_ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= count else { return needle.isEmpty }
        return (0...(count - needle.count)).contains { Array(self[$0..<($0 + needle.count)]) == needle }
    }
}
