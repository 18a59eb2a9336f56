import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// ``Store/changes(bufferingNewest:)``: each batch arrives once, in position order, already
/// folded, naming the read models it touched; the streams finish when the store closes.
@Suite struct StoreChangesTests {
    let ada = Ids.profile(1)

    @Test func eachCommandArrivesFoldedWithTheReadModelsItTouched() async throws {
        let f = try await StoreFixture()
        let changes = f.store.changes()
        var iterator = changes.makeAsyncIterator()
        var results: [CommandResult] = []
        results.append(try await f.send(ada, StoreFixture.time(), .profiles(.create(name: "Ada", isChild: false))))
        results.append(try await f.send(ada, StoreFixture.time(minutes: 1), .vocabulary(.createDeck(Ids.deck(1), name: "French"))))
        results.append(try await f.send(ada, StoreFixture.time(minutes: 2), .vocabulary(.createCard(Ids.card(1), deck: Ids.deck(1),
                                                                                                   front: "chien", back: "dog"))))
        results.append(try await f.send(ada, StoreFixture.time(minutes: 3), .vocabulary(.attachTranslation(Ids.card(1), translation: "Hund",
                                                                                                          language: "de"))))
        let history = try await LogHistory(dataDirectory: f.directory.path).events()
        var received: [StoreChange] = []
        for (index, result) in results.enumerated() {
            let change = try #require(await iterator.next(), "change \(index)")
            received.append(change)
            #expect(change.position == result.positions.upperBound, "change \(index)")
            #expect(change.events == result.positions.count, "change \(index)")
            // A read model is named exactly when its fold reads one of the batch's kinds.
            let batch = history.filter { result.positions.contains($0.position) }
            for projector in try ReadModels(configuration: ReadModelConfiguration()).all {
                let reads = batch.contains { projector.kinds.contains($0.event) }
                #expect(change.readModels.contains(projector.name) == reads, "change \(index): \(projector.name)")
            }
        }
        // Hand-checked: a card's creation touches scheduling and content, a translation content only.
        #expect(received[2].readModels.isSuperset(of: ["vocabulary", "card-content"]))
        #expect(received[3].readModels.contains("card-content") && !received[3].readModels.contains("vocabulary"))
        // Already folded when it arrives: the content shows.
        #expect(await f.store.cardContent(Ids.card(1))?.translations.map(\.text) == ["Hund"])
        try await f.store.close()
        #expect(await iterator.next() == nil)
    }

    @Test func aRefusedCommandChangesNothingAndSeveralSubscribersEachGetEveryChange() async throws {
        let f = try await StoreFixture()
        let first = f.store.changes(), second = f.store.changes()
        try await f.send(ada, StoreFixture.time(), .profiles(.create(name: "Ada", isChild: false)))
        await #expect(throws: StoreError.self) {
            try await f.send(ada, StoreFixture.time(minutes: 1), .vocabulary(.createCard(Ids.card(1), deck: Ids.deck(9),
                                                                                        front: "x", back: "y")))
        }
        try await f.send(ada, StoreFixture.time(minutes: 2), .vocabulary(.createDeck(Ids.deck(1), name: "French")))
        try await f.store.close()
        var positions: [[UInt64]] = []
        for stream in [first, second] {
            var seen: [UInt64] = []
            for await change in stream { seen.append(change.position) }
            positions.append(seen)
        }
        let last = await f.store.lastPosition()
        #expect(positions[0] == positions[1])
        #expect(positions[0].count == 2 && positions[0].last == last)
        // After the close, a new stream ends at once.
        var late = f.store.changes().makeAsyncIterator()
        #expect(await late.next() == nil)
    }

    @Test func aSlowReaderKeepsTheNewestChanges() async throws {
        let f = try await StoreFixture()
        let changes = f.store.changes(bufferingNewest: 2)
        try await f.send(ada, StoreFixture.time(), .profiles(.create(name: "Ada", isChild: false)))
        for n in 1...5 as ClosedRange<UInt64> {
            try await f.send(ada, StoreFixture.time(minutes: Int(n)), .vocabulary(.createDeck(Ids.deck(n), name: "Deck \(n)")))
        }
        let last = await f.store.lastPosition()
        try await f.store.close()
        var seen: [UInt64] = []
        for await change in changes { seen.append(change.position) }
        #expect(seen == [last - 1, last])
    }
}
