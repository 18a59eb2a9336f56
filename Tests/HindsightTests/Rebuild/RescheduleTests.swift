import Foundation
import Testing
import TestSupport
import FSRS
@testable import Hindsight

/// `rebuild --apply --reschedule`: one reschedule command per profile; every reviewed card's
/// schedule becomes the one a full recomputation of its history under the new parameters gives,
/// the audit shows the reschedule, and undoing the card's next review afterwards restores it.
@Suite struct RescheduleTests {
    static let now = StoreFixture.time(days: 40)

    /// A seeded history, then a reschedule under FSRS-5's defaults and retention 0.85.
    static func rescheduled(seed: UInt64) async throws -> (StoreFixture, ScheduleRebuild, ScheduleRebuild.Outcome) {
        let f = try await StoreFixture()
        try await History.send(to: f, seed: seed, days: 30)
        try await f.store.close()
        let rebuild = try ScheduleRebuild(configuration: ReadModelConfiguration(), parameters: .fsrs5Default, desiredRetention: 0.85)
        let outcome = try await rebuild.run(dataDirectory: f.directory.path, now: Self.now)
        var n: UInt64 = 0
        _ = try await ParameterChangeRecorder.record(rebuild, outcome: outcome, dataDirectory: f.directory.path,
                                                     reschedule: true, at: Self.now) {
            n += 1
            return EventID(Ids.uuid(0xAC, n))
        }
        try await f.reopen()
        return (f, rebuild, outcome)
    }

    @Test(arguments: [1, 7, 19] as [UInt64])
    func everyDueDateEqualsAFullRecomputation(seed: UInt64) async throws {
        let (f, rebuild, outcome) = try await Self.rescheduled(seed: seed)
        let recompute = try rebuild.rebuiltConfiguration().scheduler
        let vocabulary = await f.store.vocabulary()
        let cards = vocabulary.scheduledCards(of: Ids.profile(1))
        #expect(cards.count == 12)
        var moved = 0
        for card in cards {
            // The audit's recomputed column replays the card's reviews under the new configuration.
            let audit = try await CardAuditor.audit(card: card.id, dataDirectory: f.directory.path,
                                                    defaultConfiguration: ReadModelConfiguration().scheduler,
                                                    recomputeWith: recompute)
            let full = audit.reviews.last { $0.recomputed != nil }?.recomputed?.state
            #expect(card.schedule == full, "seed \(seed), card \(card.id)")
            #expect(card.schedule?.dueMs == full?.dueMs)
            #expect(audit.scheduledState == card.schedule)
            #expect(audit.reschedules.count == 1)
            #expect(audit.reschedules.first?.parameters.count == 19)
            #expect(audit.reschedules.first?.desiredRetention == Double(Float(0.85)))
            #expect(audit.reschedules.first?.requestedBy == Ids.profile(1))
            if audit.reschedules.first?.dueBefore?.milliseconds != full?.dueMs { moved += 1 }
        }
        // The rebuild's report counted exactly the due dates that moved.
        #expect(outcome.report.cardsChangingDue == moved)
        #expect(moved > 0)
    }

    @Test func undoingTheNextReviewRestoresTheRescheduledState() async throws {
        let (f, rebuild, _) = try await Self.rescheduled(seed: 3)
        let card = Ids.card(1)
        let rescheduled = try #require(await f.store.vocabulary().card(card)?.schedule)
        try await f.send(Ids.profile(1), Self.now, .vocabulary(.review(card, rating: .good, duration: .milliseconds(900))))
        let reviewed = try #require(await f.store.vocabulary().card(card)?.schedule)
        // The review after the reschedule schedules from the recomputed state under the new parameters.
        let audit = try await CardAuditor.audit(card: card, dataDirectory: f.directory.path,
                                                defaultConfiguration: ReadModelConfiguration().scheduler,
                                                recomputeWith: try rebuild.rebuiltConfiguration().scheduler)
        #expect(reviewed == audit.reviews.last?.recomputed?.state)
        #expect(reviewed == audit.reviews.last?.atTheTime?.state)
        #expect(reviewed != rescheduled)
        try await f.send(Ids.profile(1), Self.now, .vocabulary(.undoLastReview(card)))
        #expect(await f.store.vocabulary().card(card)?.schedule == rescheduled)
        let undone = try await CardAuditor.audit(card: card, dataDirectory: f.directory.path,
                                                 defaultConfiguration: ReadModelConfiguration().scheduler)
        #expect(undone.scheduledState == rescheduled)
    }

    @Test func aLogThatGrewSinceTheRebuildIsAConflict() async throws {
        let f = try await StoreFixture()
        try await History.send(to: f, seed: 5, days: 5)
        try await f.store.close()
        let rebuild = try ScheduleRebuild(configuration: ReadModelConfiguration(), parameters: .fsrs5Default)
        let outcome = try await rebuild.run(dataDirectory: f.directory.path, now: Self.now)
        try await f.reopen()
        try await f.send(Ids.profile(1), Self.now, .vocabulary(.review(Ids.card(2), rating: .good, duration: .milliseconds(900))))
        let error = await #expect(throws: StoreError.self) {
            try await ParameterChangeRecorder.record(rebuild, outcome: outcome, store: f.store, reschedule: true,
                                                     at: Self.now) { EventID(Ids.uuid(0xAD, 1)) }
        }
        #expect(error?.code == .conflict)
        #expect(error?.message.contains("run the rebuild again") == true)
    }

    @Test func aNeverReviewedCardIsRefused() async throws {
        let f = try await StoreFixture()
        try await f.send(Ids.profile(1), StoreFixture.time(), .profiles(.create(name: "P", isChild: false)))
        try await f.send(Ids.profile(1), StoreFixture.time(), .vocabulary(.createDeck(Ids.deck(1), name: "D")))
        try await f.send(Ids.profile(1), StoreFixture.time(), .vocabulary(.createCard(Ids.card(1), deck: Ids.deck(1), front: "f", back: "b")))
        let card = try RescheduledCard(card: Ids.card(1), stability: 3, difficulty: 5, intervalDays: 3, dueMs: 0)
        let weights = FSRSParameters.fsrs5Default.weights.prefix(19).map(Double.init)
        let error = await #expect(throws: StoreError.self) {
            try await f.send(Ids.profile(1), Self.now, .profiles(.reschedule(parameters: weights, desiredRetention: nil, cards: [card])))
        }
        #expect(error?.code == .invalidState)
        #expect(error?.message.contains("never been reviewed") == true)
    }

    /// `optimize --apply` records the fitted parameters through the store: the next review is
    /// scheduled with them, and the audit shows them in force at that review.
    @Test func theAuditShowsParametersAppliedByTheOptimizer() async throws {
        let f = try await StoreFixture()
        try await History.send(to: f, seed: 11, days: 10)
        try await f.store.close()
        let fitted = FSRSParameters.fsrs5Default
        _ = try await ParameterChangeRecorder.record(fitted, profile: Ids.profile(1), dataDirectory: f.directory.path,
                                                     at: Self.now) { EventID(Ids.uuid(0xAE, 1)) }
        try await f.reopen()
        try await f.send(Ids.profile(1), Self.now, .vocabulary(.review(Ids.card(3), rating: .hard, duration: .milliseconds(900))))
        let audit = try await CardAuditor.audit(card: Ids.card(3), dataDirectory: f.directory.path,
                                                defaultConfiguration: ReadModelConfiguration().scheduler)
        let counted = audit.reviews.filter { $0.atTheTime != nil }
        let expected = ParametersInForce(try SchedulerConfiguration(parameters: fitted))
        #expect(counted.last?.atTheTime?.parameters.fingerprint == expected.fingerprint)
        #expect(counted.last?.atTheTime?.parameters.version == "FSRS-5")
        #expect(counted.dropLast().allSatisfy { $0.atTheTime?.parameters.version == "FSRS-6" })
        #expect(audit.recomputedWith.fingerprint == expected.fingerprint)
        #expect(audit.scheduledState == (await f.store.vocabulary().card(Ids.card(3))?.schedule))
    }
}
