import Foundation
import Hindsight

/// The store's command path (decide, personal data, encode, append, fold into every read model,
/// read-your-writes) and opening a store from its snapshots.
let storeWorkloads: [Workload] = [
    storeCommandWorkload("store.command.durable", "review commands, one at a time, each fsync'ed (latency per command)",
                         durability: .fsyncEachAppend, defaultEvents: 2_000, quickEvents: 200),
    storeCommandWorkload("store.command.buffered", "review commands, one at a time, buffered log (the command path's CPU cost)",
                         durability: .buffered(flushInterval: .milliseconds(100)), defaultEvents: 50_000, quickEvents: 2_000),
    Workload(name: "store.open.snapshots", summary: "open a store of N review events from its snapshots (events: N)",
             defaultEvents: 50_000, quickEvents: 2_000) { context in
        let directory = context.scratchDirectory.path + "/store"
        let store = try await Store.open(directory: directory, options: StoreBench.options(.buffered(flushInterval: .milliseconds(100))))
        try await StoreBench.seed(store)
        for i in 0..<context.events { _ = try await store.send(StoreBench.review(i)) }
        try await store.close()
        let (reopened, seconds) = try await Stopwatch.time {
            try await Store.open(directory: directory, options: StoreBench.options(.buffered(flushInterval: .milliseconds(100))))
        }
        blackHole(reopened.openReport)
        try await reopened.close()
        return Sample(events: context.events, seconds: seconds)
    },
]

private func storeCommandWorkload(_ name: String, _ summary: String, durability: LogOptions.Durability,
                                  defaultEvents: Int, quickEvents: Int) -> Workload {
    Workload(name: name, summary: summary, defaultEvents: defaultEvents, quickEvents: quickEvents) { context in
        let store = try await Store.open(directory: context.scratchDirectory.path + "/store", options: StoreBench.options(durability))
        try await StoreBench.seed(store)
        var latencies: [Double] = []
        latencies.reserveCapacity(context.events)
        let start = Stopwatch.now()
        for i in 0..<context.events {
            let before = Stopwatch.now()
            _ = try await store.send(StoreBench.review(i))
            latencies.append(Double(Stopwatch.now() &- before) / 1000)
        }
        let seconds = Stopwatch.seconds(since: start)
        try await store.close()
        return Sample(events: context.events, seconds: seconds, latenciesMicros: latencies)
    }
}

/// One profile, one deck of 500 cards; reviews cycle through the cards a minute apart.
private enum StoreBench {
    static let profile = ProfileID(UUID(uuidString: "00000000-0000-4000-8000-00000000BE0C")!)
    static let deck = DeckID(UUID(uuidString: "00000000-0000-4000-8000-00000000DEC0")!)
    static let cards = 500
    static let start: Int64 = 1_770_000_000_000

    static func options(_ durability: LogOptions.Durability) -> StoreOptions {
        StoreOptions(clock: { Timestamp(milliseconds: start) }, durability: durability,
                     snapshots: .init(onClose: true, everyEvents: nil))
    }

    static func uuid(_ kind: UInt64, _ n: Int) -> UUID {
        let b = withUnsafeBytes(of: UInt64(n).bigEndian) { Array($0) }
        return UUID(uuid: (UInt8(kind), 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, b[2], b[3], b[4], b[5], b[6], b[7]))
    }

    static func time(_ minute: Int) -> EventTime {
        EventTime(instant: Timestamp(milliseconds: start + Int64(minute) * 60_000), utcOffset: .zero)
    }

    static func seed(_ store: Store) async throws {
        _ = try await store.send(StoreCommand(id: uuid(1, 0), profile: profile, time: time(0), .profiles(.create(name: "Bench", isChild: false))))
        _ = try await store.send(StoreCommand(id: uuid(1, 1), profile: profile, time: time(0), .vocabulary(.createDeck(deck, name: "Bench"))))
        for n in 0..<cards {
            _ = try await store.send(StoreCommand(id: uuid(2, n), profile: profile, time: time(0),
                                                  .vocabulary(.createCard(CardID(uuid(3, n)), deck: deck, front: "w\(n)", back: "m\(n)"))))
        }
    }

    static func review(_ i: Int) -> StoreCommand {
        StoreCommand(id: uuid(4, i), profile: profile, time: time(1 + i),
                     .vocabulary(.review(CardID(uuid(3, i % cards)), rating: [Rating.good, .good, .again, .easy, .good, .hard][i % 6], duration: .milliseconds(3_000))))
    }
}
