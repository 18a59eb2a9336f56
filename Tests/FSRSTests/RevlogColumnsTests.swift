import Foundation
import Testing
import TestSupport
@testable import FSRS

/// A revlog's header names its columns (fsrs-optimizer's review-log schema): in any order, with
/// columns of other tools ignored, `review_duration` optional, fields quoted or not. Such a file
/// reads as the same rows as the file in ``RevlogCSV/header``'s layout; a header or row that
/// breaks the schema is refused by line, with what is wrong.
@Suite struct RevlogColumnsTests {
    static let row = RevlogRow(cardID: 1, reviewTimeMs: 2, rating: 3, state: .review, durationMs: 100, line: 2)

    @Test(arguments: [
        ("review_time,card_id,review_rating,review_state,review_duration\n2,1,3,2,100", row),
        (",card_id,note_id,review_time,review_rating,review_state,review_duration\n0,1,99,2,3,2,100", row),
        ("review_duration,review_state,review_rating,review_time,card_id,deck\n100,2,3,2,1,Spanish", row),
        ("\"card_id\",\"review_time\",\"review_rating\",\"review_state\",\"review_duration\"\n\"1\",\"2\",\"3\",\"2\",\"100\"", row),
        ("card_id,comment,review_time,review_rating,review_state,review_duration\n1,\"a, \"\"b\"\", c\",2,3,2,100", row),
        (" card_id , \"review_time\" ,review_rating,review_state,review_duration\r\n 1 , \"2\" ,3,2,100\r", row),
        ("card_id,review_time,review_rating,review_state\n1,2,3,2",
         RevlogRow(cardID: 1, reviewTimeMs: 2, rating: 3, state: .review, durationMs: 0, line: 2)),
        ("review_state,card_id,review_rating,review_time\n\n5,1,0,2",
         RevlogRow(cardID: 1, reviewTimeMs: 2, rating: 0, state: .manual, durationMs: 0, line: 3)),
        ("card_id,review_time,review_rating,review_state,review_duration,\n1,2,3,2,100,", row),
    ] as [(String, RevlogRow)])
    func aHeaderInAnyLayoutReadsTheSameRow(text: String, expected: RevlogRow) throws {
        #expect(try RevlogCSV.parse(text) == [expected])
    }

    @Test(arguments: [
        ("card_id,review_time,review_rating\n1,2,3\n", 1, RevlogError.Code.badHeader,
         "the header 'card_id,review_time,review_rating' has no review_state column; a revlog needs card_id, review_time, "
             + "review_rating and review_state (review_duration may be left out), in any order, other columns ignored"),
        ("review_time,card_id,review_state\n", 1, .badHeader, "the header 'review_time,card_id,review_state' has no review_rating column"),
        ("card_id,review_time,review_rating,review_state,card_id\n", 1, .badHeader,
         "the header names card_id twice: 'card_id,review_time,review_rating,review_state,card_id'"),
        ("position,eventId,type\n", 1, .badHeader,
         "expected the header 'card_id,review_time,review_rating,review_state,review_duration', found 'position,eventId,type'"),
        ("\"card_id,review_time,review_rating,review_state\n", 1, .badHeader, "a quote is not closed in the header"),
        ("\"card_id\"x,review_time,review_rating,review_state\n", 1, .badHeader, "text follows a closing quote in the header"),
        ("card_id,review_time,review_rating,review_state,review_duration\n\"1,2,3,2,100\n", 2, .badQuote,
         "field 1: a quote is not closed"),
        ("card_id,review_time,review_rating,review_state,review_duration\n1,2,3,\"2\"2,100\n", 2, .badQuote,
         "field 4: text follows a closing quote"),
        ("card_id,note,review_time,review_rating,review_state\n1,\"x,2,3,2\n", 2, .badQuote, "field 2: a quote is not closed"),
        ("card_id,review_time,review_rating,review_state,review_duration\n1,\"2\"\"\",3,2,100\n", 2, .notAnInteger,
         "review_time '2\"' is not an integer"),
        ("review_time,card_id,review_rating,review_state,review_duration\n1,2,3,2\n", 2, .fieldCount,
         "expected 5 comma-separated fields, found 4"),
        ("card_id,deck,review_time,review_rating,review_state,review_duration\n1,2,3,2,100\n", 2, .fieldCount,
         "expected 6 comma-separated fields, found 5"),
        ("card_id,review_time,review_rating,review_state\n1,2,3,2,100\n", 2, .fieldCount,
         "expected 4 comma-separated fields, found 5"),
        ("review_state,card_id,review_rating,review_time\n9,1,3,2\n", 2, .stateOutOfRange, "review_state 9 is not 0 … 6"),
        ("review_time,card_id,review_rating,review_state\nsoon,1,3,2\n", 2, .notAnInteger, "review_time 'soon' is not an integer"),
    ] as [(String, Int, RevlogError.Code, String)])
    func aBrokenHeaderOrRowIsRefusedByLine(text: String, line: Int, code: RevlogError.Code, message: String) {
        #expect {
            try RevlogCSV.parse(text)
        } throws: { error in
            guard let error = error as? RevlogError else { return false }
            return error.line == line && error.code == code && error.message.hasPrefix(message)
        }
    }

    /// An error says what to do about it: a header's is fixed in the header, a row's in the row.
    @Test(arguments: [
        ("", "revlog line 1: the file is empty; expected the header '\(RevlogCSV.header)' [revlog.missing-header]; "
            + "start the file with the header line"),
        ("card_id,review_time\n", "revlog line 1: the header 'card_id,review_time' has no review_rating column; a revlog needs "
            + "card_id, review_time, review_rating and review_state (review_duration may be left out), in any order, other columns "
            + "ignored [revlog.bad-header]; fix the header line"),
        ("\(RevlogCSV.header)\n1,2,3,2,x\n", "revlog line 2: review_duration 'x' is not an integer [revlog.not-an-integer]; "
            + "fix or remove the row"),
    ])
    func anErrorSaysWhatToDo(text: String, description: String) {
        #expect(throws: RevlogError.self) { try RevlogCSV.parse(text) }
        do { _ = try RevlogCSV.parse(text) } catch { #expect(error.description == description) }
    }

    /// The canonical header is read as the canonical layout (its plain rows take the short way).
    @Test func theCanonicalHeaderIsTheCanonicalLayout() throws {
        var reader = RevlogCSV.LineReader()
        _ = try Array(" card_id,review_time , review_rating,review_state,review_duration".utf8).withUnsafeBytes { try reader.read($0) }
        #expect(reader.columns == .canonical)
        #expect(reader.columns?.isCanonical == true)
        _ = try Array("card_id,review_time,review_rating,review_state".utf8).withUnsafeBytes {
            var other = RevlogCSV.LineReader()
            _ = try other.read($0)
            #expect(other.columns?.isCanonical == false)
        }
    }

    /// Seeded: random rows written in the canonical layout and, again, with the columns shuffled,
    /// other columns (quoted text with commas and quotes) among them, fields quoted at random
    /// and sometimes no `review_duration` read as the same rows (durations then 0).
    @Test(arguments: 0..<30)
    func aShuffledQuotedLayoutReadsTheCanonicalRows(seed: UInt64) throws {
        var random = SplitMix64(seed: 0xC0_1005 &+ seed)
        let rows = (0..<200).map { index in
            RevlogRow(cardID: Int64.random(in: 0...999_999_999_999_999, using: &random),
                      reviewTimeMs: Int64.random(in: 0...(1 << 45), using: &random), rating: Int.random(in: 0...4, using: &random),
                      state: RevlogRow.State(rawValue: Int.random(in: 0...6, using: &random))!,
                      durationMs: Int64.random(in: 0...90_000, using: &random), line: index + 2)
        }
        let withDuration = Bool.random(using: &random)
        var columns = RevlogColumns.names.prefix(withDuration ? 5 : 4).map { $0 }
        let extras = Int.random(in: 0...3, using: &random)
        for extra in 0..<extras { columns.insert("other_\(extra)", at: Int.random(in: 0...columns.count, using: &random)) }
        columns.shuffle(using: &random)
        func field(_ text: String) -> String {
            Bool.random(using: &random) ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
        }
        var text = columns.map(field).joined(separator: ",") + "\n"
        for row in rows {
            let fields = columns.map { name -> String in
                switch name {
                case "card_id": field(String(row.cardID))
                case "review_time": field(String(row.reviewTimeMs))
                case "review_rating": field(String(row.rating))
                case "review_state": field(String(row.state.rawValue))
                case "review_duration": field(String(row.durationMs))
                default: "\"a, \"\"quoted\"\" note, \(Int.random(in: 0...9, using: &random))\""
                }
            }
            text += fields.joined(separator: ",") + "\n"
        }
        let expected = withDuration ? rows : rows.map { var row = $0; row.durationMs = 0; return row }
        #expect(try RevlogCSV.parse(text) == expected, "columns \(columns)")
        #expect(try RevlogCSV.parse(RevlogCSV.write(rows)) == rows)
    }
}
