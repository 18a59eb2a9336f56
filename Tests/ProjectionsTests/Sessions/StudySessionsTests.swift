import Foundation
import Testing
import TestSupport
import FSRS
@testable import Events
@testable import Projections

/// The study-session read model: which reviews count in a session, what an undo, an end, an
/// abandonment and a restart do, local days, the snapshot round trip, and the batch fold against
/// the one-event fold on seeded logs.
@Suite struct StudySessionsTests {
    static let sam = ProfileID(testUUID(0xA1)), kim = ProfileID(testUUID(0xA2))
    let projection = StudySessionsProjection(defaultCutoffHour: 4)

    /// What one session shows: outcome, reviews by rating (again, hard, good, easy), cards,
    /// review seconds and duration in seconds.
    struct Shown: Equatable, CustomStringConvertible {
        let outcome: StudySession.Outcome
        let ratings: [Int]
        let cards: Int
        let reviewSeconds: Int64
        let durationSeconds: Int64?

        init(_ outcome: StudySession.Outcome, _ ratings: [Int], cards: Int, reviewSeconds: Int64, durationSeconds: Int64?) {
            (self.outcome, self.ratings, self.cards, self.reviewSeconds, self.durationSeconds)
                = (outcome, ratings, cards, reviewSeconds, durationSeconds)
        }

        init(_ session: StudySession) {
            let f = session.figures
            self.init(session.outcome, [f.again, f.hard, f.good, f.easy], cards: f.cards, reviewSeconds: f.reviewTimeMs / 1000,
                      durationSeconds: session.durationMs.map { $0 / 1000 })
        }

        var description: String { "\(outcome) \(ratings) cards \(cards) \(reviewSeconds)s \(durationSeconds.map(String.init) ?? "-")" }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let script: @Sendable (inout EventScript) -> Void
        /// Session 1's figures (and session 2's, when the case has one).
        let expected: [UInt64: Shown]
        var testDescription: String { name }
    }

    static func at(_ minute: Int) -> Timestamp { Timestamp(milliseconds: utc(2026, 3, 2, 9).milliseconds + Int64(minute) * 60_000) }

    static let cases: [Case] = [
        Case(name: "an ended session counts its reviews, its cards and its time", script: { s in
            s.startStudy(1, at: at(0))
            s.review(1, .good, seconds: 12, at: at(1))
            s.review(2, .again, seconds: 30, at: at(2))
            s.review(2, .hard, mode: .cram, seconds: 8, at: at(3))
            s.endStudy(1, at: at(10))
        }, expected: [1: Shown(.ended, [1, 1, 1, 0], cards: 2, reviewSeconds: 50, durationSeconds: 600)]),
        Case(name: "reviews before the start and after the end are in no session", script: { s in
            s.review(1, .easy, at: at(0))
            s.startStudy(1, at: at(1))
            s.review(1, .good, seconds: 5, at: at(2))
            s.endStudy(1, at: at(3))
            s.review(1, .again, at: at(4))
        }, expected: [1: Shown(.ended, [0, 0, 1, 0], cards: 1, reviewSeconds: 5, durationSeconds: 120)]),
        Case(name: "an undo while open takes the review back out", script: { s in
            s.startStudy(1, at: at(0))
            s.review(1, .good, seconds: 5, at: at(1))
            let wrong = s.review(2, .again, seconds: 9, at: at(2))
            s.undo(wrong, at: at(3))
            s.endStudy(1, at: at(4))
        }, expected: [1: Shown(.ended, [0, 0, 1, 0], cards: 1, reviewSeconds: 5, durationSeconds: 240)]),
        Case(name: "an undo after the end leaves the figures final", script: { s in
            s.startStudy(1, at: at(0))
            let review = s.review(1, .good, seconds: 5, at: at(1))
            s.endStudy(1, at: at(2))
            s.undo(review, at: at(3))
        }, expected: [1: Shown(.ended, [0, 0, 1, 0], cards: 1, reviewSeconds: 5, durationSeconds: 120)]),
        Case(name: "a start abandons the session left open: its reviews stay, with no end", script: { s in
            s.startStudy(1, at: at(0))
            s.review(1, .good, seconds: 5, at: at(1))
            s.startStudy(2, at: at(30))
            s.review(2, .easy, seconds: 3, at: at(31))
            s.endStudy(1, at: at(32))     // the end of an abandoned session changes nothing
        }, expected: [1: Shown(.abandoned, [0, 0, 1, 0], cards: 1, reviewSeconds: 5, durationSeconds: nil),
                      2: Shown(.open, [0, 0, 0, 1], cards: 1, reviewSeconds: 3, durationSeconds: nil)]),
        Case(name: "another profile's reviews and starts do not touch the session", script: { s in
            s.startStudy(1, at: at(0))
            s.startStudy(2, at: at(1), profile: kim)
            s.review(1, .hard, seconds: 4, at: at(2), profile: kim)
            s.review(2, .good, seconds: 6, at: at(3))
            s.endStudy(1, at: at(5))
        }, expected: [1: Shown(.ended, [0, 0, 1, 0], cards: 1, reviewSeconds: 6, durationSeconds: 300),
                      2: Shown(.open, [0, 1, 0, 0], cards: 1, reviewSeconds: 4, durationSeconds: nil)]),
        Case(name: "a session started again starts over", script: { s in
            s.startStudy(1, at: at(0))
            s.review(1, .good, seconds: 5, at: at(1))
            s.startStudy(1, at: at(2))
            s.review(2, .again, seconds: 7, at: at(3))
            s.endStudy(1, at: at(4))
        }, expected: [1: Shown(.ended, [1, 0, 0, 0], cards: 1, reviewSeconds: 7, durationSeconds: 120)]),
    ]

    @Test(arguments: cases)
    func session(_ c: Case) throws {
        var script = EventScript(profile: Self.sam)
        c.script(&script)
        let state = fold(projection, script.events)
        for (n, expected) in c.expected {
            let session = state.session(EventScript.studySession(n))
            #expect(session.map(Shown.init) == expected, "session \(n)")
        }
        #expect(try decoded(StudySessionLog.self, encoded(state)) == state)
    }

    @Test func listsAProfilesSessionsFromALocalDayLatestFirst() {
        var script = EventScript(profile: Self.sam, utcOffsetSeconds: 3600)
        script.startStudy(1, at: utc(2026, 3, 1, 2))     // 03:00 local, before the 04:00 cut-off: day of 28 February
        script.endStudy(1, at: utc(2026, 3, 1, 2, 5))
        script.startStudy(2, at: utc(2026, 3, 1, 3))     // 04:00 local: 1 March
        script.endStudy(2, at: utc(2026, 3, 1, 3, 5))
        script.startStudy(3, at: utc(2026, 3, 2, 8))
        script.startStudy(4, at: utc(2026, 3, 2, 9), profile: Self.kim)
        let state = fold(projection, script.events)
        let march1 = LocalDay.number(of: eventTime(utc(2026, 3, 1, 12)), cutoffHour: 0)
        #expect(state.sessions(profile: Self.sam).map(\.id) == [3, 2, 1].map(EventScript.studySession))
        #expect(state.sessions(profile: Self.sam, fromDay: march1).map(\.id) == [3, 2].map(EventScript.studySession))
        #expect(state.sessions(profile: Self.sam).map(\.day) == [march1 + 1, march1, march1 - 1])
        #expect(state.openSession(profile: Self.sam)?.id == EventScript.studySession(3))
        #expect(state.openSession(profile: Self.kim)?.id == EventScript.studySession(4))
    }

    @Test func aSnapshotWithTwoOpenSessionsOfOneProfileIsRefused() throws {
        var script = EventScript(profile: Self.sam)
        script.startStudy(1, at: Self.at(0))
        script.startStudy(2, at: Self.at(1), profile: Self.kim)
        var state = fold(projection, script.events)
        // Make Kim's session Sam's: two open sessions of one profile.
        let kims = state.sessions[EventScript.studySession(2)]!
        state.sessions[kims.id] = StudySession(id: kims.id, profile: Self.sam, deck: nil, started: kims.started, day: kims.day)
        #expect(throws: EventDecodingError.self) { try decoded(StudySessionLog.self, encoded(state)) }
    }

    @Test(arguments: 0..<16 as Range<UInt64>)
    func batchFoldMatchesTheOneEventFold(seed: UInt64) throws {
        try checkBatchFold(projection, events: Self.randomSessionLog(seed: seed, count: 400), seed: seed)
    }

    /// Two profiles starting, ending and abandoning sessions, reviewing in and out of them,
    /// undoing reviews, changing their cut-off, among events of other kinds.
    static func randomSessionLog(seed: UInt64, count: Int) -> [RecordedEvent] {
        var rng = SplitMix64(seed: seed)
        var script = EventScript(profile: sam)
        var reviews: [RecordedEvent] = []
        for i in 0..<count {
            let profile = rng.next() % 2 == 0 ? sam : kim
            let time = Timestamp(milliseconds: utc(2026, 3, 1).milliseconds + Int64(i) * 600_000)
            let offset = [0, 3600, -18_000][Int(rng.next() % 3)]
            switch rng.next() % 10 {
            case 0: script.startStudy(rng.next() % 6, at: time, utcOffsetSeconds: offset, profile: profile)
            case 1: script.endStudy(rng.next() % 6, at: time, profile: profile)
            case 2: if let review = reviews.popLast() { script.undo(review, at: time) }
            case 3: script.changeCutoff(to: Int(rng.next() % 6), at: time, profile: profile)
            case 4: script.dictate(words: 20, seconds: 30, at: time, profile: profile)
            default:
                reviews.append(script.review(rng.next() % 8, Rating(rawValue: UInt8(1 + rng.next() % 4))!,
                                             mode: rng.next() % 5 == 0 ? .cram : .scheduled, seconds: Int64(rng.next() % 40),
                                             at: time, utcOffsetSeconds: offset, profile: profile))
            }
        }
        return script.events
    }
}
