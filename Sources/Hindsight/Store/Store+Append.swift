import Foundation
import EventLog
import Events
import Projections

/// An event about to be appended: its next version in its stream, and the recording time it
/// brings (an import's file may give one; nil: the store's clock).
struct NumberedEvent {
    var pending: PendingEvent
    var version: UInt64
    var recordedAt: Timestamp?
}

/// The next version of each stream while a batch is numbered: one past the ledger's version,
/// then one past the batch's own last event in that stream.
struct StreamNumbering {
    private let ledger: CommandLedger
    private var next: [StreamID: UInt64] = [:]

    /// Numbering on top of the versions `ledger` records.
    init(_ ledger: CommandLedger) { self.ledger = ledger }

    /// The version the next event of `stream` takes (and the one after it, next time).
    mutating func number(_ stream: StreamID) -> UInt64 {
        let ledger = self.ledger
        // One probe of the table: the entry is found (or made from the ledger) and bumped in place.
        return Self.bump(&next[stream, default: ledger.version(of: stream)])
    }

    private static func bump(_ version: inout UInt64) -> UInt64 {
        version += 1
        return version
    }
}

extension Store {
    /// The one path by which events enter the log, for commands and imports alike: encodes
    /// `events`, appends them as one atomic batch, folds the batch into every projector before
    /// returning (read-your-writes: the folds run here, synchronously, so there is nothing to wait
    /// for), then writes snapshots when they are due. The caller holds the gate and has decided
    /// and numbered the events (``StreamNumbering``) and stored their personal data.
    /// - Returns: the events as recorded, with their positions.
    /// - Throws: ``StoreError`` (its `commandID` set to `commandID`): `invalidValue` when the
    ///   store's clock reads outside ``Timestamp/allowedRange``, `log` when the append fails
    ///   (nothing of the batch is then in the log), `readModel` when a read model cannot fold the
    ///   batch (it is recorded; that read model stops, the others go on).
    func appendAndFold(_ events: [NumberedEvent], commandID: UUID? = nil) async throws(StoreError) -> [RecordedEvent] {
        let clockTime = options.clock()
        guard clockTime.isAllowed else {
            throw StoreError(.invalidValue, "the store's clock reads \(clockTime.milliseconds) ms, outside "
                             + "\(Timestamp.allowedRangeText); set the system clock (or the store's clock) right",
                             field: "recordedAt", commandID: commandID)
        }
        let payloads = events.map { LogCodec.encode($0.pending, streamVersion: $0.version, recordedAt: $0.recordedAt ?? clockTime) }
        let range: ClosedRange<UInt64>
        do { range = try await writer.append(contentsOf: payloads) } catch {
            var failure = StoreError(error)
            failure.commandID = commandID
            throw failure
        }
        position = range.upperBound
        let recorded = zip(events, range).map { event, position in
            RecordedEvent(event.pending, position: position, streamVersion: event.version, recordedAt: event.recordedAt ?? clockTime)
        }
        for projector in projectors { await projector.apply(recorded) }
        // Published even when a read model failed below: the batch is recorded, the others folded it.
        changeFeed.publish(StoreChangeFeed.change(of: recorded, readModels: models.all))
        for projector in projectors {
            if let failure = await projector.failure {
                throw StoreError(.readModel, "the batch was recorded at positions \(range.lowerBound)…\(range.upperBound) "
                                 + "but a read model cannot fold it: \(failure)", path: directory, commandID: commandID)
            }
        }
        await saveSnapshotsIfDue()
        return recorded
    }
}
