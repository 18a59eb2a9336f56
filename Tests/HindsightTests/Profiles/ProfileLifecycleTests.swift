import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// Profiles can be disabled and enabled again, settings unset, services configured with their
/// endpoint, model and switch, and removed.
@Suite struct ProfileLifecycleTests {
    static let ada = Ids.profile(1)

    @Test func aDisabledProfilesCommandsAreRefusedUntilItIsEnabled() async throws {
        let f = try await StoreFixture()
        try await f.send(Self.ada, StoreFixture.time(), .profiles(.create(name: "Ada", isChild: false)))
        try await f.send(Self.ada, StoreFixture.time(), .profiles(.switchTo))
        try await f.send(Self.ada, StoreFixture.time(minutes: 1), .profiles(.disable))
        let disabled = try #require(await f.store.profiles().profile(Self.ada))
        #expect(disabled.isDisabled && disabled.disabled == StoreFixture.time(minutes: 1))
        #expect(await f.store.profiles().activeProfile == nil)
        let commandID = f.nextCommandID()
        await #expect(throws: StoreError(.profileDisabled, "profile \(Self.ada) is disabled; enable it (.profiles(.enable)) before acting as it",
                                         stream: .profile(Self.ada), field: "profile", commandID: commandID)) {
            try await f.send(Self.ada, StoreFixture.time(minutes: 2), .dictation(.finish(wordCount: 1, duration: .milliseconds(10), language: "en")), id: commandID)
        }
        try await f.send(Self.ada, StoreFixture.time(minutes: 3), .profiles(.enable))
        #expect(await f.store.profiles().profile(Self.ada)?.isDisabled == false)
        try await f.send(Self.ada, StoreFixture.time(minutes: 4), .dictation(.finish(wordCount: 1, duration: .milliseconds(10), language: "en")))
        await #expect(throws: StoreError.self) { try await f.send(Self.ada, StoreFixture.time(minutes: 5), .profiles(.enable)) }
    }

    @Test func anUnsetNewCardLimitFallsBackToTheConfiguredOne() async throws {
        let f = try await StoreFixture()
        try await f.send(Self.ada, StoreFixture.time(), .profiles(.create(name: "Ada", isChild: false)))
        let configured = await f.store.vocabulary().dailyNewCardLimit(of: Self.ada)
        try await f.send(Self.ada, StoreFixture.time(minutes: 1), .profiles(.changeSetting(key: "vocabulary.new-cards-per-day", value: .int(3))))
        #expect(await f.store.vocabulary().dailyNewCardLimit(of: Self.ada) == 3)
        try await f.send(Self.ada, StoreFixture.time(minutes: 2), .profiles(.unsetSetting(key: "vocabulary.new-cards-per-day")))
        #expect(await f.store.vocabulary().dailyNewCardLimit(of: Self.ada) == configured)
        #expect(await f.store.profiles().settings(profile: Self.ada).isEmpty)
    }

    @Test func aServiceKeepsItsEndpointModelAndSwitchAndCanBeRemoved() async throws {
        let f = try await StoreFixture()
        try await f.send(Self.ada, StoreFixture.time(), .profiles(.create(name: "Ada", isChild: false)))
        try await f.send(Self.ada, StoreFixture.time(minutes: 1), .profiles(.configureService(
            service: "openai", credential: "keychain:openai-api-key", endpoint: "https://api.openai.com/v1", model: "gpt-4o-mini", enabled: false)))
        try await f.send(Self.ada, StoreFixture.time(minutes: 1), .profiles(.configureService(service: "tts", credential: "env:TTS_KEY")))
        let services = await f.store.profiles().services(profile: Self.ada)
        #expect(services.map(\.service) == ["openai", "tts"])
        #expect(services[0].endpoint == "https://api.openai.com/v1" && services[0].model == "gpt-4o-mini" && !services[0].enabled)
        #expect(services[1].endpoint == nil && services[1].model == nil && services[1].enabled)
        try await f.send(Self.ada, StoreFixture.time(minutes: 2), .profiles(.removeService(service: "openai")))
        #expect(await f.store.profiles().services(profile: Self.ada).map(\.service) == ["tts"])
    }
}
