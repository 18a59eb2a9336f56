import Foundation
import Events
import Projections
import Synchronization

/// One batch the store appended and folded: the position its read models now stand at and the
/// read models the batch touched. What a view model awaits to know when to read again
/// (``Store/changes(bufferingNewest:)``).
public struct StoreChange: Sendable, Equatable {
    /// The log position of the batch's last event: every query now reflects it.
    public let position: UInt64
    /// The names of the read models that folded at least one event of the batch (e.g.
    /// `vocabulary`, `activity`, `card-content`, or an app read model's name); a read model not
    /// named here is unchanged by the batch.
    public let readModels: Set<String>
    /// How many events the batch appended.
    public let events: Int
}

/// The store's subscribers to ``StoreChange``s: streams handed out by
/// ``Store/changes(bufferingNewest:)``, each fed every batch after it subscribed, all finished
/// when the store closes. Thread-safe, so subscribing needs no wait on the store.
final class StoreChangeFeed: Sendable {
    private struct Subscribers {
        var next = 0
        var continuations: [Int: AsyncStream<StoreChange>.Continuation] = [:]
        var finished = false
    }

    private let subscribers = Mutex(Subscribers())

    /// A new stream keeping the newest `limit` changes its reader has not taken yet.
    func subscribe(bufferingNewest limit: Int) -> AsyncStream<StoreChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: StoreChange.self, bufferingPolicy: .bufferingNewest(max(1, limit)))
        let id: Int? = subscribers.withLock { state in
            guard !state.finished else { return nil }
            let id = state.next
            state.next += 1
            state.continuations[id] = continuation
            return id
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    /// Hands `change` to every subscriber.
    func publish(_ change: StoreChange) {
        let continuations = subscribers.withLock { Array($0.continuations.values) }
        for continuation in continuations { continuation.yield(change) }
    }

    /// Ends every stream, and any handed out later (the store closed).
    func finish() {
        let continuations = subscribers.withLock { state in
            state.finished = true
            defer { state.continuations = [:] }
            return Array(state.continuations.values)
        }
        for continuation in continuations { continuation.finish() }
    }

    /// The change `recorded` (one batch, in position order) makes to `readModels`.
    static func change(of recorded: [RecordedEvent], readModels: [any RunnableProjector]) -> StoreChange {
        StoreChange(position: recorded.last?.position ?? 0, readModels: self.readModels(reading: EventKindSet(kindsOf: recorded), among: readModels),
                    events: recorded.count)
    }

    /// The names of the read models among `readModels` that read an event of one of `kinds`.
    static func readModels(reading kinds: EventKindSet, among readModels: [any RunnableProjector]) -> Set<String> {
        Set(readModels.filter { $0.kinds.intersects(kinds) }.map(\.name))
    }
}

extension Store {
    /// The batches the store appends from now on, one ``StoreChange`` each, in position order:
    /// what a SwiftUI view model awaits to refresh what it shows. Every change is already folded
    /// when it arrives, so a query made on receiving it reflects it. The stream keeps the newest
    /// `bufferingNewest` changes its reader has not taken (older ones are dropped: read the models
    /// again and the latest state holds them), and finishes when the store closes.
    ///
    /// ```swift
    /// for await change in store.changes() where change.readModels.contains("vocabulary") {
    ///     dueCount = await store.vocabulary().dueCount(profile: learner, at: now).due  // now: the learner's EventTime
    /// }
    /// ```
    public nonisolated func changes(bufferingNewest: Int = 64) -> AsyncStream<StoreChange> {
        changeFeed.subscribe(bufferingNewest: bufferingNewest)
    }
}
