import Foundation
import TestSupport
@testable import Hindsight

/// A seeded multi-app history sent through the store: two profiles, cards reviewed over
/// `days` days, spelling practice, stories and dictation.
enum History {
    static func send(to f: StoreFixture, seed: UInt64, days: Int) async throws {
        var rng = SplitMix64(seed: seed)
        let ada = Ids.profile(1)
        let kid = Ids.profile(2)
        try await f.send(ada, StoreFixture.time(), .profiles(.create(name: "Ada", isChild: false)))
        try await f.send(kid, StoreFixture.time(), .profiles(.create(name: "Mia", isChild: true)))
        try await f.send(ada, StoreFixture.time(), .vocabulary(.createDeck(Ids.deck(1), name: "Words")))
        for n: UInt64 in 1...12 {
            try await f.send(ada, StoreFixture.time(), .vocabulary(.createCard(Ids.card(n), deck: Ids.deck(1), front: "w\(n)", back: "m\(n)")))
        }
        try await f.send(kid, StoreFixture.time(), .spelling(.createTest(Ids.test(1), title: "Week 1", words: ["cat", "dog", "bird"])))
        var session: UInt64 = 0
        for day in 0..<days {
            for n: UInt64 in 1...12 where rng.next() % 3 == 0 {
                let rating = [Rating.again, .hard, .good, .good, .good, .easy][Int(rng.next() % 6)]
                try await f.send(ada, StoreFixture.time(days: day, minutes: Int(n)),
                                 .vocabulary(.review(Ids.card(n), rating: rating, duration: .milliseconds(Int64(rng.next() % 8000)))))
            }
            session += 1
            let s = Ids.spellingSession(session)
            try await f.send(kid, StoreFixture.time(days: day, minutes: 30), .spelling(.startPractice(s, test: Ids.test(1))))
            for word in ["cat", "dog", "bird"] {
                let correct = rng.next() % 4 != 0
                try await f.send(kid, StoreFixture.time(days: day, minutes: 31),
                                 .spelling(.spellWord(s, word: word, typed: correct ? word : word + "e", correct: correct, duration: .milliseconds(3000))))
            }
            try await f.send(kid, StoreFixture.time(days: day, minutes: 35), .spelling(.endPractice(s)))
            if day % 3 == 0 {
                let story = Ids.story(UInt64(day + 1))
                try await f.send(kid, StoreFixture.time(days: day, minutes: 40),
                                 .stories(.request(story, theme: "space", childAge: 6, growthTopic: "sharing", childName: "Mia")))
                try await f.send(kid, StoreFixture.time(days: day, minutes: 41), .stories(.generated(story, title: "Night \(day)", pages: ["a", "b"], model: "story-model")))
                try await f.send(kid, StoreFixture.time(days: day, minutes: 42), .stories(.read(story, lastPage: 2, finished: true)))
            }
            try await f.send(ada, StoreFixture.time(days: day, minutes: 50), .dictation(.finish(wordCount: Int(rng.next() % 100), duration: .milliseconds(20_000), language: "en")))
        }
    }
}
