/// Reads and writes the revlog CSV format. Pure: text in, rows out (no file I/O).
public enum RevlogCSV {
    /// The header line, exactly.
    public static let header = "card_id,review_time,review_rating,review_state,review_duration"

    /// Parses a whole revlog CSV. Lines may end in LF or CRLF; blank lines are skipped; a
    /// leading UTF-8 byte-order mark is ignored. Every row must have five integer fields,
    /// a rating 0 … 4, a state 0 … 6 and a duration ≥ 0.
    /// - Throws: ``RevlogError`` naming the first bad line and what is wrong with it.
    /// - Complexity: O(n) in the length of the text.
    public static func parse(_ text: String) throws(RevlogError) -> [RevlogRow] {
        var rows: [RevlogRow] = []
        var sawHeader = false
        var lineNumber = 0
        for rawLine in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = rawLine[...]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            if lineNumber == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
            if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { continue }
            if !sawHeader {
                guard String(decoding: line, as: UTF8.self).replacingSpaces() == header else {
                    throw RevlogError(code: .badHeader, line: lineNumber,
                                      message: "expected the header '\(header)', found '\(quoted(line))'")
                }
                sawHeader = true
                continue
            }
            rows.append(try parseRow(line, lineNumber: lineNumber))
        }
        guard sawHeader else {
            throw RevlogError(code: .missingHeader, line: max(lineNumber, 1),
                              message: "the file is empty; expected the header '\(header)'")
        }
        return rows
    }

    /// At most the first 80 characters of `line`, for an error: a binary file's first "line"
    /// may be megabytes long.
    private static func quoted(_ line: Substring.UTF8View.SubSequence) -> String {
        let text = String(decoding: line.prefix(400), as: UTF8.self)
        return text.count > 80 || line.count > 400 ? String(text.prefix(80)) + "…" : text
    }

    private static let fieldNames = ["card_id", "review_time", "review_rating", "review_state", "review_duration"]

    private static func parseRow(_ line: Substring.UTF8View.SubSequence, lineNumber: Int) throws(RevlogError) -> RevlogRow {
        let fields = line.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        guard fields.count == 5 else {
            throw RevlogError(code: .fieldCount, line: lineNumber,
                              message: "expected 5 comma-separated fields, found \(fields.count)")
        }
        var values: [Int64] = []
        for (index, field) in fields.enumerated() {
            let text = String(decoding: field, as: UTF8.self).trimmingSpaces()
            guard let value = Int64(text) else {
                throw RevlogError(code: .notAnInteger, line: lineNumber,
                                  message: "\(fieldNames[index]) '\(text)' is not an integer")
            }
            values.append(value)
        }
        guard (0...4).contains(values[2]) else {
            throw RevlogError(code: .ratingOutOfRange, line: lineNumber,
                              message: "review_rating \(values[2]) is not 0 … 4")
        }
        guard let state = RevlogRow.State(rawValue: Int(truncatingIfNeeded: values[3])), (0...6).contains(values[3]) else {
            throw RevlogError(code: .stateOutOfRange, line: lineNumber,
                              message: "review_state \(values[3]) is not 0 … 6")
        }
        guard values[4] >= 0 else {
            throw RevlogError(code: .negativeDuration, line: lineNumber,
                              message: "review_duration \(values[4]) is negative")
        }
        return RevlogRow(cardID: values[0], reviewTimeMs: values[1], rating: Int(values[2]), state: state,
                         durationMs: values[4], line: lineNumber)
    }

    /// The CSV text of `rows`: the header, then one LF-terminated line per row, in order.
    public static func write(_ rows: some Sequence<RevlogRow>) -> String {
        var text = header + "\n"
        for row in rows {
            text += "\(row.cardID),\(row.reviewTimeMs),\(row.rating),\(row.state.rawValue),\(row.durationMs)\n"
        }
        return text
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        var view = Substring(self)
        while view.first == " " || view.first == "\t" { view = view.dropFirst() }
        while view.last == " " || view.last == "\t" { view = view.dropLast() }
        return String(view)
    }

    fileprivate func replacingSpaces() -> String {
        String(filter { $0 != " " && $0 != "\t" })
    }
}
