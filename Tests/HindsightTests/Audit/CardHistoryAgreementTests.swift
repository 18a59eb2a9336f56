import Foundation
import Testing
import TestSupport
import FSRS
@testable import Events
@testable import Projections
@testable import Hindsight

/// Every reader of the log keeps one history per card, by ``CardHistoryRule``: on seeded random
/// foreign histories (``ForeignLogAgreementTests/history(seed:length:)``: cards created, reviewed,
/// undone, moved and deleted, decks deleted, two profiles, each recording events the store would
/// refuse), the vocabulary read model's undo ring, the activity ledger's windows, the audit's
/// ``CardHistory`` and the command ledger's review trail remember the same reviews of each card,
/// in the same order. And the vocabulary read model folded as one batch, as many small batches
/// and one event at a time gives the same snapshot bytes.
@Suite struct CardHistoryAgreementTests {
    let histories = ForeignLogAgreementTests()

    /// The reviews `card`'s history remembers, oldest first, as the audit's ``CardHistory``
    /// keeps them, and whether the card is gone at the end of `events`.
    static func auditHistory(of card: CardID, in events: [RecordedEvent]) -> (reviews: [IDKey], created: Bool, gone: Bool) {
        var history = CardHistory()
        var decks = DeckLifecycle()
        for event in events {
            CardHistory.observeDecks(event, into: &decks)
            if CardHistory.card(of: event) == card { _ = history.observe(event, decks: decks) }
        }
        let gone = history.isGone || history.deck.map(decks.isDeleted) == true
        return (history.window.map { IDKey($0.id) }, history.owner != nil, gone)
    }

    @Test(arguments: 0..<40 as Range<UInt64>)
    func everyReaderRemembersTheSameReviewsOfEachCard(seed: UInt64) async throws {
        let events = histories.history(seed: seed, length: 200).events
        let models = try await HistoryBuilder.fold(events, configuration: ForeignLogAgreementTests.configuration)
        var ledger = CommandLedger()
        for event in events { ledger.apply(event) }
        var reviewed = 0
        for card in histories.cards {
            let audit = Self.auditHistory(of: card, in: events)
            let vocabulary = await models.vocabulary.read { state -> [IDKey] in
                guard let slot = state.cards.slot(of: IDKey(card)) else { return [] }
                return state.cards.undo.entries(of: state.cards.hot[Int(slot)].ring).map(\.review)
            }
            let activity = await models.activity.read { $0.ledger.reviewIDs(of: card) }
            let command = ledger.cardHistories[card]?.window.map { IDKey($0.id) } ?? []
            let context = "seed \(seed), card \(card)"
            #expect(vocabulary == audit.reviews, "\(context): vocabulary")
            #expect(command == audit.reviews, "\(context): command ledger")
            // The activity ledger forgets a gone card's reviews (nothing of it counts any more).
            #expect(activity == (audit.gone ? [] : audit.reviews), "\(context): activity ledger")
            #expect(ledger.reviewToUndo(of: card).map(IDKey.init) == audit.reviews.last, "\(context): undo command")
            if !audit.reviews.isEmpty { reviewed += 1 }
        }
        // The histories are not trivially empty.
        #expect(reviewed > 0, "seed \(seed)")
    }

    @Test(arguments: 0..<12 as Range<UInt64>)
    func theVocabularyFoldGivesTheSameBytesInAnyBatches(seed: UInt64) {
        let events = histories.history(seed: seed, length: 300).events
        let configuration = ForeignLogAgreementTests.configuration
        let projection = VocabularyProjection(configuration: configuration.scheduler,
                                              dailyNewCardLimit: configuration.dailyNewCardLimit)
        func bytes(_ state: VocabularyState) -> [UInt8] {
            var writer = BinaryWriter()
            state.encode(to: &writer)
            return writer.bytes
        }
        var whole = projection.makeInitialState()
        _ = projection.apply(events, after: 0, to: &whole)
        var single = projection.makeInitialState()
        for event in events { projection.apply(event, to: &single) }
        var small = projection.makeInitialState()
        var random = SplitMix64(seed: seed)
        var start = 0
        while start < events.count {
            let end = min(events.count, start + Int.random(in: 1...9, using: &random))
            _ = projection.apply(Array(events[start..<end]), after: 0, to: &small)
            start = end
        }
        #expect(bytes(single) == bytes(whole), "seed \(seed): one event at a time")
        #expect(bytes(small) == bytes(whole), "seed \(seed): small batches")
    }
}
