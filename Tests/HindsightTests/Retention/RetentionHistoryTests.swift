import Foundation
import Testing
import TestSupport
import FSRS
@testable import Hindsight

/// True retention read from the log agrees with a recomputation from each card's audit (a
/// separate replay of the card's reviews as scheduled at the time), on seeded histories with
/// cram reviews, undone reviews, a parameter change and two decks.
@Suite struct RetentionHistoryTests {
    static let profile = Ids.profile(1)

    /// 150 days of reviews of 10 cards in two decks; some cram, some undone, FSRS-5 from day 60.
    static func history(_ f: StoreFixture, seed: UInt64) async throws {
        var rng = SplitMix64(seed: seed)
        try await f.send(profile, StoreFixture.time(), .profiles(.create(name: "Ada", isChild: false)))
        for deck: UInt64 in 1...2 {
            try await f.send(profile, StoreFixture.time(), .vocabulary(.createDeck(Ids.deck(deck), name: "D\(deck)")))
        }
        for n: UInt64 in 1...10 {
            try await f.send(profile, StoreFixture.time(), .vocabulary(.createCard(Ids.card(n), deck: Ids.deck(n % 2 + 1), front: "w\(n)", back: "m\(n)")))
        }
        var due: [UInt64: Int] = [:]
        for day in 0..<150 {
            if day == 60 {
                try await f.send(profile, StoreFixture.time(days: day), .profiles(.changeSchedulerParameters(
                    FSRSParameters.fsrs5Default.weights.prefix(19).map(Double.init))))
            }
            for n: UInt64 in 1...10 where due[n, default: 0] <= day || rng.next() % 9 == 0 {
                let rating = [Rating.again, .hard, .good, .good, .good, .easy][Int(rng.next() % 6)]
                let cram = rng.next() % 10 == 0
                try await f.send(profile, StoreFixture.time(days: day, minutes: Int(n)),
                                 .vocabulary(.review(Ids.card(n), rating: rating, mode: cram ? .cram : .scheduled, duration: .milliseconds(900))))
                if rng.next() % 12 == 0 {
                    try await f.send(profile, StoreFixture.time(days: day, minutes: Int(n) + 1), .vocabulary(.undoLastReview(Ids.card(n))))
                }
                let state = await f.store.vocabulary().card(Ids.card(n))?.schedule
                due[n] = state.map { Int(($0.dueMs - StoreFixture.time().instant.milliseconds) / 86_400_000) } ?? day + 1
            }
        }
    }

    /// The counted reviews from each card's audit: the state before a counted review is the
    /// state after the previous one, as scheduled at the time.
    static func recomputed(_ events: [RecordedEvent], deck: DeckID?, vocabulary: VocabularyState) throws -> [RetentionReview] {
        var reviews: [RetentionReview] = []
        for n: UInt64 in 1...10 where deck == nil || vocabulary.card(Ids.card(n))?.deck == deck {
            let audit = try CardAuditor.audit(card: Ids.card(n), events: events, defaultConfiguration: ReadModelConfiguration().scheduler)
            var before: CardState?
            for review in audit.reviews where review.status == .counted {
                if let maturity = TrueRetentionRule.maturity(mode: review.mode, before: before) {
                    reviews.append(RetentionReview(day: LocalDay.number(of: review.time, cutoffHour: ReadModelConfiguration().dayCutoffHour),
                                                   maturity: maturity, passed: review.rating != 1))
                }
                before = review.atTheTime?.state
            }
        }
        return reviews
    }

    /// The answer buttons from each card's audit: every counted answer, aged by the state after
    /// the previous one.
    @Test(arguments: [2, 9] as [UInt64])
    func answerButtonsAgreeWithTheAudits(seed: UInt64) async throws {
        let f = try await StoreFixture()
        try await Self.history(f, seed: seed)
        let events = try await LogHistory(dataDirectory: f.directory.path).events()
        var expected = AnswerButtons()
        for n: UInt64 in 1...10 {
            let audit = try CardAuditor.audit(card: Ids.card(n), events: events, defaultConfiguration: ReadModelConfiguration().scheduler)
            var before: CardState?
            for review in audit.reviews where review.status == .counted {
                if let age = AnswerButtons.age(mode: review.mode, before: before), let rating = Rating(rawValue: UInt8(review.rating)) {
                    expected.count(rating, at: age)
                }
                before = review.atTheTime?.state
            }
        }
        let history = try await RetentionHistory.read(dataDirectory: f.directory.path)
        #expect(history.answerButtons(profile: Self.profile) == expected)
        #expect(AnswerAge.allCases.allSatisfy { expected.counts(at: $0).reduce(0, +) > 0 }, "the history reaches every age")
    }

    @Test(arguments: [2, 9, 23] as [UInt64])
    func agreesWithARecomputationFromTheLog(seed: UInt64) async throws {
        let f = try await StoreFixture()
        try await Self.history(f, seed: seed)
        let events = try await LogHistory(dataDirectory: f.directory.path).events()
        let vocabulary = await f.store.vocabulary()
        let history = try await RetentionHistory.read(dataDirectory: f.directory.path)
        #expect(history == RetentionHistory.recompute(events))
        var mature = 0
        for deck in [nil, Ids.deck(1), Ids.deck(2)] as [DeckID?] {
            let expected = try Self.recomputed(events, deck: deck, vocabulary: vocabulary)
            for period in RetentionPeriod.allCases {
                let table = history.table(profile: Self.profile, deck: deck, by: period)
                #expect(table == TrueRetentionTable(expected, by: period), "seed \(seed), deck \(String(describing: deck)), \(period)")
            }
            if deck == nil { mature = expected.filter { $0.maturity == .mature }.count }
        }
        // The histories reach both kinds of review, and leave out cram and undone ones.
        #expect(mature > 0)
        #expect(history.table(profile: Self.profile, by: .month).total.youngPassed + history.table(profile: Self.profile, by: .month).total.youngFailed > 0)
        #expect(history.table(profile: Ids.profile(2), by: .day).rows.isEmpty)
    }
}
