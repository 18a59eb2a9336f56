import FSRS
import Events

/// A revlog read once, front to back, into what its import needs: its cards (numbered in order
/// of their first row in the file, with each one's earliest row) and its rows as compact records
/// handed to a sorter (``RevlogRecordSorter``), which puts them in time order in bounded memory.
/// Holds about 30 bytes a card (and a text id's text), plus the sorter's runs; never the file or
/// its rows.
struct RevlogScan {
    /// Each card's `card_id`, by number (a text id's number: ``RevlogCardTexts``).
    private(set) var cardIDs: [Int64] = []
    /// The text of each text `card_id`, by the number ``cardIDs`` holds for it.
    private(set) var cardTexts = RevlogCardTexts()
    /// Each card's earliest row (time, then line: ties keep file order), by number.
    private(set) var earliestRows: [(timeMs: Int64, line: Int)] = []
    /// The first row in file order whose `review_time` is outside ``Timestamp/allowedRange``.
    private(set) var outOfRange: RevlogRow?
    /// The exact durations that do not fit a record's 32 bits, by line (rare: longer than 49 days).
    private(set) var longDurations: [Int: Int64] = [:]
    private var numbers: [Int64: UInt32] = [:]
    private var sorter: RevlogRecordSorter
    private let path: String?

    /// An empty scan whose sorter sorts `runLength` records at a time in memory.
    init(path: String?, runLength: Int = RevlogRecordSorter.defaultRunLength) {
        self.path = path
        sorter = RevlogRecordSorter(runLength: runLength, path: path)
    }

    /// The scan of the revlog file at `file` (errors name it `path`), read a line at a time: the
    /// lines are read and parsed a block ahead, on a thread of their own (``RevlogRowReadAhead``).
    /// - Throws: ``ImportError`` `unreadableFile` (missing, unreadable, not UTF-8), `badRevlogLine`
    ///   naming the first bad line, `store` when the rows cannot be sorted.
    /// - Parameter progress: called every 64 Ki lines with the bytes read so far.
    static func scan(file: String, path: String?, runLength: Int = RevlogRecordSorter.defaultRunLength,
                     progress: (@Sendable (_ bytesRead: UInt64) -> Void)? = nil) throws(ImportError) -> RevlogScan {
        var scan = RevlogScan(path: path, runLength: runLength)
        let reader = try RevlogRowReadAhead(file: file, path: path, progress: progress)
        var rows: [RevlogRow] = []
        while try reader.next(into: &rows) {
            for row in rows { try scan.add(row) }
        }
        scan.cardTexts = reader.cardTexts
        return scan
    }

    /// The scan of `rows` (already parsed, with the texts of their text ids), in their order.
    /// - Throws: ``ImportError`` `store` when the rows cannot be sorted.
    static func scan(rows: [RevlogRow], cardTexts: RevlogCardTexts = RevlogCardTexts(), path: String?,
                     runLength: Int = RevlogRecordSorter.defaultRunLength) throws(ImportError) -> RevlogScan {
        var scan = RevlogScan(path: path, runLength: runLength)
        for row in rows { try scan.add(row) }
        scan.cardTexts = cardTexts
        return scan
    }

    /// Adds the next row of the file.
    /// - Throws: ``ImportError`` `badRevlogLine` for a file of more than 2^32 lines or cards,
    ///   `store` when the sorter fails.
    mutating func add(_ row: RevlogRow) throws(ImportError) {
        guard let line = UInt32(exactly: row.line), cardIDs.count < Int(UInt32.max) else {
            throw ImportError(.badRevlogLine, "the file has more than 4,294,967,295 lines or cards; split it", path: path, line: row.line)
        }
        if outOfRange == nil, !Timestamp(milliseconds: row.reviewTimeMs).isAllowed { outOfRange = row }
        let card: UInt32
        if let known = numbers[row.cardID] {
            card = known
            if row.reviewTimeMs < earliestRows[Int(known)].timeMs { earliestRows[Int(known)] = (row.reviewTimeMs, row.line) }
        } else {
            card = UInt32(cardIDs.count)
            numbers[row.cardID] = card
            cardIDs.append(row.cardID)
            earliestRows.append((row.reviewTimeMs, row.line))
        }
        var duration = RevlogRecord.longDuration
        if let short = UInt32(exactly: row.durationMs), short != RevlogRecord.longDuration { duration = short } else {
            longDurations[row.line] = row.durationMs
        }
        try sorter.append(RevlogRecord(timeMs: row.reviewTimeMs, card: card, line: line, durationMs: duration,
                                       rating: UInt8(row.rating), state: UInt8(row.state.rawValue)))
    }

    /// The `card_id` of card `number` as the file spells it.
    func cardName(_ number: Int) -> String { cardTexts.name(of: cardIDs[number]) }

    /// The rows in the order they enter the log: time, then card, then file order. Call once, after the last row.
    /// - Throws: ``ImportError`` `store` when the sorter fails.
    mutating func sortedRows() throws(ImportError) -> RevlogRecordMerge {
        numbers = [:]
        let rows = sorter
        sorter = RevlogRecordSorter(runLength: 1, path: path)
        return try rows.sorted()
    }

    /// The row a record was made from.
    func row(_ record: RevlogRecord) -> RevlogRow {
        let duration = record.durationMs == RevlogRecord.longDuration ? longDurations[Int(record.line)] ?? Int64(record.durationMs)
                                                                      : Int64(record.durationMs)
        return RevlogRow(cardID: cardIDs[Int(record.card)], reviewTimeMs: record.timeMs, rating: Int(record.rating),
                         state: RevlogRow.State(rawValue: Int(record.state)) ?? .new, durationMs: duration, line: Int(record.line))
    }
}
