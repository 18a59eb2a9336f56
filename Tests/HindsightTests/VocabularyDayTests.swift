import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// A scripted day in the vocabulary app, through the public API, with hand-checked read models.
@Suite struct VocabularyDayTests {
    @Test func aDayOfFlashcards() async throws {
        let f = try await StoreFixture()
        let ada = Ids.profile(1)
        try await f.send(ada, StoreFixture.time(), .profiles(.create(name: "Ada", isChild: false)))
        try await f.send(ada, StoreFixture.time(minutes: 1), .vocabulary(.createDeck(Ids.deck(1), name: "Spanish")))
        for n in 1...3 {
            try await f.send(ada, StoreFixture.time(minutes: 2), .vocabulary(.createCard(Ids.card(UInt64(n)), deck: Ids.deck(1),
                                                                                        front: "word \(n)", back: "palabra \(n)")))
        }
        try await f.send(ada, StoreFixture.time(minutes: 5), .vocabulary(.startStudySession(Ids.studySession(1), deck: Ids.deck(1))))
        try await f.send(ada, StoreFixture.time(minutes: 6), .vocabulary(.review(Ids.card(1), rating: .good, duration: .milliseconds(4000))))
        try await f.send(ada, StoreFixture.time(minutes: 7), .vocabulary(.review(Ids.card(2), rating: .again, duration: .milliseconds(6000))))
        try await f.send(ada, StoreFixture.time(minutes: 8), .vocabulary(.review(Ids.card(3), rating: .easy, duration: .milliseconds(2000))))
        // A mistaken grade, undone and given again.
        try await f.send(ada, StoreFixture.time(minutes: 9), .vocabulary(.review(Ids.card(2), rating: .again, duration: .milliseconds(1000))))
        let undo = try await f.send(ada, StoreFixture.time(minutes: 9), .vocabulary(.undoLastReview(Ids.card(2))))
        try await f.send(ada, StoreFixture.time(minutes: 10), .vocabulary(.review(Ids.card(2), rating: .good, duration: .milliseconds(3000))))
        try await f.send(ada, StoreFixture.time(minutes: 11), .vocabulary(.endStudySession(Ids.studySession(1))))
        try await f.send(ada, StoreFixture.time(minutes: 12), .vocabulary(.suspendCard(Ids.card(3))))

        #expect(undo.eventIDs.count == 1)
        #expect(await f.store.lastPosition() == 14)

        let vocabulary = await f.store.vocabulary()
        let card1 = try #require(vocabulary.card(Ids.card(1)))
        #expect(card1.schedule?.reps == 1)
        #expect(vocabulary.card(Ids.card(2))?.schedule?.reps == 2)
        #expect(vocabulary.card(Ids.card(3))?.isSuspended == true)
        #expect(vocabulary.decks(of: ada).map(\.cardCount) == [3])

        let stats = await f.store.dailyStats().today(profile: ada, at: StoreFixture.time(minutes: 30)).counts
        #expect(stats.again == 1)
        #expect(stats.good == 2)
        #expect(stats.easy == 1)
        #expect(stats.reviews == 4)
        #expect(stats.newCards == 3)
        #expect(stats.reviewTimeMs == 15_000)

        let streak = await f.store.streaks().streak(profile: ada, at: StoreFixture.time(minutes: 30))
        #expect(streak.current == 1)
        #expect(await f.store.profileName(ada) == .text("Ada"))
        #expect(await f.store.streamVersion(.card(Ids.card(2))) == 5)
    }
}
