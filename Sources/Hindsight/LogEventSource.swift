import EventLog
import Events
import Projections

/// The log and the codec as an ``EventSource``: reads what the writer has published (or, read-only,
/// the log up to a fixed position), decodes each record once, and never ends a batch of events in
/// the middle of an appended batch.
package struct LogEventSource: EventSource {
    /// What bounds the reads.
    private enum End: Sendable {
        /// The writer's published tail (it grows; waits follow it).
        case writer(LogWriter)
        /// A fixed last position (a read-only view of the log as it was when opened).
        case fixed(UInt64)
    }

    private let reader: LogReader
    private let end: End
    /// Where the last read stopped: a runner asks for the events right after its last batch, so
    /// each read resumes there instead of seeking.
    private let place = LogReadPlace()

    /// A source over `writer`'s log.
    package init(writer: LogWriter) {
        reader = writer.reader
        end = .writer(writer)
    }

    /// A read-only source over the log `reader` reads, through `lastPosition` (the end of a
    /// complete batch): it never sees what is appended later.
    package init(reader: LogReader, through lastPosition: UInt64) {
        self.reader = reader
        end = .fixed(lastPosition)
    }

    /// The last position reads may reach now.
    private var published: UInt64 {
        switch end {
        case .writer(let writer): writer.lastPosition
        case .fixed(let last): last
        }
    }

    /// The decoded events after `position`: at least `limit` of them when there are that many,
    /// then on to the end of the appended batch the limit falls in.
    /// - Throws: ``LogError`` for damage or I/O, ``EventDecodingError`` for a record that does not
    ///   decode (naming its position).
    package func events(after position: UInt64, limit: Int) async throws -> [RecordedEvent] {
        try read(after: position, limit: limit) { _ in true }.events
    }

    /// The events after `position` as ``events(after:limit:)`` reads them, only those `kinds`
    /// may hold decoded: every record is still read and checked (its checksum, and its envelope
    /// up to the type name), but the others' bodies are never decoded.
    /// - Throws: as ``events(after:limit:)``; a record of a skipped kind whose body would not
    ///   decode is not noticed here (`verify` and export decode every record).
    package func events(after position: UInt64, limit: Int, decoding kinds: EventKindSet) async throws -> EventBatch {
        try read(after: position, limit: limit) { kinds.decodes($0) }
    }

    /// Reads at least `limit` records after `position` when there are that many, then on to the
    /// end of the appended batch the limit falls in, decoding those whose kind `wanted` accepts.
    private func read(after position: UInt64, limit: Int, wanted: (EventKind?) -> Bool) throws -> EventBatch {
        let published = self.published
        guard published > position else { return EventBatch(events: [], last: position) }
        let capacity = Int(min(UInt64(max(limit, 0)), published - position)) + 16
        var next = position + 1
        var read = 0
        var full = false
        // Decoded in place: each event is built in the array's storage, not built and copied.
        var events = try [RecordedEvent](unsafeUninitializedCapacity: capacity) { buffer, count in
            guard let base = buffer.baseAddress else { return }
            try reader.forEachRecord(from: next, through: published, resuming: place) { recordPosition, payload, endsBatch in
                if try LogCodec.decode(payload, position: recordPosition, initializing: base + count, ifKind: wanted) {
                    count += 1
                }
                read += 1
                next = recordPosition + 1
                if endsBatch && read >= limit { return false }
                full = count == buffer.count
                return !full
            }
        }
        // Rare: the appended batch the limit falls in goes on past the capacity.
        if full && next <= published {
            try reader.forEachRecord(from: next, through: published, resuming: place) { recordPosition, payload, endsBatch in
                if let event = try LogCodec.decode(payload, position: recordPosition, ifKind: wanted) {
                    events.append(event)
                }
                read += 1
                next = recordPosition + 1
                return !(endsBatch && read >= limit)
            }
        }
        return EventBatch(events: events, last: next - 1)
    }

    /// Returns once the log has published events after `position`.
    /// - Throws: `CancellationError` when the task is cancelled while waiting.
    /// A read-only source has a fixed end: past it, this waits until the task is cancelled.
    package func waitForEvents(after position: UInt64) async throws {
        switch end {
        case .writer(let writer):
            while writer.lastPosition <= position {
                try Task.checkCancellation()
                await writer.waitForAppends(beyond: position)
            }
        case .fixed(let last):
            while last <= position {
                try await Task.sleep(for: .seconds(3600))
            }
        }
    }
}
