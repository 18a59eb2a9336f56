import EventLog
import Events

/// Stages an import's chunks in the log one chunk behind its checks: a chunk's events are encoded
/// and written (``LogWriter/stageRecords(_:)-([[UInt8]])``) on a task of their own while the store
/// checks the next chunk, so that writing the log uses the second core instead of holding up the
/// checks. At most one chunk is in flight, and each starts only once the one before it is
/// staged, so the log stages them in order, at the positions the checks gave them.
///
/// Whoever reads the staged batch back (``LogWriter/stagedPayloads(at:)``), commits it or
/// abandons it must first ``settle()``: nothing of the batch then is still being written.
struct ImportStaging {
    private let writer: LogWriter
    /// The task staging the chunk handed over last, with what it met.
    private var inFlight: Task<Result<Void, LogError>, Never>?

    /// Staging into `writer`'s batch.
    init(writer: LogWriter) {
        self.writer = writer
    }

    /// Hands over `events` (the next events of the import, as they will be recorded, in order)
    /// to be encoded and staged once the chunk before them is staged.
    /// - Throws: ``StoreError`` for the chunk before, when it could not be staged.
    mutating func stage(_ events: [RecordedEvent]) async throws(StoreError) {
        guard !events.isEmpty else { return }
        try await settle()
        let writer = writer
        inFlight = Task.detached {
            var payloads: [[UInt8]] = []
            payloads.reserveCapacity(events.count)
            for event in events { payloads.append(LogCodec.encode(event)) }
            do throws(LogError) { try await writer.stageRecords(payloads) } catch { return .failure(error) }
            return .success(())
        }
    }

    /// Waits until every chunk handed over is staged.
    /// - Throws: ``StoreError`` (`log`) when the last chunk could not be staged.
    mutating func settle() async throws(StoreError) {
        guard let task = inFlight else { return }
        inFlight = nil
        if case .failure(let error) = await task.value { throw StoreError(error) }
    }
}
