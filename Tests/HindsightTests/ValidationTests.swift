import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// Every validation rule refuses bad input with its code and a message saying what was wrong,
/// and the log is left exactly as it was (last position and files' bytes).
@Suite struct ValidationTests {
    static let ada = Ids.profile(1)
    static let kid = Ids.profile(2)
    static let gone = Ids.profile(3)
    static let sibling = Ids.profile(4)

    /// One refused command: who sends what, and the error expected.
    struct Rejection: Sendable, CustomTestStringConvertible {
        let name: String
        var profile: ProfileID = ValidationTests.ada
        var time: EventTime = StoreFixture.time(minutes: 30)
        let action: StoreCommand.Action
        let code: StoreError.Code
        let message: String
        var testDescription: String { name }
    }

    static let rejections: [Rejection] = [
        Rejection(name: "time before 1970", time: EventTime(instant: Timestamp(milliseconds: -1), utcOffset: try! UTCOffset(seconds: 0)),
                  action: .dictation(.finish(wordCount: 1, duration: .milliseconds(10), language: "en")),
                  code: .invalidValue, message: "the command's time -1 ms is outside 1970-01-01T00:00:00Z … 9999-12-31T23:59:59.999Z"),
        Rejection(name: "time after 9999", time: EventTime(instant: Timestamp(milliseconds: 253_402_300_800_000), utcOffset: try! UTCOffset(seconds: 0)),
                  action: .dictation(.finish(wordCount: 1, duration: .milliseconds(10), language: "en")),
                  code: .invalidValue, message: "the command's time 253402300800000 ms is outside"),
        // A rating outside 1-4 cannot be written any more (the command takes a `Rating`); the
        // rule that refuses one in input is `Rating(validating:)`, tested in EventsTests.
        Rejection(name: "a negative fraction of a millisecond", action: .vocabulary(.review(Ids.card(1), rating: .good, duration: .nanoseconds(-1))),
                  code: .invalidValue, message: "duration -1 ms is negative"),
        Rejection(name: "a duration beyond 2^63 ms", action: .dictation(.finish(wordCount: 1, duration: .seconds(Int64.max), language: "en")),
                  code: .invalidValue, message: "is longer than a day"),
        Rejection(name: "negative duration", action: .vocabulary(.review(Ids.card(1), rating: .good, duration: .milliseconds(-5))),
                  code: .invalidValue, message: "duration -5 ms is negative"),
        Rejection(name: "a review longer than a day", action: .vocabulary(.review(Ids.card(1), rating: .good, duration: .milliseconds(86_400_001))),
                  code: .invalidValue, message: "duration 86400001 ms is longer than a day"),
        Rejection(name: "a review of Int64.max ms", action: .vocabulary(.review(Ids.card(1), rating: .good, duration: .milliseconds(Int64.max))),
                  code: .invalidValue, message: "is longer than a day"),
        Rejection(name: "a dictation longer than a day",
                  action: .dictation(.finish(wordCount: 1, duration: .milliseconds(86_400_001), language: "en")),
                  code: .invalidValue, message: "is longer than a day"),
        Rejection(name: "unknown card", action: .vocabulary(.review(Ids.card(99), rating: .good, duration: .milliseconds(1000))),
                  code: .unknownEntity, message: "card \(Ids.card(99)) does not exist; create it before using it"),
        Rejection(name: "deleted card", action: .vocabulary(.review(Ids.card(2), rating: .good, duration: .milliseconds(1000))),
                  code: .entityDeleted, message: "card \(Ids.card(2)) was deleted"),
        Rejection(name: "review before creation", time: StoreFixture.time(days: -1),
                  action: .vocabulary(.review(Ids.card(1), rating: .good, duration: .milliseconds(1000))),
                  code: .reviewOutOfOrder, message: "is dated before card \(Ids.card(1)) was created"),
        Rejection(name: "review before previous review", time: StoreFixture.time(minutes: 5),
                  action: .vocabulary(.review(Ids.card(1), rating: .good, duration: .milliseconds(1000))),
                  code: .reviewOutOfOrder, message: "is dated before the card's previous review"),
        Rejection(name: "nothing to undo", action: .vocabulary(.undoLastReview(Ids.card(3))),
                  code: .nothingToUndo, message: "card \(Ids.card(3)) has no review left to undo"),
        Rejection(name: "duplicate deck", action: .vocabulary(.createDeck(Ids.deck(1), name: "Again")),
                  code: .alreadyExists, message: "deck \(Ids.deck(1).uuid.uuidString) already exists"),
        Rejection(name: "card of another profile", profile: kid, action: .vocabulary(.review(Ids.card(1), rating: .good, duration: .milliseconds(1000))),
                  code: .wrongProfile, message: "belongs to profile \(ada)"),
        Rejection(name: "unknown study session", action: .vocabulary(.endStudySession(Ids.studySession(9))),
                  code: .unknownEntity, message: "was never started"),
        Rejection(name: "spelling test without words", profile: kid, action: .spelling(.createTest(Ids.test(5), title: "Empty", words: [])),
                  code: .invalidValue, message: "a spelling test needs at least one word"),
        Rejection(name: "spelling test with an empty word", profile: kid,
                  action: .spelling(.createTest(Ids.test(5), title: "Gap", words: ["cat", "  "])),
                  code: .invalidValue, message: "word 2 of 2 is empty"),
        Rejection(name: "word in a session never started", profile: kid,
                  action: .spelling(.spellWord(Ids.spellingSession(9), word: "cat", typed: "cat", correct: true, duration: .milliseconds(100))),
                  code: .unknownEntity, message: "was never started"),
        Rejection(name: "story over the daily limit", profile: kid,
                  action: .stories(.request(Ids.story(2), theme: "space", childAge: 6, growthTopic: "sharing", childName: "Mia")),
                  code: .parentalLimit, message: "the daily limit of 1 stories is reached (1 today); try again tomorrow"),
        Rejection(name: "story theme not allowed", profile: kid,
                  action: .stories(.request(Ids.story(2), theme: "pirates", childAge: 6, growthTopic: "sharing", childName: nil)),
                  code: .parentalLimit, message: "theme 'pirates' is not allowed by the parental controls (allowed: space, animals)"),
        Rejection(name: "a child sets its own controls", profile: kid,
                  action: .stories(.setParentalControls(child: kid, dailyStoryLimit: 10, themes: .any)),
                  code: .parentRequired, message: "profile \(kid) is a child's profile and cannot set parental controls; a parent's profile must send this command"),
        Rejection(name: "a child clears its own controls", profile: kid, action: .stories(.clearParentalControls(child: kid)),
                  code: .parentRequired, message: "is a child's profile and cannot set parental controls"),
        Rejection(name: "a child sets a sibling's controls", profile: kid,
                  action: .stories(.setParentalControls(child: sibling, dailyStoryLimit: 10, themes: .any)),
                  code: .parentRequired, message: "is a child's profile"),
        Rejection(name: "controls for a grown-up's profile",
                  action: .stories(.setParentalControls(child: ada, dailyStoryLimit: 1, themes: .any)),
                  code: .invalidState, message: "profile \(ada) is not a child's profile; parental controls apply only to profiles created with isChild: true"),
        Rejection(name: "controls for an unknown child",
                  action: .stories(.setParentalControls(child: Ids.profile(42), dailyStoryLimit: 1, themes: .any)),
                  code: .unknownProfile, message: "profile \(Ids.profile(42)) does not exist; create it first"),
        Rejection(name: "controls for a deleted profile", action: .stories(.clearParentalControls(child: gone)),
                  code: .profileDeleted, message: "profile \(gone) was deleted"),
        Rejection(name: "controls set by a deleted profile", profile: gone,
                  action: .stories(.setParentalControls(child: kid, dailyStoryLimit: 1, themes: .any)),
                  code: .profileDeleted, message: "profile \(gone) was deleted"),
        Rejection(name: "a negative daily story limit",
                  action: .stories(.setParentalControls(child: kid, dailyStoryLimit: -1, themes: .any)),
                  code: .invalidValue, message: "daily story limit -1 must be between 0 and 4294967295"),
        Rejection(name: "an allowed theme of spaces only",
                  action: .stories(.setParentalControls(child: kid, dailyStoryLimit: 1, themes: try! .only(["space", "  "]))),
                  code: .invalidValue, message: "themes is empty; give some text"),
        Rejection(name: "an empty growth topic", profile: sibling,
                  action: .stories(.request(Ids.story(3), theme: "space", childAge: 6, growthTopic: " ", childName: nil)),
                  code: .invalidValue, message: "growthTopic is empty"),
        Rejection(name: "a story generated twice", profile: sibling,
                  action: .stories(.generated(Ids.story(9), title: "Again", pages: ["a"], model: "m")),
                  code: .invalidState, message: "story \(Ids.story(9)) is already generated; request a new story instead"),
        Rejection(name: "a story without its model", profile: kid,
                  action: .stories(.generated(Ids.story(1), title: "T", pages: ["a"], model: " ")),
                  code: .invalidValue, message: "model is empty"),
        Rejection(name: "child age 30", profile: ada,
                  action: .stories(.request(Ids.story(2), theme: "space", childAge: 30, growthTopic: "sharing", childName: nil)),
                  code: .invalidValue, message: "childAge 30 is outside 1...17"),
        Rejection(name: "secret key as credential", action: .profiles(.configureService(service: "openai", credential: "sk-proj-abc123def456")),
                  code: .secretRejected, message: "the credential starts like a secret ('sk-…')"),
        Rejection(name: "random token as credential",
                  action: .profiles(.configureService(service: "tts", credential: "keychain:Ab3dEf9hIj2kLm5nOp8qRs1tUv4w")),
                  code: .secretRejected, message: "holds a long random-looking token"),
        Rejection(name: "credential without scheme", action: .profiles(.configureService(service: "tts", credential: "hunter2")),
                  code: .secretRejected, message: "is not a reference of the form scheme:name"),
        Rejection(name: "an endpoint over plain http", action: .profiles(.configureService(service: "tts", credential: "env:TTS_KEY", endpoint: "http://tts.example.com")),
                  code: .invalidValue, message: "endpoint 'http://tts.example.com' must use https (http only to localhost)"),
        Rejection(name: "an endpoint holding a key", action: .profiles(.configureService(service: "tts", credential: "env:TTS_KEY", endpoint: "https://tts.example.com/?key=abc")),
                  code: .invalidValue, message: "must not hold a user, password, query or fragment"),
        Rejection(name: "an endpoint that is not a URL", action: .profiles(.configureService(service: "tts", credential: "env:TTS_KEY", endpoint: "tts")),
                  code: .invalidValue, message: "endpoint 'tts' is not a URL with a scheme and a host"),
        Rejection(name: "an empty model", action: .profiles(.configureService(service: "tts", credential: "env:TTS_KEY", model: " ")),
                  code: .invalidValue, message: "model is empty"),
        Rejection(name: "removing a service never configured", action: .profiles(.removeService(service: "tts")),
                  code: .unknownEntity, message: "service 'tts' is not configured for profile \(ada); nothing to remove"),
        Rejection(name: "unsetting a setting never set", action: .profiles(.unsetSetting(key: "appearance.theme")),
                  code: .invalidState, message: "setting appearance.theme has no value for profile \(ada); nothing to unset"),
        Rejection(name: "enabling a profile that is not disabled", action: .profiles(.enable),
                  code: .invalidState, message: "is not disabled; nothing to enable"),
        Rejection(name: "enabling a deleted profile", profile: gone, action: .profiles(.enable),
                  code: .profileDeleted, message: "profile \(gone) was deleted"),
        Rejection(name: "unknown profile", profile: Ids.profile(42), action: .dictation(.finish(wordCount: 10, duration: .milliseconds(1000), language: "en")),
                  code: .unknownProfile, message: "profile \(Ids.profile(42)) does not exist; create it first"),
        Rejection(name: "deleted profile", profile: gone, action: .dictation(.finish(wordCount: 10, duration: .milliseconds(1000), language: "en")),
                  code: .profileDeleted, message: "profile \(gone) was deleted"),
        Rejection(name: "profile created twice", action: .profiles(.create(name: "Ada again", isChild: false)),
                  code: .alreadyExists, message: "profile \(ada.uuid.uuidString) already exists"),
        Rejection(name: "empty profile name", profile: Ids.profile(7), action: .profiles(.create(name: "   ", isChild: true)),
                  code: .invalidValue, message: "name is empty"),
        Rejection(name: "day cut-off 25", action: .profiles(.changeDayCutoff(hour: 25)),
                  code: .invalidValue, message: "hour 25 is outside 0...23"),
        Rejection(name: "retention 1.5", action: .profiles(.changeDesiredRetention(1.5)),
                  code: .invalidValue, message: "desired retention 1.5 must lie strictly between 0 and 1"),
        Rejection(name: "five scheduler weights", action: .profiles(.changeSchedulerParameters([1, 2, 3, 4, 5])),
                  code: .invalidValue, message: "got 5 weights; FSRS-5 takes 19 and FSRS-6 takes 21"),
        Rejection(name: "-1 new cards per day", action: .profiles(.changeSetting(key: "vocabulary.new-cards-per-day", value: .int(-1))),
                  code: .invalidValue, message: "vocabulary.new-cards-per-day takes a whole number of new cards per day from 0 to 10000"),
        Rejection(name: "new cards per day as text", action: .profiles(.changeSetting(key: "vocabulary.new-cards-per-day", value: .string("20"))),
                  code: .invalidValue, message: "from 0 to 10000, not string(\"20\")"),
        Rejection(name: "bad language tag", action: .dictation(.finish(wordCount: 3, duration: .milliseconds(1000), language: "en US")),
                  code: .invalidValue, message: "language"),
    ]

    /// Ada (a deck, card 1 created at minute 1 and reviewed at minute 10, card 2 deleted, card 3
    /// new), a child with controls set by Ada (1 story a day, space and animals) who asked for one
    /// story today, a second child, and a deleted profile.
    static func seeded() async throws -> StoreFixture {
        let f = try await StoreFixture()
        try await f.send(ada, StoreFixture.time(), .profiles(.create(name: "Ada", isChild: false)))
        try await f.send(kid, StoreFixture.time(), .profiles(.create(name: "Mia", isChild: true)))
        try await f.send(gone, StoreFixture.time(), .profiles(.create(name: "Old", isChild: false)))
        try await f.send(sibling, StoreFixture.time(), .profiles(.create(name: "Leo", isChild: true)))
        try await f.send(gone, StoreFixture.time(minutes: 1), .profiles(.delete))
        try await f.send(ada, StoreFixture.time(minutes: 1), .vocabulary(.createDeck(Ids.deck(1), name: "Words")))
        for n: UInt64 in 1...3 {
            try await f.send(ada, StoreFixture.time(minutes: 1), .vocabulary(.createCard(Ids.card(n), deck: Ids.deck(1), front: "f\(n)", back: "b\(n)")))
        }
        try await f.send(ada, StoreFixture.time(minutes: 2), .vocabulary(.deleteCard(Ids.card(2))))
        try await f.send(ada, StoreFixture.time(minutes: 10), .vocabulary(.review(Ids.card(1), rating: .good, duration: .milliseconds(1000))))
        try await f.send(ada, StoreFixture.time(minutes: 3), .stories(.setParentalControls(child: kid, dailyStoryLimit: 1, themes: try .only(["space", "animals"]))))
        try await f.send(kid, StoreFixture.time(minutes: 4), .stories(.request(Ids.story(1), theme: "space", childAge: 6, growthTopic: "sharing", childName: "Mia")))
        try await f.send(sibling, StoreFixture.time(minutes: 5), .stories(.request(Ids.story(9), theme: "ocean", childAge: 4, childName: nil)))
        try await f.send(sibling, StoreFixture.time(minutes: 6), .stories(.generated(Ids.story(9), title: "Sea", pages: ["a"], model: "m")))
        return f
    }

    @Test(arguments: rejections)
    func refusesAndAppendsNothing(_ rejection: Rejection) async throws {
        let f = try await Self.seeded()
        let positionBefore = await f.store.lastPosition()
        let bytesBefore = try f.logBytes()
        let commandID = f.nextCommandID()
        do {
            try await f.send(rejection.profile, rejection.time, rejection.action, id: commandID)
            Issue.record("the command was accepted")
        } catch {
            #expect(error.code == rejection.code)
            #expect(error.message.contains(rejection.message), "message was: \(error.message)")
            #expect(error.commandID == commandID)
            #expect(!error.description.contains("abc123def456"))
        }
        #expect(await f.store.lastPosition() == positionBefore)
        #expect(try f.logBytes() == bytesBefore)
        // A refused command is not remembered: the same id may be used again for a good command.
        try await f.send(Self.ada, StoreFixture.time(minutes: 40), .dictation(.finish(wordCount: 1, duration: .milliseconds(10), language: "en")), id: commandID)
        #expect(await f.store.lastPosition() == positionBefore + 1)
    }
}
