import Events

/// Feeds many projectors from one event source: catch-up from each projector's checkpoint, then
/// live. Each batch is read and decoded once and handed to every projector; events of kinds no
/// projector reads (example sentences, translations, study sessions with today's read models)
/// are read and checked but never decoded, and every checkpoint moves on over them.
///
/// In parallel mode the projectors are split into two lanes that fold a batch concurrently while
/// the next batch is read and decoded, so decoding and folding overlap on two cores; the lanes
/// are rebalanced before each batch from the fold time each projector has taken so far (the
/// longest first, each to the lane with less work), so one heavy read model and several light
/// ones share the cores evenly. In serial mode everything happens one step after another (the
/// single-threaded baseline). The lanes only decide where folds run: every projector still
/// folds every batch in order, so the results are the same in both modes. A projector that fails stops alone: the
/// runner keeps feeding the others (see ``Projector``).
package struct ProjectionRunner: Sendable {
    /// The events' origin.
    package let source: any EventSource
    /// The projectors fed, in a fixed order.
    package let projectors: [any RunnableProjector]
    /// Whether to fold projectors concurrently and read ahead.
    package let parallel: Bool
    /// About how many events to read at a time.
    package let batchSize: Int

    /// A runner feeding `projectors` from `source`.
    package init(source: any EventSource, projectors: [any RunnableProjector], parallel: Bool = true,
                 batchSize: Int = 4096) {
        self.source = source
        self.projectors = projectors
        self.parallel = parallel
        self.batchSize = max(1, batchSize)
    }

    /// Folds everything the source holds now into every projector, starting from the lowest
    /// checkpoint among them, and returns the last position read (the lowest checkpoint when
    /// there was nothing new).
    /// - Throws: when the source cannot be read; the projectors keep what they folded.
    @discardableResult
    package func catchUp() async throws -> UInt64 {
        var lowest = UInt64.max
        for projector in projectors where await projector.failure == nil {
            lowest = min(lowest, await projector.checkpoint)
        }
        if lowest == .max { return 0 }
        return try await catchUp(after: lowest)
    }

    /// Folds the events after `position` that the source holds now; returns the last position read.
    /// Only the kinds some projector reads are decoded (see ``EventSource/events(after:limit:decoding:)``);
    /// every projector's checkpoint still moves on over the events skipped.
    /// - Throws: when the source cannot be read.
    package func catchUp(after position: UInt64) async throws -> UInt64 {
        let kinds = projectors.reduce(EventKindSet.none) { $0.union($1.kinds) }
        var cursor = position
        var batch = try await source.events(after: cursor, limit: batchSize, decoding: kinds)
        var balance = LaneBalance(projectors: projectors.count)
        while batch.last > cursor {
            cursor = batch.last
            let events = batch.events, through = cursor
            if parallel {
                async let next = source.events(after: through, limit: batchSize, decoding: kinds)
                let lanes = balance.lanes()
                let projectors = projectors
                let spent = await withTaskGroup(of: [(Int, Duration)].self) { group in
                    for lane in lanes where !lane.isEmpty {
                        group.addTask {
                            var spent: [(Int, Duration)] = []
                            for index in lane {
                                let start = ContinuousClock.now
                                await projectors[index].apply(events, through: through)
                                spent.append((index, ContinuousClock.now - start))
                            }
                            return spent
                        }
                    }
                    var all: [(Int, Duration)] = []
                    for await lane in group { all += lane }
                    return all
                }
                for (index, duration) in spent { balance.add(duration, to: index) }
                batch = try await next
            } else {
                for projector in projectors { await projector.apply(events, through: through) }
                batch = try await source.events(after: cursor, limit: batchSize, decoding: kinds)
            }
        }
        return cursor
    }

    /// Catches up, then follows new events as they are appended, until the calling task is
    /// cancelled (then it returns normally).
    /// - Throws: when the source cannot be read.
    package func follow() async throws {
        var cursor = try await catchUp()
        while !Task.isCancelled {
            do {
                try await source.waitForEvents(after: cursor)
            } catch is CancellationError {
                return
            }
            cursor = try await catchUp(after: cursor)
        }
    }

    /// The failures of the projectors that stopped, in the runner's order.
    package func failures() async -> [ProjectionFailure] {
        var failures: [ProjectionFailure] = []
        for projector in projectors {
            if let failure = await projector.failure { failures.append(failure) }
        }
        return failures
    }
}
