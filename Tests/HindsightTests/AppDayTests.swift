import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// Scripted days in the spelling, stories, dictation and settings apps, through the public API,
/// with hand-checked read models.
@Suite struct AppDayTests {
    static let kid = Ids.profile(2)
    static let parent = Ids.profile(1)

    func withKid() async throws -> StoreFixture {
        let f = try await StoreFixture()
        try await f.send(Self.parent, StoreFixture.time(), .profiles(.create(name: "Ana", isChild: false)))
        try await f.send(Self.kid, StoreFixture.time(), .profiles(.create(name: "Mia", isChild: true)))
        return f
    }

    @Test func aDayOfSpelling() async throws {
        let f = try await withKid()
        let kid = Self.kid
        try await f.send(kid, StoreFixture.time(minutes: 1), .spelling(.createTest(Ids.test(1), title: "Animals", words: ["cat", "dog"])))
        try await f.send(kid, StoreFixture.time(minutes: 2), .spelling(.editTest(Ids.test(1), title: "Animals", words: ["cat", "dog", "owl"])))
        let s = Ids.spellingSession(1)
        try await f.send(kid, StoreFixture.time(minutes: 3), .spelling(.startPractice(s, test: Ids.test(1))))
        try await f.send(kid, StoreFixture.time(minutes: 4), .spelling(.spellWord(s, word: "cat", typed: "cat", correct: true, duration: .milliseconds(2000))))
        try await f.send(kid, StoreFixture.time(minutes: 5), .spelling(.spellWord(s, word: "dog", typed: "dgo", correct: false, duration: .milliseconds(3000))))
        try await f.send(kid, StoreFixture.time(minutes: 5), .spelling(.spellWord(s, word: "dog", typed: "dog", correct: true, attempt: 2, hintsUsed: 1, duration: .milliseconds(4000))))
        try await f.send(kid, StoreFixture.time(minutes: 6), .spelling(.spellWord(s, word: "owl", typed: "owl", correct: true, duration: .milliseconds(1000))))
        try await f.send(kid, StoreFixture.time(minutes: 7), .spelling(.endPractice(s)))
        // A word after the session ended is refused.
        await #expect(throws: StoreError.self) {
            try await f.send(kid, StoreFixture.time(minutes: 8), .spelling(.spellWord(s, word: "cat", typed: "cat", correct: true, duration: .milliseconds(1))))
        }

        let spelling = await f.store.spelling()
        let test = try #require(spelling.test(Ids.test(1)))
        #expect(test.words == ["cat", "dog", "owl"])
        #expect(test.sessions == 1)
        let dog = try #require(spelling.word(profile: kid, word: "dog"))
        #expect(dog.attempts == 2)
        #expect(dog.correct == 1)
        #expect(dog.hintsUsed == 1)
        let counts = await f.store.dailyStats().today(profile: kid, at: StoreFixture.time(minutes: 9)).counts
        #expect(counts.wordsSpelledRight == 3)
        #expect(counts.wordsSpelledWrong == 1)
        #expect(counts.spellingSessions == 1)
        #expect(counts.spellingTimeMs == 10_000)
    }

    @Test func anEveningOfStories() async throws {
        let f = try await withKid()
        let kid = Self.kid
        try await f.send(Self.parent, StoreFixture.time(minutes: 1), .stories(.setParentalControls(child: kid, dailyStoryLimit: 2, themes: try .only(["ocean"]))))
        try await f.send(kid, StoreFixture.time(minutes: 2), .stories(.request(Ids.story(1), theme: "ocean", childAge: 5, growthTopic: "sharing", childName: "Mia")))
        try await f.send(kid, StoreFixture.time(minutes: 3), .stories(.generated(Ids.story(1), title: "Mia's Shell", pages: ["One", "Two", "Three"], model: "story-model-1")))
        try await f.send(kid, StoreFixture.time(minutes: 4), .stories(.illustrationGenerated(Ids.story(1), page: 1, image: "img/1.png", model: "image-model-1")))
        try await f.send(kid, StoreFixture.time(minutes: 4), .stories(.illustrationFailed(Ids.story(1), page: 2, reason: "filter")))
        try await f.send(kid, StoreFixture.time(minutes: 9), .stories(.read(Ids.story(1), lastPage: 3, finished: true)))
        try await f.send(kid, StoreFixture.time(minutes: 9), .stories(.favourite(Ids.story(1))))
        try await f.send(kid, StoreFixture.time(minutes: 10), .stories(.request(Ids.story(2), theme: "ocean", childAge: 5, growthTopic: "patience", childName: nil)))
        try await f.send(kid, StoreFixture.time(minutes: 11), .stories(.generationFailed(Ids.story(2), reason: "timeout")))
        // The limit of two a day counts failed requests too; tomorrow is a new day.
        await #expect(throws: StoreError.self) {
            try await f.send(kid, StoreFixture.time(minutes: 12), .stories(.request(Ids.story(3), theme: "ocean", childAge: 5, growthTopic: "x", childName: nil)))
        }
        try await f.send(kid, StoreFixture.time(days: 1), .stories(.request(Ids.story(3), theme: "ocean", childAge: 5, growthTopic: "x", childName: nil)))

        let library = await f.store.stories()
        let story = try #require(library.story(Ids.story(1)))
        #expect(story.status == .generated)
        #expect(story.pages.count == 3)
        #expect(story.illustration(page: 1) == .generated(image: "img/1.png", model: "image-model-1"))
        #expect(story.model == "story-model-1")
        #expect(story.illustration(page: 2) == .failed(reason: "filter"))
        #expect(story.illustration(page: 3) == .pending)
        #expect(story.isFavourite && story.finished && story.pagesRead == 3)
        #expect(library.story(Ids.story(2))?.status == .failed(reason: "timeout"))
        #expect(library.library(profile: kid).count == 3)
        #expect(await f.store.personalData(try #require(story.title)) == .text("Mia's Shell"))
        #expect(await f.store.personalData(story.pages[2].text) == .text("Three"))
        let counts = await f.store.dailyStats().today(profile: kid, at: StoreFixture.time(minutes: 20)).counts
        #expect(counts.storiesGenerated == 1)
        #expect(counts.storiesRead == 1)
    }

    @Test func dictationAndSettings() async throws {
        let f = try await StoreFixture()
        let parent = Self.parent
        try await f.send(parent, StoreFixture.time(), .profiles(.create(name: "Pat", isChild: false)))
        try await f.send(parent, StoreFixture.time(minutes: 1), .profiles(.rename(name: "Patricia")))
        try await f.send(parent, StoreFixture.time(minutes: 1), .profiles(.switchTo))
        try await f.send(parent, StoreFixture.time(minutes: 2), .profiles(.changeSetting(key: SettingKey.newCardsPerDay.value, value: .int(15))))
        try await f.send(parent, StoreFixture.time(minutes: 2), .profiles(.configureService(service: "openai", credential: "keychain:openai-api-key")))
        try await f.send(parent, StoreFixture.time(minutes: 3), .profiles(.changeDesiredRetention(0.85)))
        try await f.send(parent, StoreFixture.time(minutes: 3), .profiles(.changeDayCutoff(hour: 2)))
        let weights = FSRSParameters.fsrs5Default.weights.prefix(19).map(Double.init)
        try await f.send(parent, StoreFixture.time(minutes: 4), .profiles(.changeSchedulerParameters(weights)))
        try await f.send(parent, StoreFixture.time(minutes: 5), .dictation(.finish(wordCount: 120, duration: .milliseconds(90_000), language: "en-GB")))
        try await f.send(parent, StoreFixture.time(minutes: 6), .dictation(.finish(wordCount: 30, duration: .milliseconds(20_000), language: "de")))

        let directory = await f.store.profiles()
        #expect(directory.setting(profile: parent, key: .newCardsPerDay) == .int(15))
        #expect(await f.store.vocabulary().dailyNewCardLimit(of: parent) == 15)
        #expect(directory.services(profile: parent).map(\.credential.value) == ["keychain:openai-api-key"])
        let scheduler = directory.scheduler(profile: parent)
        #expect(scheduler.desiredRetention.value == 0.85)
        #expect(scheduler.dayCutoffHour == 2)
        #expect(scheduler.parameters.weights == weights)
        #expect(!scheduler.isDefaultParameters)
        #expect(await f.store.profileName(parent) == .text("Patricia"))
        let counts = await f.store.dailyStats().today(profile: parent, at: StoreFixture.time(minutes: 7)).counts
        #expect(counts.wordsDictated == 150)
        #expect(counts.dictations == 2)
        #expect(counts.dictationTimeMs == 110_000)
        #expect(await f.store.streamVersion(.profile(parent)) == 10)
    }
}
