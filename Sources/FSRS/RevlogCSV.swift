/// Reads and writes the revlog CSV format. Pure: text in, rows out (no file I/O).
public enum RevlogCSV {
    /// The header line, exactly.
    public static let header = "card_id,review_time,review_rating,review_state,review_duration"

    /// Parses a whole revlog CSV. Lines may end in LF or CRLF; blank lines are skipped; a
    /// leading UTF-8 byte-order mark is ignored. The header names the columns, in any order
    /// (``RevlogColumns``: `review_duration` may be missing, other columns are ignored); fields
    /// may be quoted. Every row must have as many fields as the header, a `card_id` (an integer,
    /// or any other text: ``RevlogCardTexts``), integers in the other known columns, a
    /// rating 0 … 4, a state 0 … 6 and a duration ≥ 0.
    /// - Throws: ``RevlogError`` naming the first bad line and what is wrong with it.
    /// - Complexity: O(n) in the length of the text.
    public static func parse(_ text: String) throws(RevlogError) -> [RevlogRow] {
        try read(text).rows
    }

    /// Parses a whole revlog CSV as ``parse(_:)`` does, with the text of its text `card_id`s.
    /// - Throws: ``RevlogError`` naming the first bad line and what is wrong with it.
    public static func read(_ text: String) throws(RevlogError) -> (rows: [RevlogRow], cardTexts: RevlogCardTexts) {
        var rows: [RevlogRow] = []
        var reader = LineReader()
        for rawLine in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            let row = Array(rawLine).withUnsafeBytes { line in Result { () throws(RevlogError) in try reader.read(line) } }
            if let row = try row.get() { rows.append(row) }
        }
        try reader.finish()
        return (rows, reader.cardTexts)
    }

    /// Reads a revlog CSV a line at a time, as ``parse(_:)`` reads a whole text: a streaming
    /// import hands it each line (without its `\n`) in order.
    public struct LineReader: Sendable {
        /// The header's layout, once it is read.
        public private(set) var columns: RevlogColumns?
        /// Whether the header was read.
        public var sawHeader: Bool { columns != nil }
        /// The 1-based number of the last line read.
        public private(set) var lineNumber = 0
        /// The text `card_id`s read so far.
        public private(set) var cardTexts = RevlogCardTexts()

        /// A reader before the first line.
        public init() {}

        /// The row of the next line, or nil for the header and blank lines. A `\r` before the
        /// line's end is dropped, and a byte-order mark on the first line. A plain row (as
        /// exports write them) is read on a short way (``RevlogCSV/plainRow(_:lineNumber:)``).
        /// - Throws: ``RevlogError`` naming the line: a bad header, or a malformed row (a text
        ///   `card_id` whose number another id of the file has is one: ``RevlogCardTexts``).
        public mutating func read(_ bytes: UnsafeRawBufferPointer) throws(RevlogError) -> RevlogRow? {
            lineNumber += 1
            var line = bytes[...]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            if let columns {
                if columns.isCanonical, let row = plainRow(line, lineNumber: lineNumber) { return row }
                if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { return nil }
                return try parseRow(line, columns: columns, lineNumber: lineNumber, cardTexts: &cardTexts)
            }
            if lineNumber == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
            if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { return nil }
            columns = try RevlogColumns.parse(header: line, line: lineNumber)
            return nil
        }

        /// Ends the file.
        /// - Throws: ``RevlogError`` `missingHeader` when no header was read.
        public func finish() throws(RevlogError) {
            guard sawHeader else {
                throw RevlogError(code: .missingHeader, line: max(lineNumber, 1),
                                  message: "the file is empty; expected the header '\(header)'")
            }
        }
    }

    /// At most the first 80 characters of `line`, for an error: a binary file's first "line"
    /// may be megabytes long.
    static func quoted(_ line: Slice<UnsafeRawBufferPointer>) -> String {
        let text = String(decoding: line.prefix(400), as: UTF8.self)
        return text.count > 80 || line.count > 400 ? String(text.prefix(80)) + "…" : text
    }

    /// The row of `line`, laid out as `columns` say: its fields split as ``CSVFields`` reads them
    /// (quoted or not, spaces and tabs around each allowed), the known ones read as integers
    /// without a `String` per field; an error message quotes the field as text. A `card_id`
    /// that is not an `Int64` is a text id, recorded in `cardTexts`.
    private static func parseRow(_ line: Slice<UnsafeRawBufferPointer>, columns: RevlogColumns, lineNumber: Int,
                                 cardTexts: inout RevlogCardTexts) throws(RevlogError) -> RevlogRow {
        var values: (Int64, Int64, Int64, Int64, Int64) = (0, 0, 0, 0, 0)
        var fields = CSVFields(line)
        var count = 0
        while let field = fields.next() {
            defer { count += 1 }
            guard !field.isBroken else {
                throw RevlogError(code: .badQuote, line: lineNumber,
                                  message: "field \(count + 1): \(fields.problem ?? "a quote is not closed")")
            }
            guard let column = columns.column(ofField: count) else { continue }
            let integerValue = field.hasEscapedQuote ? nil : integer(line.base[field.range])
            if column == 0, integerValue == nil {
                let text = (field.text(in: line) ?? "").trimmingSpaces()
                guard !text.isEmpty else {
                    throw RevlogError(code: .missingCardID, line: lineNumber, message: "card_id is empty")
                }
                values.0 = try cardTexts.record(text: text, line: lineNumber)
                continue
            }
            guard let value = integerValue else {
                let text = (field.text(in: line) ?? "").trimmingSpaces()
                throw RevlogError(code: .notAnInteger, line: lineNumber,
                                  message: "\(RevlogColumns.names[column]) '\(text)' is not an integer")
            }
            switch column {
            case 0:
                values.0 = value
                try cardTexts.record(integer: value, line: lineNumber)
            case 1: values.1 = value
            case 2: values.2 = value
            case 3: values.3 = value
            default: values.4 = value
            }
        }
        guard count == columns.fieldCount else {
            throw RevlogError(code: .fieldCount, line: lineNumber,
                              message: "expected \(columns.fieldCount) comma-separated fields, found \(count)")
        }
        guard (0...4).contains(values.2) else {
            throw RevlogError(code: .ratingOutOfRange, line: lineNumber,
                              message: "review_rating \(values.2) is not 0 … 4")
        }
        guard let state = RevlogRow.State(rawValue: Int(truncatingIfNeeded: values.3)), (0...6).contains(values.3) else {
            throw RevlogError(code: .stateOutOfRange, line: lineNumber,
                              message: "review_state \(values.3) is not 0 … 6")
        }
        guard values.4 >= 0 else {
            throw RevlogError(code: .negativeDuration, line: lineNumber,
                              message: "review_duration \(values.4) is negative")
        }
        return RevlogRow(cardID: values.0, reviewTimeMs: values.1, rating: Int(values.2), state: state,
                         durationMs: values.4, line: lineNumber)
    }

    /// The row of `line` when it is plain, as revlog exports write rows: five fields of 1 … 18
    /// digits (no sign, no spaces), a rating 0 … 4 and a state 0 … 6; nil for any other line,
    /// which ``parseRow(_:lineNumber:)`` reads the long way (and names what is wrong). Reads
    /// each byte once, with no overflow check: 18 digits fit an `Int64`. The values are those
    /// the long way reads.
    static func plainRow(_ line: Slice<UnsafeRawBufferPointer>, lineNumber: Int) -> RevlogRow? {
        guard let base = line.base.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        var cursor = base + line.startIndex
        let end = base + line.endIndex
        guard let cardID = plainField(&cursor, end, last: false), let time = plainField(&cursor, end, last: false),
              let rating = plainField(&cursor, end, last: false), let state = plainField(&cursor, end, last: false),
              let duration = plainField(&cursor, end, last: true),
              rating <= 4, state <= 6, let known = RevlogRow.State(rawValue: Int(state)) else { return nil }
        return RevlogRow(cardID: cardID, reviewTimeMs: time, rating: Int(rating), state: known, durationMs: duration, line: lineNumber)
    }

    /// The value of the 1 … 18 digits at `cursor`, which then moves past them and the comma
    /// after them (the line's end after them when `last`); nil, `cursor` anywhere, when the
    /// bytes there are not so.
    @inline(__always)
    private static func plainField(_ cursor: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, last: Bool) -> Int64? {
        let start = cursor
        var value: Int64 = 0
        while cursor < end {
            let digit = cursor.pointee &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            value = value &* 10 &+ Int64(digit)
            cursor += 1
        }
        let digits = start.distance(to: cursor)
        guard digits > 0, digits <= 18 else { return nil }
        if last { return cursor == end ? value : nil }
        guard cursor < end, cursor.pointee == UInt8(ascii: ",") else { return nil }
        cursor += 1
        return value
    }

    /// The integer `field` spells (an optional sign and decimal digits, spaces and tabs around),
    /// as `Int64(String)` reads it; nil when it spells none or overflows.
    private static func integer(_ field: Slice<UnsafeRawBufferPointer>) -> Int64? {
        var start = field.startIndex, end = field.endIndex
        while start < end, field[start] == UInt8(ascii: " ") || field[start] == UInt8(ascii: "\t") { start += 1 }
        while end > start, field[end - 1] == UInt8(ascii: " ") || field[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        guard start < end else { return nil }
        var negative = false
        if field[start] == UInt8(ascii: "-") || field[start] == UInt8(ascii: "+") {
            negative = field[start] == UInt8(ascii: "-")
            start += 1
            guard start < end else { return nil }
        }
        var value: Int64 = 0
        for index in start..<end {
            let digit = field[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = negative ? times.subtractingReportingOverflow(Int64(digit)) : times.addingReportingOverflow(Int64(digit))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
        }
        return value
    }

    /// The CSV text of `rows`: the header, then one LF-terminated line per row, in order; a card
    /// with a text id in `cardTexts` is written as its text, quoted (a quote in it doubled).
    public static func write(_ rows: some Sequence<RevlogRow>, cardTexts: RevlogCardTexts = RevlogCardTexts()) -> String {
        var text = header + "\n"
        for row in rows { text += line(row, cardTexts: cardTexts) }
        return text
    }

    /// The LF-terminated line of `row` in the canonical layout (``header``'s); a card with a text
    /// id in `cardTexts` is written as its text, quoted (a quote in it doubled).
    public static func line(_ row: RevlogRow, cardTexts: RevlogCardTexts = RevlogCardTexts()) -> String {
        let card = cardTexts[row.cardID].map { text in
            "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
        } ?? String(row.cardID)
        return "\(card),\(row.reviewTimeMs),\(row.rating),\(row.state.rawValue),\(row.durationMs)\n"
    }
}

extension String {
    func trimmingSpaces() -> String {
        var view = Substring(self)
        while view.first == " " || view.first == "\t" { view = view.dropFirst() }
        while view.last == " " || view.last == "\t" { view = view.dropLast() }
        return String(view)
    }
}
