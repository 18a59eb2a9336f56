import Foundation
import Testing
import TestSupport
@testable import Events
@testable import Hindsight

/// Archiving and deleting a spelling test through the store: what the spelling read model
/// shows after each, what stays (sessions, scores, word progress), and each refusal with its
/// code and message.
@Suite struct SpellingTestLifecycleTests {
    static let kid = Ids.profile(2), other = Ids.profile(3)

    /// The kid's tests 1 ("Animals": cat, dog) and 2 ("Birds": owl), a perfect session on test 1.
    static func seeded() async throws -> StoreFixture {
        let f = try await StoreFixture()
        try await f.send(kid, StoreFixture.time(), .profiles(.create(name: "Mia", isChild: true)))
        try await f.send(other, StoreFixture.time(), .profiles(.create(name: "Ada", isChild: false)))
        try await f.send(kid, StoreFixture.time(minutes: 1), .spelling(.createTest(Ids.test(1), title: "Animals", words: ["cat", "dog"])))
        try await f.send(kid, StoreFixture.time(minutes: 1), .spelling(.createTest(Ids.test(2), title: "Birds", words: ["owl"])))
        try await f.send(kid, StoreFixture.time(minutes: 2), .spelling(.startPractice(Ids.spellingSession(1), test: Ids.test(1))))
        for word in ["cat", "dog"] {
            try await f.send(kid, StoreFixture.time(minutes: 3), .spelling(.spellWord(Ids.spellingSession(1), word: word, typed: word,
                                                                                    correct: true, duration: .seconds(4))))
        }
        try await f.send(kid, StoreFixture.time(minutes: 4), .spelling(.endPractice(Ids.spellingSession(1))))
        return f
    }

    @Test func anArchivedTestLeavesTheListAndKeepsItsHistory() async throws {
        let f = try await Self.seeded()
        try await f.send(Self.kid, StoreFixture.time(minutes: 5), .spelling(.archiveTest(Ids.test(1))))
        let spelling = await f.store.spelling()
        #expect(spelling.tests(profile: Self.kid).map(\.title) == ["Birds"])
        #expect(spelling.archivedTests(profile: Self.kid).map(\.title) == ["Animals"])
        let archived = try #require(spelling.test(Ids.test(1)))
        #expect(archived.isArchived && archived.sessions == 1 && archived.bestScore == SpellingScore(correct: 2, total: 2))
        #expect(spelling.words(profile: Self.kid).map(\.word) == ["cat", "dog"])
        // Still editable; not practised.
        try await f.send(Self.kid, StoreFixture.time(minutes: 6), .spelling(.editTest(Ids.test(1), title: "Pets", words: ["cat"])))
        #expect(await f.store.spelling().archivedTests(profile: Self.kid).map(\.title) == ["Pets"])
    }

    @Test func aDeletedTestDisappearsAndItsWordsProgressStays() async throws {
        let f = try await Self.seeded()
        try await f.send(Self.kid, StoreFixture.time(minutes: 5), .spelling(.deleteTest(Ids.test(1))))
        let spelling = await f.store.spelling()
        #expect(spelling.test(Ids.test(1)) == nil)
        #expect(spelling.tests(profile: Self.kid).map(\.title) == ["Birds"] && spelling.archivedTests(profile: Self.kid).isEmpty)
        #expect(spelling.words(profile: Self.kid).map { "\($0.word) \($0.correct)/\($0.attempts)" } == ["cat 1/1", "dog 1/1"])
        // The log keeps it.
        #expect(await f.store.streamVersion(.spellingTest(Ids.test(1))) == 2)
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        let name: String
        let setUp: [SpellingCommand]
        let profile: ProfileID
        let command: SpellingCommand
        let code: StoreError.Code
        let message: String
        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(name: "archive twice", setUp: [.archiveTest(Ids.test(1))], profile: kid, command: .archiveTest(Ids.test(1)),
                code: .invalidState, message: "spelling test \(Ids.test(1)) is archived; it cannot be archived again"),
        Refusal(name: "practise an archived test", setUp: [.archiveTest(Ids.test(1))], profile: kid,
                command: .startPractice(Ids.spellingSession(9), test: Ids.test(1)), code: .invalidState,
                message: "spelling test \(Ids.test(1)) is archived; practise a test that is not archived"),
        Refusal(name: "delete twice", setUp: [.deleteTest(Ids.test(1))], profile: kid, command: .deleteTest(Ids.test(1)),
                code: .entityDeleted, message: "spelling test \(Ids.test(1)) was deleted; create a new test"),
        Refusal(name: "practise a deleted test", setUp: [.deleteTest(Ids.test(1))], profile: kid,
                command: .startPractice(Ids.spellingSession(9), test: Ids.test(1)), code: .entityDeleted,
                message: "spelling test \(Ids.test(1)) was deleted; create a new test"),
        Refusal(name: "archive a test never created", setUp: [], profile: kid, command: .archiveTest(Ids.test(7)),
                code: .unknownEntity, message: "spelling test \(Ids.test(7)) does not exist; create it first"),
        Refusal(name: "delete another profile's test", setUp: [], profile: other, command: .deleteTest(Ids.test(1)),
                code: .wrongProfile, message: "spelling test \(Ids.test(1)) belongs to profile \(kid), not \(other)"),
    ]

    @Test(arguments: refusals)
    func refused(_ r: Refusal) async throws {
        let f = try await Self.seeded()
        for command in r.setUp { try await f.send(Self.kid, StoreFixture.time(minutes: 5), .spelling(command)) }
        let before = try f.logBytes()
        do {
            try await f.send(r.profile, StoreFixture.time(minutes: 6), .spelling(r.command))
            Issue.record("accepted")
        } catch {
            #expect(error.code == r.code)
            #expect(error.message == r.message)
            #expect(error.field == "test")
        }
        #expect(try f.logBytes() == before)
    }
}
