/// Which field of a revlog CSV row holds which value, as the file's header names them: the
/// review-log schema of fsrs-optimizer, whose files other tools write with their columns in any
/// order, with columns of their own (pandas' unnamed index, a note id), with every field quoted
/// (R, spreadsheets) and without `review_duration` (optional in the schema).
///
/// `card_id`, `review_time`, `review_rating` and `review_state` are required (the state says
/// which rows start, leave or stay out of a card's FSRS history, and which are manual entries:
/// nothing else in a row does); `review_duration` may be missing, and every row then took 0 ms;
/// other columns are ignored. A known column named twice is refused.
public struct RevlogColumns: Sendable, Equatable {
    /// The layout of ``RevlogCSV/header``: the five columns in order, nothing else.
    public static let canonical = RevlogColumns(fieldCount: 5, cardID: 0, reviewTime: 1, rating: 2, state: 3, duration: 4)

    /// The schema's column names, in ``RevlogCSV/header``'s order.
    static let names = ["card_id", "review_time", "review_rating", "review_state", "review_duration"]

    /// How many fields a row has (as many as the header).
    public let fieldCount: Int
    /// The field of each of ``names`` (its index in a row), `-1` for a `review_duration` not in the file.
    let fields: (Int, Int, Int, Int, Int)

    /// Whether rows are laid out as ``RevlogCSV/header`` says (the short way may read them).
    public let isCanonical: Bool

    /// A layout with these field indexes (`duration` nil when the file has none).
    init(fieldCount: Int, cardID: Int, reviewTime: Int, rating: Int, state: Int, duration: Int?) {
        self.fieldCount = fieldCount
        fields = (cardID, reviewTime, rating, state, duration ?? -1)
        isCanonical = fieldCount == 5 && fields == (0, 1, 2, 3, 4)
    }

    /// Which of ``names`` field `index` of a row holds (0 … 4), or nil for a column ignored.
    @inline(__always)
    func column(ofField index: Int) -> Int? {
        switch index {
        case fields.0: 0
        case fields.1: 1
        case fields.2: 2
        case fields.3: 3
        case fields.4: 4
        default: nil
        }
    }

    public static func == (lhs: RevlogColumns, rhs: RevlogColumns) -> Bool {
        lhs.fieldCount == rhs.fieldCount && lhs.fields == rhs.fields
    }

    /// The layout `header` names (its line, without the line end and byte-order mark): each field,
    /// quoted or not, with spaces and tabs around it dropped, is a column's name.
    /// - Throws: ``RevlogError`` `badHeader` on `line`: a line naming none of the schema's
    ///   columns, one missing a required column, one naming a column twice, or a broken quote.
    static func parse(header: Slice<UnsafeRawBufferPointer>, line: Int) throws(RevlogError) -> RevlogColumns {
        var found = [Int?](repeating: nil, count: names.count)
        var fieldCount = 0
        var fields = CSVFields(header)
        while let field = fields.next() {
            guard let name = field.text(in: header) else {
                throw RevlogError(code: .badHeader, line: line,
                                  message: "\(fields.problem ?? "a quote is not closed") in the header '\(RevlogCSV.quoted(header))'")
            }
            if let column = names.firstIndex(of: name) {
                guard found[column] == nil else {
                    throw RevlogError(code: .badHeader, line: line,
                                      message: "the header names \(name) twice: '\(RevlogCSV.quoted(header))'")
                }
                found[column] = fieldCount
            }
            fieldCount += 1
        }
        guard found.contains(where: { $0 != nil }) else {
            throw RevlogError(code: .badHeader, line: line,
                              message: "expected the header '\(RevlogCSV.header)', found '\(RevlogCSV.quoted(header))'")
        }
        if let missing = found.prefix(4).firstIndex(where: { $0 == nil }) {
            throw RevlogError(code: .badHeader, line: line,
                              message: "the header '\(RevlogCSV.quoted(header))' has no \(names[missing]) column; a revlog needs "
                                  + "card_id, review_time, review_rating and review_state (review_duration may be left out), "
                                  + "in any order, other columns ignored")
        }
        return RevlogColumns(fieldCount: fieldCount, cardID: found[0]!, reviewTime: found[1]!, rating: found[2]!,
                             state: found[3]!, duration: found[4])
    }
}

/// The fields of one CSV line, as RFC 4180 reads them, without copying: a field is the bytes up
/// to the next comma, or, when it starts with a quote (after spaces or tabs), the bytes up to
/// the quote that closes it (`""` inside standing for one quote) and spaces or tabs after it.
/// A line ends every field: a quoted field cannot hold a line break here (a revlog's values
/// never do), so a quote left open is an error, as is text after a closing quote.
struct CSVFields {
    /// Where a field lies in its line.
    struct Field {
        /// Its bytes without the spaces around it and without its quotes.
        let range: Range<Int>
        /// Whether it was quoted and held a doubled quote (its bytes then spell it with `""`).
        let hasEscapedQuote: Bool
        /// Whether its quotes were broken (not closed, or text after the closing one).
        let isBroken: Bool

        /// Its text (a doubled quote read as one), or nil when ``isBroken``.
        func text(in line: Slice<UnsafeRawBufferPointer>) -> String? {
            guard !isBroken else { return nil }
            let text = String(decoding: line.base[range], as: UTF8.self)
            return hasEscapedQuote ? text.replacingDoubledQuotes() : text
        }
    }

    private let line: Slice<UnsafeRawBufferPointer>
    private var index: Int
    private var done = false
    /// What broke the last broken field.
    private(set) var problem: String?

    /// The fields of `line`.
    init(_ line: Slice<UnsafeRawBufferPointer>) {
        self.line = line
        index = line.startIndex
    }

    /// The next field, or nil after the last.
    mutating func next() -> Field? {
        guard !done else { return nil }
        let end = line.endIndex
        var start = index
        while start < end, line[start] == UInt8(ascii: " ") || line[start] == UInt8(ascii: "\t") { start += 1 }
        guard start < end, line[start] == UInt8(ascii: "\"") else {
            var stop = start
            while stop < end, line[stop] != UInt8(ascii: ",") { stop += 1 }
            var last = stop
            while last > start, line[last - 1] == UInt8(ascii: " ") || line[last - 1] == UInt8(ascii: "\t") { last -= 1 }
            advance(past: stop)
            return Field(range: start..<last, hasEscapedQuote: false, isBroken: false)
        }
        let open = start + 1
        var cursor = open
        var escaped = false
        while true {
            guard cursor < end else {
                problem = "a quote is not closed"
                done = true
                return Field(range: open..<end, hasEscapedQuote: escaped, isBroken: true)
            }
            if line[cursor] == UInt8(ascii: "\"") {
                if cursor + 1 < end, line[cursor + 1] == UInt8(ascii: "\"") {
                    escaped = true
                    cursor += 2
                    continue
                }
                break
            }
            cursor += 1
        }
        let close = cursor
        var after = close + 1
        while after < end, line[after] == UInt8(ascii: " ") || line[after] == UInt8(ascii: "\t") { after += 1 }
        guard after == end || line[after] == UInt8(ascii: ",") else {
            problem = "text follows a closing quote"
            done = true
            return Field(range: open..<close, hasEscapedQuote: escaped, isBroken: true)
        }
        advance(past: after)
        return Field(range: open..<close, hasEscapedQuote: escaped, isBroken: false)
    }

    /// Moves past the comma at `stop` (or ends at the line's end).
    private mutating func advance(past stop: Int) {
        if stop < line.endIndex { index = stop + 1 } else { done = true }
    }
}

extension String {
    /// The text with each `""` read as `"`.
    fileprivate func replacingDoubledQuotes() -> String {
        var result = ""
        var previousWasQuote = false
        for character in self {
            if character == "\"" && previousWasQuote {
                previousWasQuote = false
                continue
            }
            previousWasQuote = character == "\""
            result.append(character)
        }
        return result
    }
}
