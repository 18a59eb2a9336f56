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
/// refuse), the vocabulary read model's undo ring, the activity ledger's windows and the audit's
/// ``CardHistory`` remember the same reviews of each card, in the same order; and what the
/// store's command validation reads of the vocabulary (the review to undo, the instant a new
/// review may not precede) is what the audit's history says, before and after a snapshot round
/// trip (which leaves the ring's entries encoded until read). And the vocabulary read model
/// folded as one batch, as many small batches and one event at a time gives the same snapshot
/// bytes.
@Suite struct CardHistoryAgreementTests {
    let histories = ForeignLogAgreementTests()

    /// The reviews `card`'s history remembers, oldest first, as the audit's ``CardHistory``
    /// keeps them, and whether the card is gone at the end of `events`.
    static func auditHistory(of card: CardID, in events: [RecordedEvent])
        -> (reviews: [IDKey], created: Bool, gone: Bool, lastInstantMs: Int64?, reviewToUndo: EventID?) {
        var history = CardHistory()
        var decks = DeckLifecycle()
        for event in events {
            CardHistory.observeDecks(event, into: &decks)
            if CardHistory.card(of: event) == card { _ = history.observe(event, decks: decks) }
        }
        let gone = history.isGone || history.deck.map(decks.isDeleted) == true
        return (history.window.map { IDKey($0.id) }, history.owner != nil, gone, history.lastInstantMs, history.reviewToUndo)
    }

    @Test(arguments: 0..<40 as Range<UInt64>)
    func everyReaderRemembersTheSameReviewsOfEachCard(seed: UInt64) async throws {
        let events = histories.history(seed: seed, length: 200).events
        let models = try await HistoryBuilder.fold(events, configuration: ForeignLogAgreementTests.configuration)
        let state = await models.vocabulary.read { $0 }
        var writer = BinaryWriter()
        state.encode(to: &writer)
        let restored = try writer.bytes.withUnsafeBytes { raw throws(EventDecodingError) in
            var reader = BinaryReader(raw)
            return try VocabularyState(from: &reader)
        }
        var reviewed = 0, instants = 0
        for card in histories.cards {
            let audit = Self.auditHistory(of: card, in: events)
            let vocabulary = state.cards.slot(of: IDKey(card)).map { state.cards.recentReviews($0).map(\.review) } ?? []
            let activity = await models.activity.read { $0.ledger.reviewIDs(of: card) }
            let context = "seed \(seed), card \(card)"
            #expect(vocabulary == audit.reviews, "\(context): vocabulary")
            // The activity ledger forgets a gone card's reviews (nothing of it counts any more).
            #expect(activity == (audit.gone ? [] : audit.reviews), "\(context): activity ledger")
            for (model, name) in [(state, "vocabulary"), (restored, "restored vocabulary")] {
                #expect(model.reviewToUndo(of: card) == audit.reviewToUndo, "\(context): undo command, \(name)")
                #expect(model.lastReviewInstantMs(of: card) == audit.lastInstantMs, "\(context): last review instant, \(name)")
            }
            if !audit.reviews.isEmpty { reviewed += 1 }
            if audit.lastInstantMs != nil { instants += 1 }
        }
        // The histories are not trivially empty.
        #expect(reviewed > 0 && instants > 0, "seed \(seed)")
    }

    /// What the store's command validation reads of the vocabulary (the review to undo, the
    /// instant a new review may not precede) is the audit's ``CardHistory``'s, after every event
    /// of seeded histories with what the foreign histories above lack: resets and due dates set
    /// by hand (both forget the remembered reviews), more than ``CardHistoryRule/undoDepth``
    /// reviews a card, cram reviews, undos of the latest review, of an earlier one and of an
    /// unknown one, and times that go back (a log the store did not write); and the same after
    /// a snapshot round trip, with the ring's entries still encoded.
    @Test(arguments: 0..<24 as Range<UInt64>)
    func theReviewTrailTheStoreReadsIsTheAuditsAfterEveryEvent(seed: UInt64) throws {
        var random = SplitMix64(seed: seed ^ 0x7EA1)
        var builder = HistoryBuilder()
        let (profile, deck) = (HistoryBuilder.profile(1), HistoryBuilder.deck(1))
        let cards = (1...3 as ClosedRange<UInt32>).map { HistoryBuilder.card($0) }
        var ms: Int64 = 1_750_000_000_000
        builder.createDeck(deck, profile: profile, at: ms)
        for card in cards { builder.createCard(card, deck: deck, profile: profile, at: ms) }
        var reviews: [CardID: [RecordedEvent]] = [:]
        for _ in 0..<160 {
            // Mostly forward in time; now and then back (before earlier reviews).
            ms += Int.random(in: 0..<10, using: &random) == 0 ? -Int64.random(in: 1...(5 * 86_400_000), using: &random)
                : Int64.random(in: 60_000...(2 * 86_400_000), using: &random)
            let card = cards.randomElement(using: &random)!
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<60:
                let mode: ReviewMode = Int.random(in: 0..<4, using: &random) == 0 ? .cram : .scheduled
                reviews[card, default: []].append(builder.review(card, Int.random(in: 1...4, using: &random), profile: profile,
                                                                 at: ms, mode: mode))
            case 60..<82:
                let past = reviews[card] ?? []
                if past.isEmpty || Int.random(in: 0..<6, using: &random) == 0 {
                    let id = EventID(HistoryBuilder.uuid(8, UInt32.random(in: 0...1000, using: &random)))
                    builder.add(.reviewUndone(ReviewUndone(card: card, review: id)), stream: .card(card), profile: profile, at: ms)
                } else {
                    let review = Int.random(in: 0..<3, using: &random) > 0 ? past.last! : past.randomElement(using: &random)!
                    builder.undo(review, card: card, profile: profile, at: ms)
                }
            case 82..<91:
                builder.add(.cardReset(CardReset(card: card)), stream: .card(card), profile: profile, at: ms)
            default:
                let due = Bool.random(using: &random) ? Timestamp(milliseconds: ms + 86_400_000) : nil
                builder.add(.cardDueSet(CardDueSet(card: card, due: due)), stream: .card(card), profile: profile, at: ms)
            }
        }
        let configuration = ForeignLogAgreementTests.configuration
        let projection = VocabularyProjection(configuration: configuration.scheduler, dailyNewCardLimit: configuration.dailyNewCardLimit)
        var state = projection.makeInitialState()
        var audits = [CardID: CardHistory](), decks = DeckLifecycle()
        var forgotten = 0, tookBack = 0
        for (index, event) in builder.events.enumerated() {
            projection.apply(event, to: &state)
            CardHistory.observeDecks(event, into: &decks)
            if let card = CardHistory.card(of: event) {
                if case .tookBack = audits[card, default: CardHistory()].observe(event, decks: decks) { tookBack += 1 }
            }
            // A snapshot round trip now and then: the restored state's entries are still encoded.
            var models = [(state, "vocabulary")]
            if index % 16 == 15 {
                var writer = BinaryWriter()
                state.encode(to: &writer)
                let restored = try writer.bytes.withUnsafeBytes { raw throws(EventDecodingError) in
                    var reader = BinaryReader(raw)
                    return try VocabularyState(from: &reader)
                }
                #expect(restored.cards.undo.isPending || state.cards.undo.slots.isEmpty, "seed \(seed)")
                models.append((restored, "restored vocabulary"))
            }
            for card in cards {
                let audit = audits[card] ?? CardHistory()
                if audit.windowCount == 0 && audit.olderInstantMs != nil { forgotten += 1 }
                for (model, name) in models {
                    let context = "seed \(seed), position \(event.position), card \(card), \(name)"
                    #expect(model.reviewToUndo(of: card) == audit.reviewToUndo, "\(context): review to undo")
                    #expect(model.lastReviewInstantMs(of: card) == audit.lastInstantMs, "\(context): last review instant")
                }
            }
        }
        // The histories take reviews back and leave cards with only a forgotten instant.
        #expect(tookBack > 0 && forgotten > 0, "seed \(seed): \(tookBack) taken back, \(forgotten) forgotten only")
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
