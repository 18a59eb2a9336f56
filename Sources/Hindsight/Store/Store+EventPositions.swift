import EventLog
import Events

extension Store {
    /// The position of event `id` in the log, or nil when the log does not hold it: `ledger`'s
    /// compact index (``EventIDIndex``) narrows it down, and each candidate is confirmed against
    /// the log's record there, so the answer is exact.
    /// - Throws: ``StoreError`` `log` when a candidate's record cannot be read or decoded.
    /// - Complexity: O(1) expected; a log read per candidate (rare for an id the log does not
    ///   hold; one for an older event it does).
    func loggedPosition(of id: EventID, in ledger: CommandLedger) throws(StoreError) -> UInt64? {
        try ledger.position(of: id) { (position) throws(StoreError) in try loggedEventID(at: position) }
    }

    /// The id of the event the log holds at `position`, or nil when it holds none there.
    /// - Throws: ``StoreError`` `log` when the record cannot be read or decoded.
    func loggedEventID(at position: UInt64) throws(StoreError) -> EventID? {
        var found: EventID?
        do {
            try writer.reader.forEach(from: position, through: position) { at, payload in
                found = try LogCodec.decode(payload, position: at).id
            }
        } catch let error as LogError {
            throw StoreError(error)
        } catch {
            throw StoreError(.log, "the log's record at position \(position) cannot be decoded: \(error)")
        }
        return found
    }
}
