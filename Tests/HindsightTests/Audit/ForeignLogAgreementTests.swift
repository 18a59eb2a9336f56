import Foundation
import Testing
import TestSupport
import FSRS
@testable import Hindsight

/// On logs the store would not have written (imports, other tools), the vocabulary read model,
/// the activity read model and the audit still tell one story of every card: the same reviews
/// count, in the card state, in DailyStats and in the audit's columns (see "What the read
/// models promise" in the README).
///
/// Seeded random histories of two profiles and a handful of cards mix what the store writes
/// with what it refuses: reviews before a card exists or after it is deleted, reviews and
/// undos by a profile that does not own the card, a card created twice or again after its
/// deletion, undos of a review that is not the latest, too old, already undone, not yet
/// recorded or unknown, deck deletions (then reviews, moves and creations in the deleted deck),
/// and cards moved between decks; and changes of each profile's FSRS parameters,
/// desired retention and day cut-off along the way.
@Suite struct ForeignLogAgreementTests {
    static let configuration = ReadModelConfiguration()
    let profiles = [HistoryBuilder.profile(1), HistoryBuilder.profile(2)]
    /// Profile 1 owns decks 1 and 3, profile 2 deck 2.
    let decks = [HistoryBuilder.deck(1), HistoryBuilder.deck(2), HistoryBuilder.deck(3)]
    let cards = (1...5).map { HistoryBuilder.card(UInt32($0)) }

    /// A random foreign history of about `length` events.
    func history(seed: UInt64, length: Int) -> HistoryBuilder {
        var random = SplitMix64(seed: seed)
        var builder = HistoryBuilder()
        var ms: Int64 = 1_750_000_000_000
        builder.createDeck(decks[0], profile: profiles[0], at: ms)
        builder.createDeck(decks[1], profile: profiles[1], at: ms)
        builder.createDeck(decks[2], profile: profiles[0], at: ms)
        var reviews: [CardID: [RecordedEvent]] = [:]
        for _ in 0..<length {
            ms += Int64.random(in: 60_000...(3 * 86_400_000), using: &random)
            let index = Int.random(in: 0..<cards.count, using: &random)
            let card = cards[index]
            let owner = index % 2
            // One of the owner's decks (profile 1 has two).
            let deck = owner == 0 && Bool.random(using: &random) ? decks[2] : decks[owner]
            // Mostly the owner; now and then the other profile.
            let actor = profiles[Int.random(in: 0..<10, using: &random) == 0 ? 1 - owner : owner]
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<8:
                builder.createCard(card, deck: deck, profile: profiles[owner], at: ms)
            case 8..<60:
                let mode: ReviewMode = Int.random(in: 0..<5, using: &random) == 0 ? .cram : .scheduled
                let review = builder.review(card, Int.random(in: 1...4, using: &random), profile: actor, at: ms, mode: mode)
                reviews[card, default: []].append(review)
            case 60..<85:
                let past = reviews[card] ?? []
                if past.isEmpty || Int.random(in: 0..<8, using: &random) == 0 {
                    // An unknown review, or one recorded later (an undo cannot come first).
                    let id = EventID(HistoryBuilder.uuid(8, UInt32.random(in: 0...1000, using: &random)))
                    builder.add(.reviewUndone(ReviewUndone(card: card, review: id)), stream: .card(card), profile: actor, at: ms)
                } else {
                    // Usually the latest, otherwise any earlier one.
                    let review = Int.random(in: 0..<2, using: &random) == 0 ? past.last! : past.randomElement(using: &random)!
                    builder.undo(review, card: card, profile: actor, at: ms)
                }
            case 85..<89:
                builder.add(.cardDeleted(CardDeleted(card: card)), stream: .card(card), profile: actor, at: ms)
            case 89..<90:
                builder.add(.deckDeleted(DeckDeleted(deck: deck)), stream: .deck(deck), profile: profiles[owner], at: ms)
            case 93..<97:
                // To one of the owner's decks, now and then one deleted by then.
                let from = decks[(index + 1) % 3]
                builder.add(.cardMoved(CardMoved(card: card, fromDeck: from, toDeck: deck)), stream: .card(card), profile: actor, at: ms)
            case 90..<93:
                // The scheduling in force changes for one profile: the reviews after it use it.
                switch Int.random(in: 0..<4, using: &random) {
                case 0: builder.changeParameters(.fsrs5Default, profile: actor, at: ms, count: 19)
                case 1: builder.changeParameters(.fsrs6Default, profile: actor, at: ms)
                case 2: builder.changeRetention([0.8, 0.85, 0.9, 0.95].randomElement(using: &random)!, profile: actor, at: ms)
                default:
                    let hour = try! HourOfDay(Int.random(in: 0...6, using: &random))
                    builder.add(.dayCutoffChanged(DayCutoffChanged(hour: hour)), stream: .profile(actor), profile: actor, at: ms)
                }
            default:
                let review = builder.review(card, Int.random(in: 1...4, using: &random), profile: actor, at: ms)
                reviews[card, default: []].append(review)
            }
        }
        return builder
    }

    /// What DailyStats must hold for `audits`' reviews, per profile, over all days.
    static func expectedTotals(of audits: [CardAudit]) -> [ProfileID: ActivityCounts] {
        var totals: [ProfileID: ActivityCounts] = [:]
        for audit in audits {
            var counts = totals[audit.profile] ?? ActivityCounts()
            var introduced = false
            for review in audit.reviews where review.status == .counted || review.status == .cram {
                switch review.rating {
                case 1: counts.again += 1
                case 2: counts.hard += 1
                case 3: counts.good += 1
                default: counts.easy += 1
                }
                counts.reviewTimeMs += 5_000
                if review.status == .cram {
                    counts.cramReviews += 1
                } else {
                    counts.scheduledReviews += 1
                    if review.rating >= 2 { counts.scheduledPassed += 1 }
                    if !introduced { counts.newCards += 1 }
                    introduced = true
                }
            }
            totals[audit.profile] = counts
        }
        return totals
    }

    @Test(arguments: 0..<24 as Range<UInt64>)
    func vocabularyActivityAndAuditCountTheSameReviews(seed: UInt64) async throws {
        let builder = history(seed: seed, length: 160)
        let models = try await HistoryBuilder.fold(builder.events, configuration: Self.configuration)
        var audits: [CardAudit] = []
        for card in cards {
            guard let summary = await models.vocabulary.read({ $0.card(card) }) else { continue }
            let audit = try CardAuditor.audit(card: card, events: builder.events,
                                              defaultConfiguration: Self.configuration.scheduler)
            #expect(audit.profile == summary.profile, "seed \(seed), card \(card)")
            #expect(summary.schedule == audit.scheduledState, "seed \(seed), card \(card)")
            #expect(summary.cramReviews == audit.reviews.count { $0.status == .cram }, "seed \(seed), card \(card)")
            // Every review of the card is listed; the ignored ones with a reason, only they.
            let reviews = builder.events.filter { if case .reviewGraded(let r) = $0.event { r.card == card } else { false } }
            #expect(audit.reviews.map(\.position) == reviews.map(\.position), "seed \(seed), card \(card)")
            #expect(audit.reviews.allSatisfy { ($0.status == .ignored) == ($0.excludedBecause != nil) })
            audits.append(audit)
        }
        let expected = Self.expectedTotals(of: audits)
        for profile in profiles {
            let totals = await models.activity.read { $0.dailyStats.totals(profile: profile, from: -1_000_000, through: 1_000_000) }
            #expect(totals == expected[profile] ?? ActivityCounts(), "seed \(seed), profile \(profile)")
        }
    }

    /// The FSRS revlog export writes exactly the audits' counted reviews, in log order, each
    /// with the card's phase before it as the audit's recomputed column has it, and its cram
    /// reviews in state 4.
    @Test(arguments: 0..<6 as Range<UInt64>)
    func theRevlogExportHasTheAuditsCountedReviews(seed: UInt64) async throws {
        let builder = history(seed: seed, length: 160)
        let data = try TemporaryDirectory()
        defer { data.remove() }
        try await builder.write(to: data.path)
        let out = data.appending("revlog.csv").path
        _ = try LogExporter(dataDirectory: data.path, personalData: .redact(salt: "x"))
            .exportRevlog(to: out, scheduler: Self.configuration.scheduler)
        let rows = try RevlogCSV.parse(String(contentsOfFile: out, encoding: .utf8))
        var expected: [(position: UInt64, row: RevlogRow)] = []
        for card in cards {
            // The export replays every review with one configuration: the audit's recomputed column.
            guard let audit = try? CardAuditor.audit(card: card, events: builder.events,
                                                     defaultConfiguration: Self.configuration.scheduler,
                                                     recomputeWith: Self.configuration.scheduler) else { continue }
            var before: CardState?
            for review in audit.reviews where review.status == .counted || review.status == .cram {
                guard review.status == .counted else {
                    expected.append((review.position, RevlogRow(cardID: card.revlogID, reviewTimeMs: review.time.instant.milliseconds,
                                                                rating: review.rating, state: .filtered, durationMs: 5_000)))
                    continue
                }
                let state = before.map { RevlogRow.State(rawValue: $0.phase.rawValue) ?? .review } ?? .new
                expected.append((review.position, RevlogRow(cardID: card.revlogID, reviewTimeMs: review.time.instant.milliseconds,
                                                            rating: review.rating, state: state, durationMs: 5_000)))
                before = review.recomputed?.state
            }
        }
        // Rows compared without the line numbers the parser adds.
        func fields(_ row: RevlogRow) -> String { "\(row.cardID) \(row.reviewTimeMs) \(row.rating) \(row.state) \(row.durationMs)" }
        #expect(rows.map(fields) == expected.sorted { $0.position < $1.position }.map { fields($0.row) }, "seed \(seed)")
    }

    /// The same histories folded one event at a time (the live path) agree with the batch fold.
    @Test(arguments: 0..<8 as Range<UInt64>)
    func eventByEventEqualsTheBatchFold(seed: UInt64) async throws {
        let builder = history(seed: seed, length: 160)
        let batch = try await HistoryBuilder.fold(builder.events, configuration: Self.configuration)
        let single = try ReadModels(configuration: Self.configuration)
        for event in builder.events {
            for projector in single.all { await projector.apply([event]) }
        }
        for (one, all) in zip(single.all, batch.all) {
            let (a, b) = (await one.snapshot(), await all.snapshot())
            #expect(a.state == b.state, "seed \(seed), \(a.projection)")
        }
    }
}
