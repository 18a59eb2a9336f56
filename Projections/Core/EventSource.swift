import Events

/// Where a runner reads decoded events from: the store adapts its log and codec to this, tests
/// use an in-memory log. Every event is decoded once and shared by all projectors.
package protocol EventSource: Sendable {
    /// The events after `position`, in log order: about `limit` of them, never ending inside an
    /// appended batch (a batch is returned whole even past `limit`, so no projector ever shows
    /// half of one); empty when the log holds nothing after `position`.
    /// - Throws: when the log cannot be read or an event cannot be decoded.
    func events(after position: UInt64, limit: Int) async throws -> [RecordedEvent]

    /// The events after `position` as ``events(after:limit:)`` reads them, of which only those
    /// `kinds` may hold are decoded and returned: the others are skipped (a log source checks
    /// their records and envelopes, and never builds their bodies), but count towards `limit`
    /// and towards ``EventBatch/last``.
    /// - Throws: as ``events(after:limit:)``.
    func events(after position: UInt64, limit: Int, decoding kinds: EventKindSet) async throws -> EventBatch

    /// Returns once the log holds events after `position` (at once if it already does).
    /// - Throws: `CancellationError` when the waiting task is cancelled, or a read error.
    func waitForEvents(after position: UInt64) async throws
}

extension EventSource {
    /// Decodes every event and keeps those of `kinds`: for sources with nothing to gain by
    /// skipping (in-memory ones).
    package func events(after position: UInt64, limit: Int, decoding kinds: EventKindSet) async throws -> EventBatch {
        let all = try await events(after: position, limit: limit)
        return EventBatch(events: all.filter { kinds.contains($0.event) }, last: all.last?.position ?? position)
    }
}

/// What a source read in one go: the decoded events (those of the kinds asked for) and the
/// position of the last event read, decoded or skipped.
package struct EventBatch: Sendable {
    /// The decoded events, in log order.
    package var events: [RecordedEvent]
    /// The last position read: the position the read started after when there was nothing.
    package var last: UInt64

    /// A batch of `events` that read through position `last`.
    package init(events: [RecordedEvent], last: UInt64) {
        self.events = events
        self.last = last
    }
}
