import Foundation
import Testing
import TestSupport
@testable import Events
@testable import Hindsight

/// One open session of a kind per profile in the store's command ledger: a profile's start
/// abandons the session of that kind it left open, and commands on the abandoned session are
/// refused saying which start abandoned it; other profiles' sessions, and the profile's session
/// of the other kind, stay open. The same after a reopen from snapshots and after a replay.
@Suite struct AbandonedSessionTests {
    static let ada = Ids.profile(1)
    static let kid = Ids.profile(2)

    /// In order: the kid starts study session 3; Ada starts spelling session 3 (on her test 2);
    /// the kid starts spelling session 1 (on test 1), spells a word, and starts session 2,
    /// abandoning 1; Ada starts study session 1 and then 2, abandoning 1.
    static func seeded() async throws -> StoreFixture {
        let f = try await StoreFixture()
        try await f.send(ada, StoreFixture.time(), .profiles(.create(name: "Ada", isChild: false)))
        try await f.send(kid, StoreFixture.time(), .profiles(.create(name: "Mia", isChild: true)))
        try await f.send(kid, StoreFixture.time(minutes: 1), .spelling(.createTest(Ids.test(1), title: "Animals", words: ["cat", "dog"])))
        try await f.send(ada, StoreFixture.time(minutes: 1), .spelling(.createTest(Ids.test(2), title: "Birds", words: ["owl"])))
        try await f.send(kid, StoreFixture.time(minutes: 2), .vocabulary(.startStudySession(Ids.studySession(3), deck: nil)))
        try await f.send(ada, StoreFixture.time(minutes: 2), .spelling(.startPractice(Ids.spellingSession(3), test: Ids.test(2))))
        try await f.send(kid, StoreFixture.time(minutes: 3), .spelling(.startPractice(Ids.spellingSession(1), test: Ids.test(1))))
        try await f.send(kid, StoreFixture.time(minutes: 4), .spelling(.spellWord(Ids.spellingSession(1), word: "cat", typed: "cat", correct: true, duration: .milliseconds(900))))
        try await f.send(kid, StoreFixture.time(minutes: 5), .spelling(.startPractice(Ids.spellingSession(2), test: Ids.test(1))))
        try await f.send(ada, StoreFixture.time(minutes: 6), .vocabulary(.startStudySession(Ids.studySession(1), deck: nil)))
        try await f.send(ada, StoreFixture.time(minutes: 7), .vocabulary(.startStudySession(Ids.studySession(2), deck: nil)))
        return f
    }

    /// A command on an abandoned session, and the sessions named by the refusal.
    struct Refusal: Sendable, CustomTestStringConvertible {
        let name: String
        let profile: ProfileID
        let action: StoreCommand.Action
        let abandoned: UUID
        let startedNext: UUID
        var testDescription: String { name }
        var message: String {
            "session \(abandoned.uuidString) was abandoned when session \(startedNext.uuidString) started (a profile has one session open at a time); start a new session"
        }
    }

    static let refusals: [Refusal] = [
        Refusal(name: "a word in an abandoned spelling session", profile: kid,
                action: .spelling(.spellWord(Ids.spellingSession(1), word: "dog", typed: "dog", correct: true, duration: .milliseconds(800))),
                abandoned: Ids.spellingSession(1).uuid, startedNext: Ids.spellingSession(2).uuid),
        Refusal(name: "the end of an abandoned spelling session", profile: kid, action: .spelling(.endPractice(Ids.spellingSession(1))),
                abandoned: Ids.spellingSession(1).uuid, startedNext: Ids.spellingSession(2).uuid),
        Refusal(name: "the end of an abandoned study session", profile: ada, action: .vocabulary(.endStudySession(Ids.studySession(1))),
                abandoned: Ids.studySession(1).uuid, startedNext: Ids.studySession(2).uuid),
    ]

    /// How the store under test was opened last.
    enum Reopening: String, Sendable, CaseIterable { case live, fromSnapshots, byReplay }

    static func seeded(_ reopening: Reopening) async throws -> StoreFixture {
        let f = try await seeded()
        switch reopening {
        case .live: break
        case .fromSnapshots: try await f.reopen()
        case .byReplay:
            try await f.store.close()
            try FileManager.default.removeItem(atPath: f.directory.path + "/snapshots")
            f.store = try await Store.open(directory: f.directory.path, options: StoreFixture.options())
        }
        return f
    }

    @Test(arguments: refusals, Reopening.allCases)
    func commandsOnAnAbandonedSessionAreRefused(_ refusal: Refusal, _ reopening: Reopening) async throws {
        let f = try await Self.seeded(reopening)
        let before = await f.store.lastPosition()
        do {
            try await f.send(refusal.profile, StoreFixture.time(minutes: 10), refusal.action)
            Issue.record("the command was accepted")
        } catch {
            #expect(error.code == .invalidState)
            #expect(error.message == refusal.message)
        }
        #expect(await f.store.lastPosition() == before)
    }

    /// The profile's new session, its session of the other kind and the other profile's
    /// sessions are open: every one of these commands is accepted.
    @Test(arguments: Reopening.allCases)
    func otherSessionsStayOpen(_ reopening: Reopening) async throws {
        let f = try await Self.seeded(reopening)
        #expect(await f.store.spelling().openSessionCount == 2)     // the kid's 2 and Ada's 3
        let accepted: [(ProfileID, StoreCommand.Action)] = [
            (Self.kid, .spelling(.spellWord(Ids.spellingSession(2), word: "dog", typed: "dog", correct: true, duration: .milliseconds(700)))),
            (Self.kid, .spelling(.endPractice(Ids.spellingSession(2)))),
            (Self.ada, .spelling(.spellWord(Ids.spellingSession(3), word: "owl", typed: "owl", correct: true, duration: .milliseconds(700)))),
            (Self.ada, .spelling(.endPractice(Ids.spellingSession(3)))),
            (Self.ada, .vocabulary(.endStudySession(Ids.studySession(2)))),
            (Self.kid, .vocabulary(.endStudySession(Ids.studySession(3)))),
        ]
        for (profile, action) in accepted { try await f.send(profile, StoreFixture.time(minutes: 10), action) }
        #expect(await f.store.spelling().openSessionCount == 0)
        // Only the kid's second session scored: the abandoned one's "cat" counts toward the word, not a score.
        #expect(await f.store.spelling().test(Ids.test(1))?.sessions == 1)
        #expect(await f.store.spelling().word(profile: Self.kid, word: "cat")?.attempts == 1)
    }

    /// The ledger's snapshot keeps each profile's open sessions and the abandoned ones: reopened
    /// from snapshots or by replay, every read model and the ledger encode to the same bytes.
    @Test func reopeningKeepsTheLedgersSessions() async throws {
        let f = try await Self.seeded()
        let live = await f.store.encodedReadModels()
        let ledger = try #require(live[CommandLedgerProjection.name])
        let decoded = try Self.decodedLedger(ledger)
        #expect(Set(decoded.openSessions.keys) == [.studySession(Ids.studySession(2)), .studySession(Ids.studySession(3)),
                                                   .spellingSession(Ids.spellingSession(2)), .spellingSession(Ids.spellingSession(3))])
        #expect(decoded.abandonedSessions == [.spellingSession(Ids.spellingSession(1)): .spellingSession(Ids.spellingSession(2)),
                                              .studySession(Ids.studySession(1)): .studySession(Ids.studySession(2))])
        #expect(decoded.openSessions.sessionByOwner.count == 4)
        for reopening in [Reopening.fromSnapshots, .byReplay] {
            let reopened = try await Self.seeded(reopening)
            #expect(await reopened.store.encodedReadModels() == live, "\(reopening)")
        }
    }

    /// A ledger snapshot with two open spelling sessions of one profile is refused.
    @Test func aLedgerWithTwoOpenSessionsOfOneProfileIsRefused() throws {
        var ledger = CommandLedger()
        // Two sessions of the kid's, one filed under another profile's slot: what no fold makes.
        let kind = StreamID.spellingSession(Ids.spellingSession(1)).category
        ledger.openSessions.start(.spellingSession(Ids.spellingSession(1)), owner: SessionSlot(profile: Self.kid, kind: kind), value: Self.kid)
        ledger.openSessions.start(.spellingSession(Ids.spellingSession(2)), owner: SessionSlot(profile: Self.ada, kind: kind),
                                  value: Self.kid)
        var writer = BinaryWriter()
        ledger.encode(to: &writer)
        let bytes = writer.bytes
        #expect(throws: EventDecodingError.self) { _ = try Self.decodedLedger(bytes) }
    }

    /// The ledger `bytes` encode, every byte consumed.
    static func decodedLedger(_ bytes: [UInt8]) throws -> CommandLedger {
        try bytes.withUnsafeBytes { raw throws(EventDecodingError) -> CommandLedger in
            var reader = BinaryReader(raw)
            let ledger = try CommandLedger(from: &reader)
            try reader.expectEnd()
            return ledger
        }
    }
}
