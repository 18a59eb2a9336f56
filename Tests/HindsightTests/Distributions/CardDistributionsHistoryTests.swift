import Foundation
import Testing
import TestSupport
import FSRS
@testable import Hindsight

/// The store's distributions agree with a recomputation from the log: each card's state from
/// its audit (a separate replay of its counted reviews as scheduled at the time) and its
/// retrievability from the audit's prediction, on seeded histories with cram reviews, undone
/// reviews, a parameter change, two decks, a deleted card and a card reset to new.
@Suite struct CardDistributionsHistoryTests {
    static let profile = RetentionHistoryTests.profile

    @Test(arguments: [4, 11, 30] as [UInt64])
    func agreesWithARecomputationFromTheLog(seed: UInt64) async throws {
        let f = try await StoreFixture()
        try await RetentionHistoryTests.history(f, seed: seed)
        try await f.send(Self.profile, StoreFixture.time(days: 150), .vocabulary(.deleteCard(Ids.card(3))))
        try await f.send(Self.profile, StoreFixture.time(days: 150), .vocabulary(.resetCard(Ids.card(4))))
        let events = try await LogHistory(dataDirectory: f.directory.path).events()
        let vocabulary = await f.store.vocabulary()
        var reviewedSomewhere = 0
        for now in [StoreFixture.time(days: 151, minutes: 600), StoreFixture.time(days: 190)] {
            for deck in [nil, Ids.deck(1), Ids.deck(2)] as [DeckID?] {
                let actual = vocabulary.cardDistributions(profile: Self.profile, deck: deck, at: now)
                var stability = CardDistributions.Histogram(edges: CardDistributions.dayEdges)
                var difficulty = CardDistributions.Histogram(edges: actual.difficulty.edges)
                var retrievability = CardDistributions.Histogram(edges: actual.retrievability.edges)
                var interval = CardDistributions.Histogram(edges: CardDistributions.dayEdges)
                var unreviewed = 0
                for n: UInt64 in 1...10 where n != 3 && (deck == nil || vocabulary.card(Ids.card(n))?.deck == deck) {
                    let audit = try CardAuditor.audit(card: Ids.card(n), events: events,
                                                      defaultConfiguration: ReadModelConfiguration().scheduler, predictAt: now)
                    guard let state = audit.scheduledState, let today = audit.prediction?.curve.first else {
                        unreviewed += 1
                        continue
                    }
                    stability.count(Double(state.memory.stability))
                    difficulty.count(Double(state.memory.difficulty))
                    retrievability.count(Double(today.retrievability))
                    interval.count(Double(state.intervalDays))
                }
                let label = "seed \(seed), deck \(String(describing: deck)), \(now)"
                #expect(actual.unreviewed == unreviewed, "\(label)")
                for (got, expected) in [(actual.stability, stability), (actual.difficulty, difficulty),
                                        (actual.retrievability, retrievability), (actual.interval, interval)] {
                    #expect(got.counts == expected.counts, "\(label)")
                    #expect(got.median == expected.median, "\(label)")
                    #expect(abs((got.mean ?? 0) - (expected.mean ?? 0)) < 1e-9, "\(label)")
                }
                if deck == nil { reviewedSomewhere = stability.total }
            }
        }
        // Card 3 is gone, card 4 was reset: eight reviewed cards remain.
        #expect(reviewedSomewhere == 8)
    }
}
