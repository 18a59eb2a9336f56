import Foundation
import Testing
import TestSupport
@testable import Events
@testable import Projections

/// The compact ``CardHistory`` (its reviews inline in a ``ReviewWindow``) against a
/// straightforward reference: an array of reviews per card, as the history was kept before,
/// decided by the same ``CardHistoryRule``.
@Suite struct CardHistoryTests {
    /// The array-based history the compact one must equal: each part a plain optional or
    /// array, each event decided as ``CardHistoryRule`` says.
    struct ReferenceHistory: Equatable {
        var owner: ProfileID?
        var isGone = false
        var deck: IDKey?
        var window: [CardHistory.Review] = []
        var olderInstantMs: Int64?

        var lastInstantMs: Int64? { window.last?.instantMs ?? olderInstantMs }
        var reviewToUndo: EventID? { CardHistoryRule.reviewToUndo(count: window.count).map { window[$0].id } }

        mutating func observe(_ event: RecordedEvent, decks: DeckLifecycle) -> CardHistory.Outcome {
            if let deck { isGone = CardHistoryRule.isGone(deleted: isGone, deckDeleted: decks.isDeleted(deck)) }
            let exclusion = CardHistoryRule.exclusion(created: owner != nil, isGone: isGone,
                                                      recordedByOwner: owner == event.profile)
            switch event.event {
            case .cardCreated(let created) where CardHistoryRule.createsCard(idKnown: owner != nil):
                owner = event.profile
                deck = IDKey(created.deck)
                isGone = decks.isDeleted(IDKey(created.deck))
                return .created
            case .cardMoved(let moved) where CardHistoryRule.moves(created: owner != nil, isGone: isGone):
                deck = IDKey(moved.toDeck)
                isGone = decks.isDeleted(IDKey(moved.toDeck))
                return .ignored
            case .cardDeleted where owner != nil:
                isGone = true
                return .ignored
            case .reviewGraded(let review):
                if let exclusion { return .excluded(exclusion) }
                if window.count >= CardHistoryRule.undoDepth { olderInstantMs = window.removeFirst().instantMs }
                window.append(CardHistory.Review(id: event.id, isScheduled: review.mode == .scheduled,
                                                 instantMs: event.occurred.instant.milliseconds))
                return .reviewed
            case .cardReset where exclusion == nil, .cardDueSet where exclusion == nil:
                olderInstantMs = lastInstantMs
                window = []
                if case .cardReset = event.event { return .changed(.reset) }
                return .changed(.dueSet)
            case .reviewUndone(let undo) where exclusion == nil:
                guard let index = CardHistoryRule.reviewTakenBack(IDKey(undo.review), count: window.count,
                                                                  id: { IDKey(window[$0].id) },
                                                                  isScheduled: { window[$0].isScheduled })
                else { return .ignored }
                window.remove(at: index)
                return .tookBack(undo.review)
            default:
                return .ignored
            }
        }
    }

    static let profiles = [ProfileID(testUUID(0xA1)), ProfileID(testUUID(0xA2))]
    static func card(_ n: UInt64) -> CardID { CardID(testUUID(0xC000 + n)) }
    static func deck(_ n: UInt64) -> DeckID { DeckID(testUUID(0xD000 + n)) }

    /// A seeded foreign log about five cards in three decks, two profiles: creations (some
    /// repeated), moves, deletions of cards and decks, long runs of reviews (scheduled and
    /// cram, mostly by the owner), undos of recent and older reviews and of unknown ids, resets
    /// and due dates set by hand (some by the other profile), and events about a card not
    /// created yet.
    static func log(seed: UInt64, count: Int) -> [RecordedEvent] {
        var rng = SplitMix64(seed: seed)
        var script = EventScript()
        var reviews: [UInt64: [EventID]] = [:]
        var minute: Int64 = 0
        for deck in 1...3 as ClosedRange<UInt64> {
            script.record(.deckCreated(DeckCreated(deck: Self.deck(deck), name: "d")), stream: .deck(Self.deck(deck)),
                          at: utc(2026, 1, 1), profile: profiles[0])
        }
        while script.events.count < count {
            minute += Int64(rng.next() % 300) - 20          // now and then earlier than before
            let at = Timestamp(milliseconds: utc(2026, 3, 1).milliseconds + minute * 60_000)
            let n = 1 + rng.next() % 5
            let card = Self.card(n)
            let owner = profiles[Int(n % 2)]
            let profile = rng.next() % 10 == 0 ? profiles[Int((n + 1) % 2)] : owner
            let event: DomainEvent
            switch rng.next() % 40 {
            case 0...1:
                event = .cardCreated(CardCreated(card: card, deck: Self.deck(1 + rng.next() % 3), front: "f", back: "b"))
            case 2:
                event = .cardMoved(CardMoved(card: card, fromDeck: Self.deck(1), toDeck: Self.deck(1 + rng.next() % 3)))
            case 3 where rng.next() % 4 == 0:
                event = .cardDeleted(CardDeleted(card: card))
            case 4 where rng.next() % 8 == 0:
                let deck = Self.deck(1 + rng.next() % 3)
                script.record(.deckDeleted(DeckDeleted(deck: deck)), stream: .deck(deck), at: at, profile: profiles[0])
                continue
            case 5:
                event = .cardReset(CardReset(card: card))
            case 6:
                event = .cardDueSet(CardDueSet(card: card, due: at))
            case 7...10:
                let known = reviews[n] ?? []
                let pick = rng.next() % 6
                let review = known.isEmpty || pick == 0 ? EventID(testUUID(0xBAD0 + rng.next() % 4))
                    : known[known.count - 1 - Int(rng.next() % UInt64(min(known.count, pick < 4 ? 1 : 10)))]
                event = .reviewUndone(ReviewUndone(card: card, review: review))
            default:
                event = .reviewGraded(ReviewGraded(card: card, rating: .good, mode: rng.next() % 4 == 0 ? .cram : .scheduled,
                                                   duration: try! ElapsedTime(milliseconds: 1000)))
            }
            let recorded = script.record(event, stream: .card(card), at: at, profile: profile)
            if case .reviewGraded = event { reviews[n, default: []].append(recorded.id) }
        }
        return script.events
    }

    @Test func aWindowHoldsAsManyReviewsAsTheRuleRemembers() {
        #expect(ReviewWindow.capacity == CardHistoryRule.undoDepth)
        #expect(MemoryLayout<CardHistory>.size == 236)
        #expect(MemoryLayout<CardHistory>.stride == 240)
    }

    /// After every event, the compact history says what the reference says (outcome, parts,
    /// latest instant, review to undo), and at the end each card's history equals the one its
    /// parts restore.
    @Test(arguments: 0..<60 as Range<UInt64>)
    func compactHistoryEqualsTheArrayReference(seed: UInt64) throws {
        var decks = DeckLifecycle()
        var compact: [CardID: CardHistory] = [:]
        var reference: [CardID: ReferenceHistory] = [:]
        for event in Self.log(seed: seed, count: 400) {
            CardHistory.observeDecks(event, into: &decks)
            guard let card = CardHistory.card(of: event) else { continue }
            let expected = reference[card, default: ReferenceHistory()].observe(event, decks: decks)
            let outcome = compact[card, default: CardHistory()].observe(event, decks: decks)
            #expect(outcome == expected, "seed \(seed), position \(event.position)")
            let (history, model) = (compact[card]!, reference[card]!)
            #expect(history.owner == model.owner && history.isGone == model.isGone && history.deck == model.deck)
            #expect(history.window == model.window && history.windowCount == model.window.count)
            #expect(history.olderInstantMs == model.olderInstantMs && history.lastInstantMs == model.lastInstantMs)
            #expect(history.reviewToUndo == model.reviewToUndo)
        }
        #expect(compact.count == reference.count)
        for (card, model) in reference {
            let history = try #require(compact[card])
            #expect(history == CardHistory(owner: model.owner, isGone: model.isGone, deck: model.deck, window: model.window,
                                           olderInstantMs: model.olderInstantMs))
        }
    }

    /// The seeded logs of ``compactHistoryEqualsTheArrayReference(seed:)`` reach every outcome,
    /// and most of them fill a card's window and forget reviews past it.
    @Test func theSeededLogsReachEveryOutcomeAndFullWindows() {
        var outcomes: Set<String> = []
        var fullWindows = 0
        for seed in 0..<60 as Range<UInt64> {
            var decks = DeckLifecycle()
            var reference: [CardID: ReferenceHistory] = [:]
            var full = false
            for event in Self.log(seed: seed, count: 400) {
                CardHistory.observeDecks(event, into: &decks)
                guard let card = CardHistory.card(of: event) else { continue }
                let outcome = reference[card, default: ReferenceHistory()].observe(event, decks: decks)
                outcomes.insert(String("\(outcome)".prefix { $0 != "(" }))
                if case .reviewed = outcome, reference[card]!.olderInstantMs != nil, reference[card]!.window.count == 8 { full = true }
            }
            if full { fullWindows += 1 }
        }
        #expect(outcomes == ["created", "reviewed", "excluded", "tookBack", "changed", "ignored"])
        #expect(fullWindows >= 30, "\(fullWindows) of 60 logs fill a window")
    }

    /// Equal histories whatever their ring's start; unequal when any part differs.
    @Test func equalityComparesTheRememberedReviewsInOrder() throws {
        var script = EventScript(profile: Self.profiles[0])
        script.record(.deckCreated(DeckCreated(deck: Self.deck(1), name: "d")), stream: .deck(Self.deck(1)), at: utc(2026, 3, 1))
        script.record(.cardCreated(CardCreated(card: Self.card(1), deck: Self.deck(1), front: "f", back: "b")),
                      stream: .card(Self.card(1)), at: utc(2026, 3, 1))
        for minute in 1...11 {
            script.record(.reviewGraded(ReviewGraded(card: Self.card(1), rating: .good, mode: minute % 3 == 0 ? .cram : .scheduled,
                                                     duration: try ElapsedTime(milliseconds: 1000))),
                          stream: .card(Self.card(1)), at: utc(2026, 3, 1, 1, minute))
        }
        var decks = DeckLifecycle()
        var folded = CardHistory()
        for event in script.events {
            CardHistory.observeDecks(event, into: &decks)
            if CardHistory.card(of: event) != nil { _ = folded.observe(event, decks: decks) }
        }
        // Eleven reviews: the ring wrapped round, its oldest remembered review is the fourth.
        let reviews = script.events.dropFirst(2).map { event in
            CardHistory.Review(id: event.id, isScheduled: event.position % 3 != 2, instantMs: event.occurred.instant.milliseconds)
        }
        func restored(_ window: ArraySlice<CardHistory.Review>, owner: ProfileID = Self.profiles[0], older: Int64?) -> CardHistory {
            CardHistory(owner: owner, isGone: false, deck: IDKey(Self.deck(1)), window: Array(window), olderInstantMs: older)
        }
        #expect(folded.window == Array(reviews.suffix(8)))
        #expect(folded == restored(reviews.suffix(8), older: reviews[2].instantMs))
        #expect(folded != restored(reviews.suffix(7), older: reviews[2].instantMs))
        #expect(folded != restored(reviews.suffix(8), owner: Self.profiles[1], older: reviews[2].instantMs))
        #expect(folded != restored(reviews.suffix(8), older: nil))
        // An undo of a cram review in the middle closes the gap, across the ring's end.
        let undo = script.record(.reviewUndone(ReviewUndone(card: Self.card(1), review: reviews[5].id)),
                                 stream: .card(Self.card(1)), at: utc(2026, 3, 1, 2))
        let outcome = folded.observe(undo, decks: decks)
        #expect(outcome == .tookBack(reviews[5].id))
        #expect(folded == restored(reviews[3..<5] + reviews[6...], older: reviews[2].instantMs))
        #expect(folded.reviewToUndo == reviews[10].id && folded.lastInstantMs == reviews[10].instantMs)
    }
}
