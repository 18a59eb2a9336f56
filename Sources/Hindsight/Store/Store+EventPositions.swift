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

extension Store {
    /// The log positions of `ids` (nil for an id the log does not hold), as
    /// ``loggedPosition(of:in:)`` gives one, with every candidate the compact index gives
    /// confirmed in one forward read of the log: candidates in position order, each stretch of
    /// close ones read as one run. A repeated import, whose events all are in the log in file
    /// order, so reads the log once from front to back rather than once per event (`place` keeps
    /// where the last read stopped, from one call to the next).
    /// - Throws: ``StoreError`` `log` when a record cannot be read or decoded.
    /// - Complexity: O(n log n) for n candidates, plus the reads.
    func loggedPositions(of ids: [EventID], in ledger: CommandLedger, place: LogReadPlace) throws(StoreError) -> [UInt64?] {
        var found = [UInt64?](repeating: nil, count: ids.count)
        var wanted: [(position: UInt64, index: Int)] = []
        for (index, id) in ids.enumerated() {
            switch ledger.eventPositions.lookup(id) {
            case .absent: break
            case .at(let position): found[index] = position
            case .candidates(let positions): wanted.append(contentsOf: positions.map { ($0, index) })
            }
        }
        wanted.sort { ($0.position, $0.index) < ($1.position, $1.index) }
        var next = 0
        while next < wanted.count {
            var last = next
            while last + 1 < wanted.count, wanted[last + 1].position - wanted[last].position <= Self.confirmationGap { last += 1 }
            try confirm(wanted[next...last], ids: ids, place: place, into: &found)
            next = last + 1
        }
        return found
    }

    /// The largest gap between two candidates read as one run (records read past rather than sought).
    private static let confirmationGap: UInt64 = 64

    /// Reads the log from the first candidate of `run` to its last, noting each candidate whose
    /// record holds the id looked up.
    private func confirm(_ run: ArraySlice<(position: UInt64, index: Int)>, ids: [EventID], place: LogReadPlace,
                         into found: inout [UInt64?]) throws(StoreError) {
        guard let first = run.first?.position, let last = run.last?.position else { return }
        var cursor = run.startIndex
        do {
            try writer.reader.forEachRecord(from: first, through: last, resuming: place) { position, payload, _ in
                while cursor < run.endIndex, run[cursor].position < position { cursor += 1 }
                guard cursor < run.endIndex, run[cursor].position == position else { return true }
                let id = try LogCodec.eventID(in: payload)
                while cursor < run.endIndex, run[cursor].position == position {
                    if ids[run[cursor].index] == id { found[run[cursor].index] = position }
                    cursor += 1
                }
                return cursor < run.endIndex
            }
        } catch let error as LogError {
            throw StoreError(error)
        } catch {
            throw StoreError(.log, "the log's record at a position from \(first) through \(last) cannot be decoded: \(error)")
        }
    }
}
