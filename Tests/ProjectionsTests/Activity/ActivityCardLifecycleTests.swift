import Testing
@testable import Events
@testable import Projections

/// Daily stats, streaks and achievements when cards are suspended, unsuspended or deleted and
/// decks deleted.
///
/// What the code does (read, then pinned here): the activity fold reads `CardCreated` and
/// `CardDeleted` only, for its review ledger (``ReviewLedger``); `CardSuspended`,
/// `CardUnsuspended` and `DeckDeleted` are outside its ``ActivityProjection/kinds`` and change
/// nothing. So a review keeps counting on its day whatever later happens to its card or deck;
/// the store allows cram reviews of a suspended card (only a scheduled one is refused), and
/// those count as practice like any other. A deleted card is forgotten by the ledger: a review
/// or an undo naming it later (which the store refuses, so only a log from elsewhere holds one)
/// is ignored, as for a card never created.
///
/// Calendar: 1 March 2026 is a Sunday; Mon 2 – Sun 8 is a week.
@Suite struct ActivityCardLifecycleTests {
    let projection = try! ActivityProjection(defaultCutoffHour: 4)

    /// One event of a history, at a local time.
    enum Step: Sendable {
        case deck(UInt64)
        case card(UInt64, deck: UInt64)
        case review(UInt64, Rating, ReviewMode)
        /// Undoes the card's latest review not yet undone.
        case undo(UInt64)
        case suspend(UInt64)
        case unsuspend(UInt64)
        case deleteCard(UInt64)
        case deleteDeck(UInt64)
    }

    /// What one local day holds: reviews (every mode), of them cram ones, and new cards.
    struct DayCounts: Sendable, Equatable, CustomStringConvertible {
        var reviews: Int
        var cram: Int
        var newCards: Int
        init(_ reviews: Int, cram: Int = 0, new: Int = 0) { (self.reviews, self.cram, self.newCards) = (reviews, cram, new) }
        var description: String { "\(reviews) reviews (\(cram) cram, \(newCards) new)" }
    }

    struct LifecycleCase: Sendable, CustomTestStringConvertible {
        let name: String
        /// The events, each at its local time (steps on one day are a minute apart, in order).
        let steps: [(day: Int, step: Step)]
        /// Every day with activity (March date → counts); no other day may hold any.
        let days: [Int: DayCounts]
        let runs: [ClosedRange<Int>]
        /// Reviews net of undone ones, as the achievements count them.
        let reviews: Int
        /// The unlocks in order: rule and the index in ``steps`` of the event that earned it.
        let unlocks: [(rule: String, by: Int)]
        var testDescription: String { name }
    }

    static let table: [LifecycleCase] = [
        // Card 1 good on the 2nd (its first scheduled review: new), again on the 3rd, then
        // suspended on the 3rd; card 2 good on the 4th (new). The suspension takes nothing back:
        // one review a day, runs 2–4, 3 reviews. First review: index 3.
        LifecycleCase(name: "reviews of a card later suspended keep their days",
                      steps: [(1, .deck(1)), (1, .card(1, deck: 1)), (1, .card(2, deck: 1)),
                              (2, .review(1, .good, .scheduled)), (3, .review(1, .again, .scheduled)), (3, .suspend(1)),
                              (4, .review(2, .good, .scheduled))],
                      days: [2: DayCounts(1, new: 1), 3: DayCounts(1), 4: DayCounts(1, new: 1)],
                      runs: [2...4], reviews: 3, unlocks: [("first-review", 3)]),
        // Card 1 suspended on the 1st; cram reviews on the 2nd and 3rd (the store allows cram of
        // a suspended card): practice, but not new (new means the first scheduled review).
        // Unsuspended on the 4th and graded on a schedule: its first scheduled review, new on the
        // 4th. Runs 2–4, 3 reviews; First Steps at the first cram review (index 3: any mode counts).
        LifecycleCase(name: "cram reviews of a suspended card count as practice, never as new",
                      steps: [(1, .deck(1)), (1, .card(1, deck: 1)), (1, .suspend(1)),
                              (2, .review(1, .good, .cram)), (3, .review(1, .again, .cram)), (4, .unsuspend(1)),
                              (4, .review(1, .good, .scheduled))],
                      days: [2: DayCounts(1, cram: 1), 3: DayCounts(1, cram: 1), 4: DayCounts(1, new: 1)],
                      runs: [2...4], reviews: 3, unlocks: [("first-review", 3)]),
        // Suspended card, cram reviews on the 2nd and 3rd, the 3rd's undone: the 3rd is empty
        // again (no day entry), run 2 only, 1 review.
        LifecycleCase(name: "undoing a suspended card's cram review empties its day",
                      steps: [(1, .deck(1)), (1, .card(1, deck: 1)), (1, .suspend(1)),
                              (2, .review(1, .good, .cram)), (3, .review(1, .easy, .cram)), (3, .undo(1))],
                      days: [2: DayCounts(1, cram: 1)], runs: [2...2], reviews: 1, unlocks: [("first-review", 3)]),
        // Deck 1's card 1 reviewed Mon 2 – Thu 5 (indexes 4–7; new on the 2nd), deck 1 deleted on
        // Thursday 5 (8); deck 2's card 2 reviewed Fri 6 – Sun 8 (9–11; new on the 6th). The
        // deletion takes nothing back: one review a day 2–8, Sunday's (11) completes the streak
        // and the week. 7 reviews.
        LifecycleCase(name: "a deleted deck's reviews still count toward streaks and the week",
                      steps: [(1, .deck(1)), (1, .deck(2)), (1, .card(1, deck: 1)), (1, .card(2, deck: 2)),
                              (2, .review(1, .good, .scheduled)), (3, .review(1, .good, .scheduled)),
                              (4, .review(1, .hard, .scheduled)), (5, .review(1, .good, .scheduled)), (5, .deleteDeck(1)),
                              (6, .review(2, .good, .scheduled)), (7, .review(2, .easy, .scheduled)),
                              (8, .review(2, .good, .scheduled))],
                      days: [2: DayCounts(1, new: 1), 3: DayCounts(1), 4: DayCounts(1), 5: DayCounts(1),
                             6: DayCounts(1, new: 1), 7: DayCounts(1), 8: DayCounts(1)],
                      runs: [2...8], reviews: 7,
                      unlocks: [("first-review", 4), ("full-week", 11), ("streak-7", 11)]),
        // Card 1 good on the 2nd (new) and the 3rd, then deleted on the 3rd; on the 4th an undo of
        // its latest review (the 3rd's) and a review of it, both refused by the store, are ignored
        // (were they not, the 3rd would be empty and the 4th hold 2 reviews); card 2 good on the
        // 4th (new). Days 2, 3, 4 one review each, 3 reviews.
        LifecycleCase(name: "a deleted card's reviews stay; later reviews and undos of it are ignored",
                      steps: [(1, .deck(1)), (1, .card(1, deck: 1)), (1, .card(2, deck: 1)),
                              (2, .review(1, .good, .scheduled)), (3, .review(1, .good, .scheduled)), (3, .deleteCard(1)),
                              (4, .undo(1)), (4, .review(1, .easy, .scheduled)), (4, .review(2, .good, .scheduled))],
                      days: [2: DayCounts(1, new: 1), 3: DayCounts(1), 4: DayCounts(1, new: 1)],
                      runs: [2...4], reviews: 3, unlocks: [("first-review", 3)]),
    ]

    /// Each history, at each offset, leaves exactly the expected daily counts, runs, net review
    /// count and unlocks.
    @Test(arguments: table, tableOffsets)
    func lifecycleEventsTakeNoPracticeBack(_ row: LifecycleCase, utcOffsetSeconds offset: Int) throws {
        var script = EventScript(utcOffsetSeconds: offset)
        var reviews: [UInt64: [RecordedEvent]] = [:]
        var minute: [Int: Int] = [:]
        for (day, step) in row.steps {
            let at = LocalTime(day, 12, minute[day, default: 0]).instant(utcOffsetSeconds: offset)
            minute[day, default: 0] += 1
            switch step {
            case .deck(let n):
                script.record(.deckCreated(DeckCreated(deck: testDeck(n), name: "Deck \(n)")), stream: .deck(testDeck(n)), at: at)
            case .card(let n, let deck):
                script.record(.cardCreated(CardCreated(card: testCard(n), deck: testDeck(deck), front: "f\(n)", back: "b\(n)")),
                              stream: .card(testCard(n)), at: at)
            case .review(let n, let rating, let mode):
                reviews[n, default: []].append(script.review(n, rating, mode: mode, at: at))
            case .undo(let n):
                let latest = reviews[n]?.popLast()
                script.undo(try #require(latest), at: at)
            case .suspend(let n):
                script.record(.cardSuspended(CardSuspended(card: testCard(n))), stream: .card(testCard(n)), at: at)
            case .unsuspend(let n):
                script.record(.cardUnsuspended(CardUnsuspended(card: testCard(n))), stream: .card(testCard(n)), at: at)
            case .deleteCard(let n):
                script.deleteCard(n, at: at)
            case .deleteDeck(let n):
                script.record(.deckDeleted(DeckDeleted(deck: testDeck(n))), stream: .deck(testDeck(n)), at: at)
            }
        }
        let state = activityFoldedBothWays(projection, script.events)
        let profile = script.profile
        var counted: [Int: DayCounts] = [:]
        for (key, counts) in state.dailyStats.table where key.profile == IDKey(profile) {
            let date = Int(key.day - dayNumber(2026, 3, 1)) + 1
            counted[date] = DayCounts(counts.reviews, cram: counts.cramReviews, new: counts.newCards)
        }
        #expect(counted == row.days)
        #expect(state.streaks.runs(profile: profile) == marchRuns(row.runs))
        #expect(state.achievements.profiles[IDKey(profile)]?.reviews == row.reviews)
        let unlocked = state.achievements.unlocked(profile: profile)
        #expect(unlocked.map(\.rule.id) == row.unlocks.map(\.rule))
        #expect(unlocked.map(\.unlock.position) == row.unlocks.map { UInt64($0.by + 1) })   // positions start at 1
    }

    /// Suspensions are outside the fold's kinds, and folding them changes nothing; neither does
    /// the deletion of a deck never created: a suspension, an unsuspension and such a deletion
    /// leave an activity state with a reviewed card exactly as it was (so a batch that skips
    /// them agrees).
    @Test func suspensionAndAnUnknownDeckDeletionChangeNothing() {
        #expect(!projection.kinds.contains(.cardSuspended(CardSuspended(card: testCard(1)))))
        #expect(!projection.kinds.contains(.cardUnsuspended(CardUnsuspended(card: testCard(1)))))
        var script = EventScript()
        script.createCard(1, at: utc(2026, 3, 2, 9))
        script.review(1, .good, at: utc(2026, 3, 2, 10))
        let before = fold(projection, script.events)
        script.record(.cardSuspended(CardSuspended(card: testCard(1))), stream: .card(testCard(1)), at: utc(2026, 3, 2, 11))
        script.record(.cardUnsuspended(CardUnsuspended(card: testCard(1))), stream: .card(testCard(1)), at: utc(2026, 3, 2, 12))
        script.record(.deckDeleted(DeckDeleted(deck: DeckID(testUUID(0xD001)))), stream: .deck(DeckID(testUUID(0xD001))),
                      at: utc(2026, 3, 2, 13))
        #expect(fold(projection, script.events) == before)
    }
}
