import Events

/// Where a runner reads decoded events from: the store adapts its log and codec to this, tests
/// use an in-memory log. Every event is decoded once and shared by all projectors.
package protocol EventSource: Sendable {
    /// The events after `position`, in log order: about `limit` of them, never ending inside an
    /// appended batch (a batch is returned whole even past `limit`, so no projector ever shows
    /// half of one); empty when the log holds nothing after `position`.
    /// - Throws: when the log cannot be read or an event cannot be decoded.
    func events(after position: UInt64, limit: Int) async throws -> [RecordedEvent]

    /// Returns once the log holds events after `position` (at once if it already does).
    /// - Throws: `CancellationError` when the waiting task is cancelled, or a read error.
    func waitForEvents(after position: UInt64) async throws
}
