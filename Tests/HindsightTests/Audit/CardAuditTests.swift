import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// Audits of cards built from the FSRS reference vectors, and of cards with settings changes,
/// cram and undone reviews.
@Suite struct CardAuditTests {
    static let pure = try! SchedulerConfiguration.memoryModel()
    let profile = HistoryBuilder.profile(1)
    let deck = HistoryBuilder.deck(1)
    let card = HistoryBuilder.card(1)

    /// Card created a minute before its first review, then its reviews at their times, UTC.
    func history(of vectors: ReferenceCards.Card, parametersChangeAfter: Int? = nil) -> HistoryBuilder {
        var builder = HistoryBuilder()
        let first = vectors.reviews[0].review_time_ms
        builder.createDeck(deck, profile: profile, at: first - 120_000)
        builder.createCard(card, deck: deck, profile: profile, at: first - 60_000)
        for (index, review) in vectors.reviews.enumerated() {
            builder.review(card, review.rating, profile: profile, at: review.review_time_ms)
            if index + 1 == parametersChangeAfter {
                builder.changeParameters(.fsrs5Default, profile: profile, at: review.review_time_ms + 1000, count: 19)
            }
        }
        return builder
    }

    @Test(arguments: ReferenceCards.all)
    func showsTheReferenceStatesReviewByReview(vectors: ReferenceCards.Card) async throws {
        let builder = history(of: vectors)
        let audit = try CardAuditor.audit(card: card, events: builder.events, defaultConfiguration: Self.pure)
        #expect(audit.reviews.count == vectors.reviews.count)
        #expect(audit.differing.isEmpty)
        for (row, expected) in zip(audit.reviews, vectors.reviews) {
            let then = try #require(row.atTheTime)
            #expect(row.status == .counted)
            #expect(row.rating == expected.rating)
            #expect(then.elapsedDays == expected.delta_t)
            #expect(abs(Double(then.stabilityAfter) - expected.stability) <= 1e-4 * max(1, expected.stability))
            #expect(abs(Double(then.difficultyAfter) - expected.difficulty) <= 1e-4)
            if let r = expected.retrievability {
                #expect(abs(Double(try #require(then.retrievability)) - r) <= 1e-5)
            } else {
                #expect(then.retrievability == nil)
            }
            let days = try #require(expected.interval_days["0.9"])
            if expected.interval_near_tie["0.9"] == true {
                #expect(abs(then.intervalDays - days) <= 1)
            } else {
                #expect(then.intervalDays == days)
            }
            #expect(then.intervalBeforeFuzz == then.intervalDays)
            #expect(then.parameters.version == "FSRS-6")
        }
        // "As scheduled at the time" is what the vocabulary read model holds.
        let models = try await HistoryBuilder.fold(builder.events, configuration: ReadModelConfiguration(scheduler: Self.pure))
        let summary = await models.vocabulary.read { $0.card(card) }
        #expect(summary?.schedule == audit.scheduledState)
    }

    @Test(arguments: [1, 3, 5])
    func columnsDifferExactlyAfterAParameterChange(changeAfter: Int) async throws {
        // A random card whose stability never reaches the 36500-day clamp (where any parameters agree).
        let vectors = try #require(ReferenceCards.all.first { $0.kind == "random" && $0.reviews.count >= 8 })
        let builder = history(of: vectors, parametersChangeAfter: changeAfter)
        // Recomputed under the defaults the card started with.
        let audit = try CardAuditor.audit(card: card, events: builder.events, defaultConfiguration: Self.pure,
                                          recomputeWith: Self.pure)
        #expect(audit.reviews.map(\.differs) == audit.reviews.indices.map { $0 >= changeAfter })
        #expect(audit.reviews.map { $0.atTheTime?.parameters.version }
                == audit.reviews.indices.map { $0 >= changeAfter ? "FSRS-5" : "FSRS-6" })
        #expect(audit.reviews.allSatisfy { $0.recomputed?.parameters.version == "FSRS-6" })

        // By default the recomputed column uses today's parameters: FSRS-5 from the first review,
        // so the first review already differs.
        let today = try CardAuditor.audit(card: card, events: builder.events, defaultConfiguration: Self.pure)
        #expect(today.recomputedWith.version == "FSRS-5")
        #expect(today.reviews.allSatisfy { $0.recomputed?.parameters.version == "FSRS-5" })
        #expect(today.reviews.first?.differs == true)

        let models = try await HistoryBuilder.fold(builder.events, configuration: ReadModelConfiguration(scheduler: Self.pure))
        #expect(await models.vocabulary.read { $0.card(card) }?.schedule == audit.scheduledState)
    }

    @Test func cramAndUndoneReviewsAreListedButDoNotCount() async throws {
        var builder = HistoryBuilder()
        let day: Int64 = 86_400_000
        let start: Int64 = 1_704_790_800_000 // 2024-01-09 09:00 UTC
        builder.createDeck(deck, profile: profile, at: start - 2000)
        builder.createCard(card, deck: deck, profile: profile, at: start - 1000)
        builder.review(card, 3, profile: profile, at: start)
        builder.review(card, 1, profile: profile, at: start + day, mode: .cram)
        let wrong = builder.review(card, 1, profile: profile, at: start + 3 * day)
        builder.undo(wrong, card: card, profile: profile, at: start + 3 * day + 5000)
        builder.review(card, 4, profile: profile, at: start + 3 * day + 10_000)
        let configuration = ReadModelConfiguration()
        let audit = try CardAuditor.audit(card: card, events: builder.events, defaultConfiguration: configuration.scheduler)
        #expect(audit.reviews.map(\.status) == [.counted, .cram, .undone, .counted])
        #expect(audit.reviews.map { $0.atTheTime == nil } == [false, true, true, false])
        #expect(audit.reviews[3].atTheTime?.elapsedDays == 3)
        let models = try await HistoryBuilder.fold(builder.events, configuration: configuration)
        #expect(await models.vocabulary.read { $0.card(card) }?.schedule == audit.scheduledState)

        // Same as a history that never had them.
        var plain = HistoryBuilder()
        plain.createDeck(deck, profile: profile, at: start - 2000)
        plain.createCard(card, deck: deck, profile: profile, at: start - 1000)
        plain.review(card, 3, profile: profile, at: start)
        plain.review(card, 4, profile: profile, at: start + 3 * day + 10_000)
        let reference = try CardAuditor.audit(card: card, events: plain.events, defaultConfiguration: configuration.scheduler)
        #expect(reference.scheduledState == audit.scheduledState)
    }

    /// On a log the store did not write, reviews outside the card's history are listed as
    /// ignored, each with its reason, and count nowhere: an undo by another profile, or of a
    /// review followed by a later scheduled one, takes nothing back.
    @Test func reviewsTheStoreWouldRefuseAreListedAsIgnoredWithTheirReason() async throws {
        var builder = HistoryBuilder()
        let day: Int64 = 86_400_000
        let start: Int64 = 1_704_790_800_000 // 2024-01-09 09:00 UTC
        let other = HistoryBuilder.profile(2)
        builder.createDeck(deck, profile: profile, at: start - 3000)
        builder.review(card, 2, profile: profile, at: start - 2000)                     // before the card exists
        builder.createCard(card, deck: deck, profile: profile, at: start - 1000)
        let first = builder.review(card, 3, profile: profile, at: start)
        builder.review(card, 1, profile: other, at: start + day)                        // not its owner
        builder.review(card, 4, profile: profile, at: start + 2 * day)
        builder.undo(first, card: card, profile: profile, at: start + 2 * day + 1000)   // a later review follows
        let last = builder.review(card, 3, profile: profile, at: start + 3 * day)
        builder.undo(last, card: card, profile: other, at: start + 3 * day + 1000)      // not its owner
        builder.add(.cardDeleted(CardDeleted(card: card)), stream: .card(card), profile: profile, at: start + 4 * day)
        builder.review(card, 3, profile: profile, at: start + 5 * day)                  // after its deletion
        let configuration = ReadModelConfiguration()
        let audit = try CardAuditor.audit(card: card, events: builder.events, defaultConfiguration: configuration.scheduler)
        #expect(audit.reviews.map(\.status) == [.ignored, .counted, .ignored, .counted, .counted, .ignored])
        #expect(audit.reviews.map(\.excludedBecause) == [.beforeCreation, nil, .otherProfile, nil, nil, .cardGone])
        #expect(audit.reviews.map { $0.atTheTime == nil } == [true, false, true, false, false, true])
        let models = try await HistoryBuilder.fold(builder.events, configuration: configuration)
        #expect(await models.vocabulary.read { $0.card(card) }?.schedule == audit.scheduledState)
        let json = String(decoding: try JSONEncoder().encode(audit.reviews[0]), as: UTF8.self)
        #expect(json.contains(#""status":"ignored""#) && json.contains(#""excludedBecause":"before-creation""#))
    }

    @Test func auditsTheLogOfADataDirectoryAsOfAPosition() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let vectors = try #require(ReferenceCards.all.first { $0.reviews.count >= 4 })
        let builder = history(of: vectors)
        try await builder.write(to: dir.path)
        let whole = try await CardAuditor.audit(card: card, dataDirectory: dir.path, defaultConfiguration: Self.pure)
        #expect(whole.reviews.count == vectors.reviews.count)
        #expect(whole.position == UInt64(builder.events.count))
        let early = try await CardAuditor.audit(card: card, dataDirectory: dir.path, asOf: .position(4),
                                                defaultConfiguration: Self.pure)
        #expect(early.reviews.count == 2)
        #expect(early.reviews == Array(whole.reviews.prefix(2)))
        let instant = builder.events[4].recordedAt
        let byTime = try await CardAuditor.audit(card: card, dataDirectory: dir.path, asOf: .instant(instant),
                                                 defaultConfiguration: Self.pure)
        #expect(byTime.reviews.count == 3)
    }

    @Test func unknownCardsAndMissingLogsAreErrors() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let error = try await #require(throws: HistoryError.self) {
            try await CardAuditor.audit(card: card, dataDirectory: dir.path, defaultConfiguration: Self.pure)
        }
        #expect(error.code == .missingLog)
        #expect(error.message.contains("pass the store's data directory with --data-dir"))

        let builder = history(of: try #require(ReferenceCards.all.first))
        try await builder.write(to: dir.path)
        let before = try await #require(throws: HistoryError.self) {
            try await CardAuditor.audit(card: card, dataDirectory: dir.path, asOf: .position(1), defaultConfiguration: Self.pure)
        }
        #expect(before.code == .unknownCard)
        #expect(before.position == 1)
        let beyond = try await #require(throws: HistoryError.self) {
            try await CardAuditor.audit(card: card, dataDirectory: dir.path, asOf: .position(999), defaultConfiguration: Self.pure)
        }
        #expect(beyond.code == .positionBeyondEnd)
        #expect(beyond.message.contains("the log ends at position \(builder.events.count)"))
    }
}
