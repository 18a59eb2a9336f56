import Events

/// The local days on which one profile practised: how many practice events each day holds, and
/// the runs of consecutive active days, kept sorted so streaks are read without a scan of the log.
///
/// A day is active while it holds at least one practice event; when its last one is taken back
/// (an undone review) it becomes inactive and its run is split. Memory grows with the number of
/// active days.
///
/// The counts are kept as two sorted arrays (days ascending, counts alongside), so practice on
/// the latest day, the usual case, is one comparison and one addition, with no hashing.
package struct ActiveDays: Sendable, Equatable, BinaryCodable {
    /// The active days, ascending.
    package private(set) var days: [Int64] = []
    /// Practice events on each of ``days`` (each ≥ 1).
    package private(set) var dayCounts: [Int] = []
    /// The runs of consecutive active days, ascending and disjoint, never touching.
    package private(set) var runs: [DayRun] = []

    package init() {}

    /// Counts one practice event on `day`.
    /// - Returns: true when the day just became active.
    /// - Complexity: O(1) for the latest day or a new latest day (the usual case), else O(days).
    @discardableResult
    package mutating func add(_ day: Int64) -> Bool {
        if let last = days.last, last >= day {
            let index = last == day ? days.count - 1 : firstDay(atOrAfter: day)
            if days[index] == day {
                dayCounts[index] += 1
                return false
            }
            days.insert(day, at: index)
            dayCounts.insert(1, at: index)
        } else {
            days.append(day)
            dayCounts.append(1)
        }
        insertIntoRuns(day)
        return true
    }

    /// Counts `times` (≥ 1) practice events on `day`: what `times` calls of ``add(_:)`` do.
    /// - Returns: true when the day just became active.
    /// - Complexity: that of ``add(_:)``.
    @discardableResult
    package mutating func add(_ day: Int64, times: Int) -> Bool {
        precondition(times >= 1, "ActiveDays.add(_:times:) counts at least one event")
        let becameActive = add(day)
        if times > 1 {
            let index = days.last == day ? days.count - 1 : firstDay(atOrAfter: day)
            dayCounts[index] += times - 1
        }
        return becameActive
    }

    /// Takes back one practice event on `day`.
    /// - Returns: true when the day just became inactive.
    @discardableResult
    package mutating func remove(_ day: Int64) -> Bool {
        let index = firstDay(atOrAfter: day)
        guard index < days.count, days[index] == day else { return false }
        if dayCounts[index] > 1 {
            dayCounts[index] -= 1
            return false
        }
        days.remove(at: index)
        dayCounts.remove(at: index)
        removeFromRuns(day)
        return true
    }

    /// Whether `day` holds practice.
    /// - Complexity: O(log days).
    package func isActive(_ day: Int64) -> Bool {
        let index = firstDay(atOrAfter: day)
        return index < days.count && days[index] == day
    }

    /// The index of the first active day ≥ `day` (days.count if none).
    private func firstDay(atOrAfter day: Int64) -> Int {
        var low = 0, high = days.count
        while low < high {
            let mid = (low + high) / 2
            if days[mid] < day { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The run holding `day`, if the day is active.
    /// - Complexity: O(log runs).
    package func run(containing day: Int64) -> DayRun? {
        let index = firstRun(endingAtOrAfter: day)
        return index < runs.count && runs[index].contains(day) ? runs[index] : nil
    }

    /// The index of the first run whose last day is ≥ `day` (runs.count if none).
    private func firstRun(endingAtOrAfter day: Int64) -> Int {
        if let last = runs.last, last.last < day { return runs.count }
        var low = 0, high = runs.count
        while low < high {
            let mid = (low + high) / 2
            if runs[mid].last < day { low = mid + 1 } else { high = mid }
        }
        return low
    }

    private mutating func insertIntoRuns(_ day: Int64) {
        let index = firstRun(endingAtOrAfter: day - 1)
        let joinsBefore = index < runs.count && runs[index].last == day - 1
        let afterIndex = joinsBefore ? index + 1 : index
        let joinsAfter = afterIndex < runs.count && runs[afterIndex].first == day + 1
        switch (joinsBefore, joinsAfter) {
        case (true, true):
            runs[index].last = runs[afterIndex].last
            runs.remove(at: afterIndex)
        case (true, false):
            runs[index].last = day
        case (false, true):
            runs[afterIndex].first = day
        case (false, false):
            runs.insert(DayRun(first: day, last: day), at: index)
        }
    }

    private mutating func removeFromRuns(_ day: Int64) {
        let index = firstRun(endingAtOrAfter: day)
        guard index < runs.count, runs[index].contains(day) else { return }
        let run = runs[index]
        switch (run.first == day, run.last == day) {
        case (true, true): runs.remove(at: index)
        case (true, false): runs[index].first = day + 1
        case (false, true): runs[index].last = day - 1
        case (false, false):
            runs[index].last = day - 1
            runs.insert(DayRun(first: day + 1, last: run.last), at: index + 1)
        }
    }

    /// Decodes the day counts (as a day → count map, in day order) and rebuilds the runs from
    /// them (the runs are derived, not stored).
    /// - Throws: ``EventDecodingError`` for malformed bytes, a count below 1 or a day beyond
    ///   ``DayRun/dayLimit``.
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        let decoded = try [Int64: Int](decoding: &reader)
        for (day, count) in decoded.sorted(by: { $0.key < $1.key }) {
            guard count > 0 else { throw reader.error(.invalidValue, "active day \(day) holds \(count) practice events") }
            guard DayRun.isDecodable(day) else {
                throw reader.error(.invalidValue, "active day \(day) is beyond the day of any instant")
            }
            days.append(day)
            dayCounts.append(count)
            insertIntoRuns(day)
        }
    }

    /// Writes the day counts as a day → count map in day order (the dictionary encoding).
    package func encode(to writer: inout BinaryWriter) {
        writer.writeVarint(UInt64(days.count))
        for (day, count) in zip(days, dayCounts) {
            day.encode(to: &writer)
            count.encode(to: &writer)
        }
    }
}
