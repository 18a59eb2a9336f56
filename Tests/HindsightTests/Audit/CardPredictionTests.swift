import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// An audit's prediction: values worked out by hand from FORMULAS.md for one card, and, on
/// hand-built histories, each rating's outcome against what the vocabulary read model schedules
/// when that review is recorded.
@Suite struct CardPredictionTests {
    static let profile = HistoryBuilder.profile(1)
    static let deck = HistoryBuilder.deck(1)
    static let card = HistoryBuilder.card(1)
    static let day: Int64 = 86_400_000
    /// 1 March 2026, 12:00 UTC.
    static let start: Int64 = 1_772_366_400_000

    /// A deck and the card, created a minute before `start`.
    static func created() -> HistoryBuilder {
        var builder = HistoryBuilder()
        builder.createDeck(deck, profile: profile, at: start - 120_000)
        builder.createCard(card, deck: deck, profile: profile, at: start - 60_000)
        return builder
    }

    static func time(_ ms: Int64, offsetMinutes: Int = 0) -> EventTime {
        EventTime(instant: Timestamp(milliseconds: ms), utcOffset: try! UTCOffset(seconds: offsetMinutes * 60))
    }

    /// One good review on 1 March, predicted ten days later under the FSRS-6 defaults without
    /// steps or fuzz. By hand (FORMULAS.md 3-7): S = w2 = 2.3065, D = w4 − e^(2·w5) + 1 = 2.11810;
    /// R(t) = (1 + 0.98035·t/S)^(−0.1542); reviewed at t = 10 (R = 0.77437), good gives
    /// S' = S·(e^w8·(11 − D)·S^(−w9)·(e^((1 − R)·w10) − 1) + 1) = 25.1087, hard (×w15) 16.0198,
    /// easy (×w16) 45.0128, again min(w11·D^(−w12)·((S + 1)^w13 − 1)·e^((1 − R)·w14), S/e^(w17·w18))
    /// = 0.75916; intervals round(S') at least 1. R falls to 0.9 three days after the review
    /// (I(S, 0.9) = S = 2.31, rounded up; R(2) = 0.90949, R(3) = 0.88095).
    @Test func handCheckedValuesOfOneCard() throws {
        var builder = Self.created()
        builder.review(Self.card, 3, profile: Self.profile, at: Self.start)
        let now = Self.time(Self.start + 10 * Self.day)
        let audit = try CardAuditor.audit(card: Self.card, events: builder.events, defaultConfiguration: CardAuditTests.pure,
                                          predictAt: now)
        let prediction = try #require(audit.prediction)
        let reviewDay = Self.start / Self.day
        #expect(prediction.today == reviewDay + 10)
        #expect(prediction.curve.map(\.daysFromNow) == [0, 1, 3, 7, 14, 30, 90])
        #expect(prediction.curve.map(\.elapsedDays) == [10, 11, 13, 17, 24, 40, 100])
        let expectedCurve: [Float] = [0.77436686, 0.76512736, 0.74883616, 0.72257173, 0.68897796, 0.64037085, 0.55890673]
        for (point, expected) in zip(prediction.curve, expectedCurve) { #expect(abs(point.retrievability - expected) < 2e-6) }
        let reached = try #require(prediction.desiredRetentionReached)
        #expect(reached.day == reviewDay + 3 && reached.daysFromNow == -7 && reached.elapsedDays == 3)
        #expect(abs(reached.retrievability - 0.88094795) < 2e-6)
        #expect(prediction.outcomes.map(\.rating) == [1, 2, 3, 4])
        #expect(prediction.outcomes.map(\.intervalDays) == [1, 16, 25, 45])
        for (outcome, expected) in zip(prediction.outcomes, [0.75916016, 16.019754, 25.108719, 45.012775] as [Float]) {
            #expect(abs(outcome.stability - expected) <= 2e-6 * expected)
        }
        // Due at the start (04:00, the cut-off) of the local day that many days after the review's.
        #expect(prediction.outcomes.map(\.due.milliseconds) == [1, 16, 25, 45].map { (reviewDay + 10 + $0) * Self.day + 4 * 3_600_000 })
        #expect(prediction.outcomes.allSatisfy { $0.phase == "review" })
        #expect(prediction.parameters.version == "FSRS-6" && prediction.parameters.desiredRetention == 0.9)
    }

    /// A hand-built history and the moment to predict at (days after `start`, UTC offset).
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let build: @Sendable (inout HistoryBuilder) -> Void
        let daysLater: Double
        let offsetMinutes: Int
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a new card", build: { _ in }, daysLater: 0.5, offsetMinutes: 60),
        Case(name: "in its first learning step", build: { b in b.review(card, 1, profile: profile, at: start) },
             daysLater: 0.01, offsetMinutes: 0),
        Case(name: "in the review phase, due", build: { b in
            b.review(card, 3, profile: profile, at: start)
            b.review(card, 3, profile: profile, at: start + 600_000)
            b.review(card, 3, profile: profile, at: start + 3 * day)
        }, daysLater: 12, offsetMinutes: -300),
        Case(name: "long overdue", build: { b in
            b.review(card, 4, profile: profile, at: start)
            b.review(card, 2, profile: profile, at: start + 9 * day)
        }, daysLater: 200, offsetMinutes: 0),
        Case(name: "relearning after a lapse", build: { b in
            b.review(card, 4, profile: profile, at: start)
            b.review(card, 1, profile: profile, at: start + 8 * day)
        }, daysLater: 8.01, offsetMinutes: 0),
        Case(name: "under FSRS-5 and retention 0.85 set later", build: { b in
            b.review(card, 3, profile: profile, at: start)
            b.review(card, 4, profile: profile, at: start + 700_000)
            b.changeParameters(.fsrs5Default, profile: profile, at: start + day, count: 19)
            b.changeRetention(0.85, profile: profile, at: start + day)
            b.review(card, 3, profile: profile, at: start + 5 * day)
        }, daysLater: 20, offsetMinutes: 120),
        Case(name: "reset to new", build: { b in
            b.review(card, 3, profile: profile, at: start)
            b.add(.cardReset(CardReset(card: card)), stream: .card(card), profile: profile, at: start + day)
        }, daysLater: 2, offsetMinutes: 0),
    ]

    /// Each rating's outcome is exactly what the read model schedules when that review is
    /// recorded at the moment predicted (learning steps and fuzz on, the store's defaults).
    @Test(arguments: cases)
    func eachRatingIsWhatTheNextReviewSchedules(_ example: Case) async throws {
        var builder = Self.created()
        example.build(&builder)
        let ms = Self.start + Int64(example.daysLater * Double(Self.day))
        let now = Self.time(ms, offsetMinutes: example.offsetMinutes)
        let configuration = ReadModelConfiguration()
        let audit = try CardAuditor.audit(card: Self.card, events: builder.events, defaultConfiguration: configuration.scheduler,
                                          predictAt: now)
        let prediction = try #require(audit.prediction)
        #expect(prediction.curve.isEmpty == (audit.scheduledState == nil))
        for outcome in prediction.outcomes {
            var reviewed = builder
            reviewed.review(Self.card, outcome.rating, profile: Self.profile, at: ms, offsetMinutes: example.offsetMinutes)
            let models = try await HistoryBuilder.fold(reviewed.events, configuration: configuration)
            let schedule = try #require(await models.vocabulary.read { $0.card(Self.card) }?.schedule)
            #expect(outcome.intervalDays == schedule.intervalDays, "rating \(outcome.rating)")
            #expect(outcome.due.milliseconds == schedule.dueMs, "rating \(outcome.rating)")
            #expect(outcome.phase == String(describing: schedule.phase), "rating \(outcome.rating)")
            #expect(outcome.stability == schedule.memory.stability && outcome.difficulty == schedule.memory.difficulty)
        }
        // The curve starts at today's retrievability, decreasing from there.
        let curve = prediction.curve.map(\.retrievability)
        #expect(zip(curve, curve.dropFirst()).allSatisfy { $0 >= $1 })
    }
}
