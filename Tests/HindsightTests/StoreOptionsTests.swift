import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// `StoreOptions` configures every read-model rule it names (issue 20, build item 3): the
/// achievement table and the spelling mastery rule reach the folds, and what the store cannot
/// honour is refused at `Store.open`, with nothing created.
@Suite struct StoreOptionsTests {
    static let profile = ProfileID(UUID(uuidString: "00000000-0000-4000-8000-00000000AA01")!)
    static func options() -> StoreOptions { StoreOptions(clock: { Timestamp(milliseconds: 1_800_000_000_000) }) }
    static func time(_ minutes: Int64) -> EventTime {
        EventTime(instant: Timestamp(milliseconds: 1_772_442_000_000 + minutes * 60_000), utcOffset: .zero)
    }

    @Test(arguments: [
        ("scheduler", "desired retention 1.5 is not strictly between 0 and 1"),
        ("dailyNewCardLimit", "a daily new-card limit of -1 is outside 0 … 10000"),
        ("achievementRules", "reviews-100"),
    ])
    func whatCannotBeHonouredIsRefused(field: String, message: String) async throws {
        var options = Self.options()
        switch field {
        case "scheduler": options.scheduler.desiredRetention = 1.5
        case "dailyNewCardLimit": options.dailyNewCardLimit = -1
        default: options.achievementRules += [AchievementRule.defaultTable[1]]
        }
        let directory = try TemporaryDirectory(prefix: "hindsight-options")
        defer { directory.remove() }
        let store = directory.path + "/store"
        let error = await #expect(throws: StoreError.self) { try await Store.open(directory: store, options: options) }
        #expect(error?.code == .invalidValue)
        #expect(error?.field == field)
        #expect(error?.message.contains(message) == true, "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: store), "a refused open created the store")
    }

    @Test func theAchievementTableAndTheMasteryRuleReachTheFolds() async throws {
        var options = Self.options()
        options.achievementRules = [AchievementRule(id: "two", title: "Two", description: "Review two cards.", condition: .reviews(2))]
        options.spellingMastery = SpellingMasteryRule(runLength: 1)
        let directory = try TemporaryDirectory(prefix: "hindsight-options")
        defer { directory.remove() }
        let store = try await Store.open(directory: directory.path, options: options)
        let deck = DeckID(UUID()), test = SpellingTestID(UUID()), session = SpellingSessionID(UUID())
        let cards = [CardID(UUID()), CardID(UUID())]
        var actions: [StoreCommand.Action] = [.profiles(.create(name: "Ada", isChild: false)),
                                              .vocabulary(.createDeck(deck, name: "Words"))]
        actions += cards.map { .vocabulary(.createCard($0, deck: deck, front: "f", back: "b")) }
        actions += cards.map { .vocabulary(.review($0, rating: .good, duration: .seconds(2))) }
        actions += [.spelling(.createTest(test, title: "Week 1", words: ["cat"])), .spelling(.startPractice(session, test: test)),
                    .spelling(.spellWord(session, word: "cat", typed: "cat", correct: true, duration: .seconds(3)))]
        for (minute, action) in actions.enumerated() {
            _ = try await store.send(StoreCommand(id: UUID(), profile: Self.profile, time: Self.time(Int64(minute)), action))
        }
        #expect(await store.achievements().unlocked(profile: Self.profile).map(\.rule.id) == ["two"])
        #expect(await store.spelling().word(profile: Self.profile, word: "cat")?.isMastered == true)
        try await store.close()
    }
}
