import EventLog
import Events

/// Stages an import's chunks in the log behind its checks: a chunk's events are encoded and
/// written (``LogWriter/stageRecords(_:)-(FramedRecords)``) on a task of their own while the store
/// checks the next chunks, so that writing the log uses the second core instead of holding up
/// the checks. At most ``depth`` chunks are in flight; each task encodes at once but writes only
/// once the chunk before it is staged, so the log stages the chunks in order, at the positions
/// the checks gave them, and a chunk after one that failed is not staged at all.
///
/// Whoever commits the staged batch or abandons it must first ``settle()``: nothing of the batch
/// then is still being written. Whoever reads records of it back (``LogWriter/stagedPayloads(at:)``)
/// must first ``settle(covering:)`` their positions.
struct ImportStaging {
    /// How many chunks may be in flight at once: two lets a chunk's task wait for a free thread
    /// while the checks go on, without holding more than two chunks' records.
    static let depth = 2

    private let writer: LogWriter
    /// The tasks staging the chunks handed over and not yet settled, oldest first, with what
    /// each met.
    private var inFlight: [Task<Result<Void, LogError>, Never>] = []
    /// The first position of each chunk in flight, oldest first.
    private var firstInFlight: [UInt64] = []

    /// Staging into `writer`'s batch.
    init(writer: LogWriter) {
        self.writer = writer
    }

    /// Hands over `events` (the next events of the import, as they will be recorded, in order)
    /// to be encoded and staged after the chunks before them; waits for the oldest chunk in
    /// flight first when ``depth`` are.
    /// - Throws: ``StoreError`` when a chunk waited for could not be staged.
    mutating func stage(_ events: [RecordedEvent]) async throws(StoreError) {
        guard !events.isEmpty else { return }
        while inFlight.count >= Self.depth {
            firstInFlight.removeFirst()
            if case .failure(let error) = await inFlight.removeFirst().value { throw StoreError(error) }
        }
        let writer = writer, previous = inFlight.last
        firstInFlight.append(events[0].position)
        inFlight.append(Task.detached {
            let records = Self.encode(events)
            if let previous, case .failure(let error) = await previous.value { return .failure(error) }
            do throws(LogError) { try await writer.stageRecords(records) } catch { return .failure(error) }
            return .success(())
        })
    }

    /// The log payloads of `events`, encoded back to back into one buffer of frames.
    static func encode(_ events: [RecordedEvent]) -> FramedRecords {
        var records = FramedRecords(reservingCapacity: events.count * typicalFrameSize)
        for event in events { records.append { LogCodec.encode(event, into: &$0) } }
        return records
    }

    /// The bytes reserved per event for a chunk's frames: a review's frame is about 140 bytes,
    /// so a chunk of reviews fills its buffer without growing it.
    static let typicalFrameSize = 160

    /// Waits until the records at `positions` are staged: until every chunk handed over is, when
    /// one of them lies in a chunk still in flight; at once otherwise (the records of the chunks
    /// settled before are in the batch, and reading them back need not wait for the newer ones).
    /// - Throws: ``StoreError`` (`log`) for the first chunk that could not be staged.
    mutating func settle(covering positions: some Sequence<UInt64>) async throws(StoreError) {
        guard let oldest = firstInFlight.first, positions.contains(where: { $0 >= oldest }) else { return }
        try await settle()
    }

    /// Waits until every chunk handed over is staged (or has failed).
    /// - Throws: ``StoreError`` (`log`) for the first chunk that could not be staged.
    mutating func settle() async throws(StoreError) {
        let tasks = inFlight
        inFlight = []
        firstInFlight = []
        var failure: LogError?
        for task in tasks {
            if case .failure(let error) = await task.value, failure == nil { failure = error }
        }
        if let failure { throw StoreError(failure) }
    }
}
