import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// The card commands added for the flashcards app (bury), and the card content query, through
/// the store: given a card, when a command, then the read models or the refusal.
@Suite struct CardCommandTests {
    func cardOfAda() async throws -> StoreFixture {
        let f = try await StoreFixture()
        let ada = Ids.profile(1)
        try await f.send(ada, StoreFixture.time(), .profiles(.create(name: "Ada", isChild: false)))
        try await f.send(ada, StoreFixture.time(minutes: 1), .vocabulary(.createDeck(Ids.deck(1), name: "French")))
        try await f.send(ada, StoreFixture.time(minutes: 2), .vocabulary(.createCard(Ids.card(1), deck: Ids.deck(1),
                                                                                    front: "chien", back: "dog")))
        return f
    }

    @Test func aCardShowsItsContentFromTheStore() async throws {
        let f = try await cardOfAda()
        let ada = Ids.profile(1)
        try await f.send(ada, StoreFixture.time(minutes: 3), .vocabulary(.attachTranslation(Ids.card(1), translation: "Hund", language: "de")))
        try await f.send(ada, StoreFixture.time(minutes: 4), .vocabulary(.attachExampleSentence(Ids.card(1), sentence: "Le chien dort.", generator: "m1")))
        let content = try #require(await f.store.cardContent(Ids.card(1)))
        #expect(content.front == "chien" && content.back == "dog")
        #expect(content.translations.map(\.text) == ["Hund"])
        #expect(content.translations.map(\.language.value) == ["de"])
        #expect(content.exampleSentences.map(\.sentence) == ["Le chien dort."])
        #expect(await f.store.cardContent(Ids.card(9)) == nil)
    }

    @Test func aBuriedCardLeavesTheQueueUntilTheNextLocalDay() async throws {
        let f = try await cardOfAda()
        let ada = Ids.profile(1)
        try await f.send(ada, StoreFixture.time(minutes: 3), .vocabulary(.buryCard(Ids.card(1))))
        let now = StoreFixture.time(minutes: 4)
        #expect(await f.store.vocabulary().dueQueue(profile: ada, at: now, limit: 5).newCards.isEmpty)
        #expect(await f.store.vocabulary().dueQueue(profile: ada, at: StoreFixture.time(days: 1), limit: 5).newCards.map(\.id) == [Ids.card(1)])
        await #expect(throws: StoreError.self) {
            try await f.send(ada, now, .vocabulary(.buryCard(Ids.card(1))))
        }
        do {
            try await f.send(ada, now, .vocabulary(.buryCard(Ids.card(1))))
        } catch {
            #expect(error.message == "card \(Ids.card(1)) is already buried until the next local day")
        }
        try await f.send(ada, StoreFixture.time(minutes: 5), .vocabulary(.suspendCard(Ids.card(1))))
        do {
            try await f.send(ada, StoreFixture.time(days: 1), .vocabulary(.buryCard(Ids.card(1))))
            Issue.record("a suspended card was buried")
        } catch {
            #expect(error.message.contains("is suspended, so already out of the queue; unsuspend it first"))
        }
    }

    @Test func aScheduledReviewOfACardNotDueIsAcceptedAsAnEarlyReview() async throws {
        let f = try await cardOfAda()
        let ada = Ids.profile(1)
        try await f.send(ada, StoreFixture.time(minutes: 3), .vocabulary(.review(Ids.card(1), rating: .easy, duration: .milliseconds(2000))))
        let due = try #require(await f.store.vocabulary().card(Ids.card(1))?.due)
        let early = StoreFixture.time(days: 1)
        #expect(early.instant < due, "the card is not due yet")
        try await f.send(ada, early, .vocabulary(.review(Ids.card(1), rating: .good, duration: .milliseconds(2000))))
        let card = try #require(await f.store.vocabulary().card(Ids.card(1)))
        #expect(card.schedule?.reps == 2)
        #expect(card.schedule?.lastReviewMs == early.instant.milliseconds)
    }
}
