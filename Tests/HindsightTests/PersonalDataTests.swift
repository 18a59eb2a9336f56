import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// Personal data lives in the side store; forgetting a profile erases it there, exports show
/// only references, and every statistic stays.
@Suite struct PersonalDataTests {
    @Test func forgettingAProfileErasesItsNamesAndKeepsItsStats() async throws {
        let f = try await StoreFixture()
        let kid = Ids.profile(2)
        let other = Ids.profile(3)
        try await f.send(kid, StoreFixture.time(), .profiles(.create(name: "Matilda Quincey", isChild: true)))
        try await f.send(other, StoreFixture.time(), .profiles(.create(name: "Oscar", isChild: false)))
        try await f.send(kid, StoreFixture.time(minutes: 1), .stories(.request(Ids.story(1), theme: "space", childAge: 7,
                                                                              growthTopic: "courage", childName: "Matilda")))
        try await f.send(kid, StoreFixture.time(minutes: 2), .stories(.generated(Ids.story(1), title: "Matilda and the Moon",
                                                                                pages: ["Matilda looked up.", "The moon waved back."], model: "story-model")))
        try await f.send(kid, StoreFixture.time(minutes: 3), .stories(.read(Ids.story(1), lastPage: 2, finished: true)))
        try await f.send(kid, StoreFixture.time(minutes: 4), .dictation(.finish(wordCount: 12, duration: .milliseconds(30_000), language: "en")))

        let story = try #require(await f.store.stories().story(Ids.story(1)))
        let title = try #require(story.title)
        #expect(await f.store.personalData(title) == .text("Matilda and the Moon"))
        #expect(await f.store.profileName(kid) == .text("Matilda Quincey"))
        let statsBefore = await f.store.dailyStats().today(profile: kid, at: StoreFixture.time(minutes: 5))
        let export = try await f.store.exportJSONLines().joined(separator: "\n")
        #expect(!export.contains("Matilda"))
        #expect(export.contains(title.key.uuidString))

        let erased = try await f.store.forgetProfile(kid, reason: .parentRequest, time: StoreFixture.time(minutes: 6), commandID: Ids.uuid(0xF0, 1))
        #expect(erased == 5) // name, child's name, title, two pages
        #expect(await f.store.personalData(title) == .erased)
        #expect(await f.store.personalData(story.pages[1].text) == .erased)
        #expect(await f.store.profileName(kid) == .erased)
        #expect(await f.store.profileName(other) == .text("Oscar"))
        #expect(await f.store.dailyStats().today(profile: kid, at: StoreFixture.time(minutes: 5)) == statsBefore)
        #expect(statsBefore.counts.storiesRead == 1)
        #expect(statsBefore.counts.wordsDictated == 12)

        // Nothing of the names is left on disk, and the erasure survives a reopen.
        let file = try String(contentsOfFile: f.directory.path + "/personal/\(kid.uuid.uuidString).json", encoding: .utf8)
        #expect(!file.contains("Matilda"))
        let logFiles = try f.logBytes().values.map { String(decoding: $0, as: UTF8.self) }
        #expect(!logFiles.contains { $0.contains("Matilda") })
        try await f.reopen()
        #expect(await f.store.personalData(title) == .erased)
        #expect(await f.store.profileName(other) == .text("Oscar"))
        // The log records the erasure, when and why, with nothing personal in it.
        let after = try await f.store.exportJSONLines()
        #expect(after.dropLast().joined(separator: "\n") == export)
        let forgotten = try #require(after.last)
        #expect(forgotten.contains(#""payload":{"profile":"\#(kid.uuid.uuidString)","reason":"parent-request"}"#), "\(forgotten)")
        #expect(forgotten.contains(#""type":"profiles.profile-forgotten""#))
        #expect(!forgotten.contains("Matilda"))
        let record = try #require(await f.store.profiles().profile(kid))
        #expect(record.forgotten?.time == StoreFixture.time(minutes: 6) && record.forgotten?.reason == .parentRequest)
        // Resending the command erases again and records nothing more.
        #expect(try await f.store.forgetProfile(kid, reason: .parentRequest, time: StoreFixture.time(minutes: 6), commandID: Ids.uuid(0xF0, 1)) == 0)
        #expect(try await f.store.exportJSONLines().count == after.count)
    }

    @Test func aDeletedProfileCanBeForgottenAndAnUnknownOneCannot() async throws {
        let f = try await StoreFixture()
        let gone = Ids.profile(3)
        try await f.send(gone, StoreFixture.time(), .profiles(.create(name: "Old Name", isChild: false)))
        try await f.send(gone, StoreFixture.time(minutes: 1), .profiles(.delete))
        #expect(await f.store.profileName(gone) == .text("Old Name"), "deleting keeps the personal data until it is forgotten")
        try await f.send(gone, StoreFixture.time(minutes: 2), .profiles(.forget(reason: .profileDeleted)))
        #expect(await f.store.profileName(gone) == .erased)
        #expect(await f.store.profiles().profile(gone)?.forgotten?.reason == .profileDeleted)
        await #expect(throws: StoreError(.unknownProfile, "profile \(Ids.profile(9)) does not exist; nothing to forget",
                                         stream: .profile(Ids.profile(9)), field: "profile", commandID: Ids.uuid(0xF0, 2))) {
            try await f.send(Ids.profile(9), StoreFixture.time(minutes: 3), .profiles(.forget(reason: .personRequest)), id: Ids.uuid(0xF0, 2))
        }
    }
}
