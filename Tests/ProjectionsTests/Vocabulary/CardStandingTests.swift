import Events
import Testing
import TestSupport
@testable import Projections

/// A card's standing (what admission checks) states the same facts as its summary, for every
/// card of seeded histories with suspensions, moves, deletions, deleted decks and undos, and is
/// nil exactly when the summary is.
@Suite struct CardStandingTests {
    @Test(arguments: 0..<8 as Range<UInt64>)
    func standingStatesTheSummarysFacts(seed: UInt64) {
        let history = randomVocabularyHistory(seed: seed, events: 1200, cards: 60)
        let state = history.fold()
        var compared = 0, gone = 0, suspended = 0, reviewed = 0
        // Cards 60…63 were never created.
        for number in 0..<64 as Range<UInt64> {
            let card = testCard(number)
            guard let summary = state.card(card) else {
                #expect(state.standing(of: card) == nil, "card \(number)")
                continue
            }
            let expected = CardStanding(profile: summary.profile, deck: summary.deck, created: summary.created,
                                        isSuspended: summary.isSuspended, isDeleted: summary.isDeleted,
                                        isDeckDeleted: summary.isDeckDeleted, isNew: summary.isNew)
            #expect(state.standing(of: card) == expected, "card \(number)")
            #expect(state.standing(of: card)?.isGone == summary.isGone, "card \(number)")
            compared += 1
            if summary.isGone { gone += 1 }
            if summary.isSuspended { suspended += 1 }
            if !summary.isNew { reviewed += 1 }
        }
        // The histories reach the cases the standing distinguishes.
        #expect(compared >= 40 && reviewed > 0)
        #expect(gone + suspended > 0)
    }
}
