import EventLog
import Events
import Foundation
import SystemSeam

/// A read-only view of a data directory's log as decoded events, in position order. Takes no
/// lock: the store may be writing meanwhile (what is read is what the files held).
public struct LogHistory: Sendable {
    /// The data directory's layout.
    public let layout: DataDirectoryLayout

    /// The history of the store in `dataDirectory`.
    public init(dataDirectory: String) { layout = DataDirectoryLayout(path: dataDirectory) }

    /// Calls `body` with the decoded events through `asOf`, in batches of at most `batchSize`
    /// in position order, and returns the position of the last event within the cut (0: none).
    /// - Throws: ``HistoryError`` (`missingLog`, `positionBeyondEnd`, `unreadable` for a damaged
    ///   record, `undecodable` naming the position); or what `body` throws.
    /// - Complexity: O(events read); memory O(`batchSize`).
    @discardableResult
    public func forEachBatch(asOf: AsOf = .latest, batchSize: Int = 4096,
                             _ body: ([RecordedEvent]) async throws -> Void) async throws -> UInt64 {
        try await forEachBatch(asOf: asOf, batchSize: batchSize, selecting: nil, body)
    }

    /// ``forEachBatch(asOf:batchSize:_:)``, but when `selecting` is given a record is decoded
    /// and handed on only when `selecting` says so of its envelope (read in place) and its
    /// bytes: a reader that wants a few events of a large log (one card's) spares the decoding of
    /// the others, which it never sees (a damaged record it passes over is not reported: `verify`
    /// reads every one). The position returned is still the last within the cut, handed on or not.
    /// - Throws: as ``forEachBatch(asOf:batchSize:_:)``.
    @discardableResult
    package func forEachBatch(asOf: AsOf = .latest, batchSize: Int = 4096,
                              selecting: ((RecordEnvelope, UnsafeRawBufferPointer) -> Bool)?,
                              _ body: ([RecordedEvent]) async throws -> Void) async throws -> UInt64 {
        let reader = try openReader()
        if case .position(let wanted) = asOf {
            let last = try readerCall { try reader.lastPosition() }
            guard wanted <= last else {
                throw HistoryError(.positionBeyondEnd,
                                   "the log ends at position \(last), so there is no state as of position \(wanted); "
                                   + "give a position from 0 to \(last)", path: layout.log, position: wanted)
            }
        }
        var next: UInt64 = 1
        var lastIncluded: UInt64 = 0
        let size = max(1, batchSize)
        // One forward read in chunks: each chunk resumes where the last one stopped (no seek, and
        // no second look ahead at the records a look already found complete).
        let place = LogReadPlace()
        while next <= asOf.lastPosition {
            var batch: [RecordedEvent] = []
            batch.reserveCapacity(size)
            var read = 0
            var reachedCut = false
            try readerCall {
                try reader.forEachRecord(from: next, through: asOf.lastPosition, resuming: place) { position, payload, _ in
                    read += 1
                    next = position + 1
                    // The cut is decided on every record: on its envelope when records are
                    // selected (a record passed over is never decoded), else on the event.
                    let included: Bool
                    var event: RecordedEvent?
                    if let selecting {
                        let envelope = try envelope(of: payload, position: position)
                        included = asOf.includes(position: position, recordedAt: envelope.recordedAt, occurred: envelope.occurred.instant)
                        if included, selecting(envelope, payload) { event = try decode(payload, position: position) }
                    } else {
                        let decoded = try decode(payload, position: position)
                        included = asOf.includes(decoded)
                        event = decoded
                    }
                    guard included else {
                        reachedCut = asOf.endsAtFirstExcluded
                        return !reachedCut && read < size
                    }
                    lastIncluded = position
                    if let event { batch.append(event) }
                    return read < size
                }
            }
            guard read > 0 else { break }
            if !batch.isEmpty { try await body(batch) }
            if reachedCut { break }
        }
        return lastIncluded
    }

    /// Every event through `asOf`, in position order.
    /// - Throws: as ``forEachBatch(asOf:batchSize:_:)``.
    /// - Complexity: O(events); keeps them all in memory.
    public func events(asOf: AsOf = .latest) async throws -> [RecordedEvent] {
        var all: [RecordedEvent] = []
        try await forEachBatch(asOf: asOf) { all += $0 }
        return all
    }

    /// The event of the record at `position`.
    /// - Throws: ``HistoryError`` `undecodable`, naming the position.
    private func decode(_ payload: UnsafeRawBufferPointer, position: UInt64) throws(HistoryError) -> RecordedEvent {
        do {
            return try LogCodec.decode(payload, position: position)
        } catch {
            throw undecodable(error, position: position)
        }
    }

    /// The envelope of the record at `position`, read in place.
    /// - Throws: ``HistoryError`` `undecodable`, naming the position.
    private func envelope(of payload: UnsafeRawBufferPointer, position: UInt64) throws(HistoryError) -> RecordEnvelope {
        do {
            return try RecordEnvelope(record: payload, position: position)
        } catch {
            throw undecodable(error, position: position)
        }
    }

    /// The error of a record at `position` that does not decode, for `error`.
    private func undecodable(_ error: EventDecodingError, position: UInt64) -> HistoryError {
        HistoryError(.undecodable, "the record at position \(position) does not decode as an event "
                     + "(\(error)); run 'hindsight verify' and restore the log from a backup", path: layout.log, position: position)
    }

    /// A reader of the log, after checking that there is one.
    func openReader() throws(HistoryError) -> LogReader {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: layout.log, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw HistoryError(.missingLog, "there is no log in \(layout.path) (expected the directory \(layout.log)); "
                               + "pass the store's data directory with --data-dir", path: layout.log)
        }
        return LogReader(directory: layout.log)
    }

    private func readerCall<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as LogError {
            if let system = error.systemError, PermissionDenied.matches(system.errno) {
                throw HistoryError(.unreadable, PermissionDenied.message(reading: system.path), path: layout.log, position: error.position)
            }
            throw HistoryError(.unreadable, "the log cannot be read: \(error); run 'hindsight verify' for every damaged record",
                               path: layout.log, position: error.position)
        }
    }
}
