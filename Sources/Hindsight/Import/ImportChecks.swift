import Events
import Projections

/// An imported event with the stream version it takes.
struct NumberedImport {
    /// The event.
    var event: ImportedEvent
    /// Its stream version in this store.
    var version: UInt64
}

/// The checks of an import, one event at a time in file order: ids seen once, stream versions
/// that follow on, and admission as the store's commands (``ImportAdmission``). Holds the ids of
/// the file's events (to find one given twice), nothing else that grows with the file.
struct ImportChecks {
    private let ledger: CommandLedger
    private var admission: ImportAdmission
    private var numbering: StreamNumbering
    private var seen: Set<EventID> = []
    private let firstPosition: UInt64
    private let path: String?
    /// Events already in the store (left out).
    private(set) var present = 0
    /// Events to be added.
    private(set) var added = 0

    /// Checks on `ledger` and `admission`, the first event added getting `firstPosition`.
    init(ledger: CommandLedger, admission: ImportAdmission, firstPosition: UInt64, path: String?) {
        self.ledger = ledger
        self.admission = admission
        numbering = StreamNumbering(ledger)
        self.firstPosition = firstPosition
        self.path = path
    }

    /// Checks `event`: its stream version when it is to be added, nil when it is already present
    /// (`logged` gives the log position of an id, nil when the log does not hold it).
    /// - Throws: ``ImportError`` `duplicateEvent`, `streamVersion`, `refusedEvent`, naming its line;
    ///   what `logged` throws.
    mutating func check(_ event: ImportedEvent, logged: (EventID) throws(ImportError) -> UInt64?) throws(ImportError) -> UInt64? {
        let id = event.pending.id
        guard seen.insert(id).inserted else {
            throw ImportError(.duplicateEvent, "event id \(id) appears again (an earlier line has it); each event may appear once",
                              path: path, line: event.line)
        }
        if try logged(id) != nil {
            present += 1
            return nil
        }
        let stream = event.pending.stream
        let version = numbering.number(stream)
        if let given = event.streamVersion, given != version {
            throw ImportError(.streamVersion,
                              "event \(id) is version \(given) of stream \(stream), but the stream's next version here is \(version); import into a store that holds the events before it (or a fresh one)",
                              path: path, line: event.line)
        }
        let recorded = RecordedEvent(event.pending, position: firstPosition + UInt64(added), streamVersion: version,
                                     recordedAt: event.recordedAt ?? event.pending.occurred.instant)
        try admission.admit(recorded, line: event.line, path: path)
        added += 1
        return version
    }
}
