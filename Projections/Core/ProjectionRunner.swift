import Events

/// Feeds many projectors from one event source: catch-up from each projector's checkpoint, then
/// live. Each batch is read and decoded once and handed to every projector.
///
/// In parallel mode the projectors fold a batch concurrently while the next batch is read and
/// decoded, so decoding and folding overlap on two cores; in serial mode everything happens one
/// step after another (the single-threaded baseline). A projector that fails stops alone: the
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
    /// - Throws: when the source cannot be read.
    package func catchUp(after position: UInt64) async throws -> UInt64 {
        var cursor = position
        var batch = try await source.events(after: cursor, limit: batchSize)
        while let last = batch.last {
            cursor = last.position
            if parallel {
                let after = cursor
                async let next = source.events(after: after, limit: batchSize)
                await withTaskGroup(of: Void.self) { group in
                    for projector in projectors {
                        group.addTask { [batch] in await projector.apply(batch) }
                    }
                }
                batch = try await next
            } else {
                for projector in projectors { await projector.apply(batch) }
                batch = try await source.events(after: cursor, limit: batchSize)
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
