import Events

/// The local days on which one profile practised: how many practice events each day holds, and
/// the runs of consecutive active days, kept sorted so streaks are read without a scan of the log.
///
/// A day is active while it holds at least one practice event; when its last one is taken back
/// (an undone review) it becomes inactive and its run is split. Memory grows with the number of
/// active days.
package struct ActiveDays: Sendable, Equatable, BinaryCodable {
    /// Practice events per active day.
    package private(set) var counts: [Int64: Int] = [:]
    /// The runs of consecutive active days, ascending and disjoint, never touching.
    package private(set) var runs: [DayRun] = []

    package init() {}

    /// Counts one practice event on `day`.
    /// - Returns: true when the day just became active.
    /// - Complexity: O(1) for a day at or after the last run (the usual case), else O(runs).
    @discardableResult
    package mutating func add(_ day: Int64) -> Bool {
        guard Self.increment(&counts[day, default: 0]) == 1 else { return false }
        insertIntoRuns(day)
        return true
    }

    /// Adds one to `count` and returns the new value (one hash lookup for read and write).
    @inline(__always) private static func increment(_ count: inout Int) -> Int {
        count += 1
        return count
    }

    /// Takes back one practice event on `day`.
    /// - Returns: true when the day just became inactive.
    @discardableResult
    package mutating func remove(_ day: Int64) -> Bool {
        guard let before = counts[day] else { return false }
        if before > 1 {
            counts[day] = before - 1
            return false
        }
        counts[day] = nil
        removeFromRuns(day)
        return true
    }

    /// Whether `day` holds practice.
    package func isActive(_ day: Int64) -> Bool { counts[day] != nil }

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

    /// Decodes the day counts and rebuilds the runs from them (the runs are derived, not stored).
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        let decoded = try [Int64: Int](decoding: &reader)
        for (day, count) in decoded.sorted(by: { $0.key < $1.key }) {
            guard count > 0 else { throw reader.error(.invalidValue, "active day \(day) holds \(count) practice events") }
            counts[day] = count
            insertIntoRuns(day)
        }
    }

    package func encode(to writer: inout BinaryWriter) {
        counts.encode(to: &writer)
    }
}
