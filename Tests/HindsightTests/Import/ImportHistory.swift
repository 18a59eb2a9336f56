import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// A small history over every domain that carries personal data or versions worth keeping: two
/// profiles (names), a deck, cards, reviews with an undo, a story naming a child, spelling and
/// dictation, a day cut-off change.
enum ImportHistory {
    static let parent = Ids.profile(1)
    static let child = Ids.profile(2)

    /// Sends the history into `f`'s store.
    static func write(into f: StoreFixture) async throws {
        try await f.send(parent, StoreFixture.time(), .profiles(.create(name: "Oscar Quincey", isChild: false)))
        try await f.send(child, StoreFixture.time(), .profiles(.create(name: "Matilda Quincey", isChild: true)))
        try await f.send(parent, StoreFixture.time(minutes: 1), .vocabulary(.createDeck(Ids.deck(1), name: "Deutsch")))
        for n in 1...3 as ClosedRange<UInt64> {
            try await f.send(parent, StoreFixture.time(minutes: 2), .vocabulary(.createCard(Ids.card(n), deck: Ids.deck(1),
                                                                                         front: "Wort \(n)", back: "word \(n)")))
        }
        for day in 0..<6 {
            for n in 1...3 as ClosedRange<UInt64> {
                try await f.send(parent, StoreFixture.time(days: day, minutes: 10 + Int(n)),
                                 .vocabulary(.review(Ids.card(n), rating: Rating.allCases[(day + Int(n)) % 4], duration: .milliseconds(4000))))
            }
        }
        try await f.send(parent, StoreFixture.time(days: 5, minutes: 30), .vocabulary(.undoLastReview(Ids.card(2))))
        try await f.send(parent, StoreFixture.time(days: 5, minutes: 31), .profiles(.changeDayCutoff(hour: 3)))
        try await f.send(parent, StoreFixture.time(days: 5, minutes: 32), .vocabulary(.setDueDate(Ids.card(1), daysFromToday: 3)))
        try await f.send(parent, StoreFixture.time(days: 5, minutes: 33), .vocabulary(.resetCard(Ids.card(3))))
        try await f.send(child, StoreFixture.time(days: 3), .spelling(.createTest(Ids.test(1), title: "Animals", words: ["cat", "dog"])))
        try await f.send(child, StoreFixture.time(days: 4), .spelling(.archiveTest(Ids.test(1))))
        try await f.send(child, StoreFixture.time(days: 1), .stories(.request(Ids.story(1), theme: "space", childAge: 7,
                                                                             growthTopic: "courage", childName: "Matilda")))
        try await f.send(child, StoreFixture.time(days: 1, minutes: 1), .stories(.generated(Ids.story(1), title: "Matilda and the Moon",
                                                                                        pages: ["Matilda looked up.", "The moon waved."], model: "story-model")))
        try await f.send(child, StoreFixture.time(days: 1, minutes: 2), .stories(.read(Ids.story(1), lastPage: 2, finished: true)))
        try await f.send(child, StoreFixture.time(days: 2), .dictation(.finish(wordCount: 12, duration: .milliseconds(30_000), language: "en")))
    }

    /// The JSON Lines export of the store in `directory` (closed), names resolved through its side store.
    static func export(_ directory: String, to path: String) throws -> [String] {
        let personal = try PersonalDataStore.openReadOnly(directory: directory + "/personal")
        _ = try LogExporter(dataDirectory: directory, personalData: .resolve(personal)).exportJSONLines(to: path)
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }
}
