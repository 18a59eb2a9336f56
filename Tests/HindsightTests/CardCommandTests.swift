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

    /// Reset to new and set due date: a new card is refused both; a reset card is new again and
    /// its earlier review can no longer be undone; a due date is the start of the local day asked
    /// for, and an out-of-range one is refused naming the field.
    @Test func aCardIsResetAndGivenADueDate() async throws {
        let f = try await cardOfAda()
        let ada = Ids.profile(1)
        let card = Ids.card(1)
        for command in [VocabularyCommand.resetCard(card), .setDueDate(card, daysFromToday: 2)] {
            do {
                try await f.send(ada, StoreFixture.time(minutes: 3), .vocabulary(command))
                Issue.record("\(command) of a new card was accepted")
            } catch {
                #expect(error.code == .invalidState && error.field == "card")
            }
        }
        try await f.send(ada, StoreFixture.time(minutes: 4), .vocabulary(.review(card, rating: .good, duration: .milliseconds(2000))))
        try await f.send(ada, StoreFixture.time(minutes: 5), .vocabulary(.resetCard(card)))
        #expect(try #require(await f.store.vocabulary().card(card)).isNew)
        await #expect(throws: StoreError.self) {
            try await f.send(ada, StoreFixture.time(minutes: 6), .vocabulary(.undoLastReview(card)))
        }
        try await f.send(ada, StoreFixture.time(minutes: 7), .vocabulary(.review(card, rating: .good, duration: .milliseconds(2000))))
        do {
            try await f.send(ada, StoreFixture.time(minutes: 8), .vocabulary(.setDueDate(card, daysFromToday: -1)))
            Issue.record("a due date in the past was accepted")
        } catch {
            #expect(error.code == .invalidValue && error.field == "daysFromToday")
            #expect(error.message == "daysFromToday -1 is not 0 … 36500; give 0 for today, 1 for tomorrow")
        }
        let now = StoreFixture.time(minutes: 9)
        try await f.send(ada, now, .vocabulary(.setDueDate(card, daysFromToday: 3)))
        let vocabulary = await f.store.vocabulary()
        #expect(vocabulary.card(card)?.due == vocabulary.startOfDay(3, after: now, profile: ada))
        #expect(vocabulary.card(card)?.undoableReviews == 0)
    }
}
