import Foundation
import Testing
import TestSupport
import FSRS

/// A revlog's `card_id` may be text (fsrs-optimizer's schema: "integer or string"): a card id
/// that is not an integer is kept as the card's text and numbered by a stable hash of it.
@Suite struct RevlogTextCardIDTests {
    static let header = "card_id,review_time,review_rating,review_state,review_duration"

    /// The field as written in the file → the text id read (nil: an integer id, `integer`).
    @Test(arguments: [
        ("c-42", "c-42", nil),
        ("\"note 5, card 2\"", "note 5, card 2", nil),
        ("\"say \"\"hi\"\"\"", "say \"hi\"", nil),
        ("  deck::card 7 ", "deck::card 7", nil),
        ("\" spaced \"", "spaced", nil),
        ("6f1c2a9e-3b7d-4c1e-9a2f-0d8e5b4c3a21", "6f1c2a9e-3b7d-4c1e-9a2f-0d8e5b4c3a21", nil),
        ("カード1", "カード1", nil),
        ("1.5", "1.5", nil),
        ("99999999999999999999", "99999999999999999999", nil),
        ("\"42\"", nil, 42),
        (" 42 ", nil, 42),
        ("-7", nil, -7),
        ("1700000000000", nil, 1_700_000_000_000),
    ] as [(String, String?, Int64?)])
    func aCardIDIsAnIntegerOrText(field: String, text: String?, integer: Int64?) throws {
        let file = try RevlogCSV.read("\(Self.header)\n\(field),1000,3,2,700\n")
        let row = try #require(file.rows.first)
        #expect(file.cardTexts[row.cardID] == text)
        if let text {
            #expect(row.cardID == RevlogCardTexts.number(of: text))
            #expect(row.cardID < 0)
            #expect(file.cardTexts.texts == [row.cardID: text])
        } else {
            #expect(row.cardID == integer)
            #expect(file.cardTexts.texts.isEmpty)
        }
        #expect(file.cardTexts.name(of: row.cardID) == text ?? String(integer ?? 0))
        #expect((row.reviewTimeMs, row.rating, row.state, row.durationMs, row.line) == (1000, 3, .review, 700, 2))
    }

    /// The number of a text is FNV-1a 64 of its UTF-8 bytes with the sign bit set (computed
    /// apart, in Python): ids a store derived from it must not change between versions.
    @Test(arguments: [
        ("a", -5_808_556_873_153_909_620),
        ("c-42", -4_062_993_903_164_758_069),
        ("カード1", -9_071_104_510_583_664_527),
        ("6f1c2a9e-3b7d-4c1e-9a2f-0d8e5b4c3a21", -7_303_512_789_280_498_935),
    ] as [(String, Int64)])
    func aTextsNumberIsStable(text: String, number: Int64) {
        #expect(RevlogCardTexts.number(of: text) == number)
    }

    /// Two ids of one file that share a number would be one card: refused on the later one's
    /// line, whichever comes first (a text and a negative integer, or two texts).
    @Test(arguments: [
        (["abc", "\(RevlogCardTexts.number(of: "abc"))"], "card_id '\(RevlogCardTexts.number(of: "abc"))' and the earlier card_id 'abc'"),
        (["\(RevlogCardTexts.number(of: "abc"))", "abc"], "card_id 'abc' and the earlier card_id '\(RevlogCardTexts.number(of: "abc"))'"),
    ])
    func idsThatShareANumberAreRefused(ids: [String], message: String) {
        let text = Self.header + "\n" + ids.map { "\($0),1000,3,2,700\n" }.joined() + "1,2000,3,2,700\n"
        #expect {
            try RevlogCSV.read(text)
        } throws: { error in
            guard let error = error as? RevlogError else { return false }
            return error.code == .cardIDCollision && error.line == 3
                && error.message == "\(message) have the same number (\(RevlogCardTexts.number(of: "abc"))), so they would be one card; "
                    + "rename one of them"
        }
    }

    /// A text and a negative integer id with other numbers are two cards; a text read again is its card.
    @Test func distinctIDsAreDistinctCards() throws {
        let file = try RevlogCSV.read(Self.header + "\nabc,1000,3,0,700\n-5,1000,3,0,700\n abc ,2000,3,2,700\n-5,2000,3,2,700\n")
        #expect(file.rows.map(\.cardID) == [RevlogCardTexts.number(of: "abc"), -5, RevlogCardTexts.number(of: "abc"), -5])
        #expect(file.cardTexts.texts == [RevlogCardTexts.number(of: "abc"): "abc"])
    }

    @Test(arguments: [
        ("\(header)\n,1000,3,2,700\n", "card_id is empty"),
        ("\(header)\n\"  \",1000,3,2,700\n", "card_id is empty"),
        ("review_time,card_id,review_rating,review_state\n1000,\"\",3,2\n", "card_id is empty"),
    ])
    func anEmptyCardIDIsRefused(text: String, message: String) {
        #expect {
            try RevlogCSV.parse(text)
        } throws: { error in
            guard let error = error as? RevlogError else { return false }
            return error.code == .missingCardID && error.line == 2 && error.message == message
                && error.description.hasSuffix("[revlog.missing-card-id]; fix or remove the row")
        }
    }

    /// Seeded files of rows with text ids (commas, quotes, inner spaces, letters of other
    /// scripts) and integer ids, as ``RevlogCSV/write(_:)`` writes them, read back as the rows.
    @Test(arguments: 0..<20)
    func writtenTextIDsReadBack(seed: UInt64) throws {
        var random = SplitMix64(seed: 0x7E47 &+ seed)
        let pieces = ["a", "Z", ",", "\"", " ", "::", "é", "カ", "7", "-", "note"]
        var rows: [RevlogRow] = []
        var texts: [Int64: String] = [:]
        for line in 2..<(2 + Int.random(in: 1...40, using: &random)) {
            let time = Int64.random(in: 0...2_000_000_000_000, using: &random)
            let rating = Int.random(in: 1...4, using: &random)
            if Bool.random(using: &random) {
                var text = "k"
                for _ in 0..<Int.random(in: 0...8, using: &random) { text += pieces.randomElement(using: &random) ?? "" }
                text += "x"
                texts[RevlogCardTexts.number(of: text)] = text
                rows.append(RevlogRow(cardID: RevlogCardTexts.number(of: text), reviewTimeMs: time, rating: rating, state: .review,
                                      durationMs: 1, line: line))
            } else {
                rows.append(RevlogRow(cardID: Int64.random(in: 0...Int64.max, using: &random), reviewTimeMs: time,
                                      rating: rating, state: .learning, durationMs: 2, line: line))
            }
        }
        let written = RevlogCSV.write(rows, cardTexts: try RevlogCardTexts(texts.values))
        let read = try RevlogCSV.read(written)
        #expect(read.rows == rows)
        #expect(read.cardTexts.texts == texts)
    }

    /// A card's text id groups its rows into one history, as an integer id does: renaming every
    /// card to text changes the histories' ids only.
    @Test func textIDsMakeTheHistoriesIntegerIDsMake() throws {
        let integers = """
            \(Self.header)
            5,1000,3,0,10
            6,2000,1,0,10
            5,90000000,3,2,10
            6,90000000,3,1,10
            5,900000000,1,2,10
            """
        let texts = integers.replacingOccurrences(of: "\n5,", with: "\n\"five, 5\",").replacingOccurrences(of: "\n6,", with: "\nsix,")
        let byInteger = RevlogHistory.histories(from: try RevlogCSV.parse(integers), utcOffsetMinutes: 0)
        let file = try RevlogCSV.read(texts)
        let byText = RevlogHistory.histories(from: file.rows, utcOffsetMinutes: 0)
        #expect(byText.map(\.cardID) == [RevlogCardTexts.number(of: "five, 5"), RevlogCardTexts.number(of: "six")])
        #expect(byText.map(\.reviews) == byInteger.map(\.reviews))
        #expect(byText.map { file.cardTexts.name(of: $0.cardID) } == ["five, 5", "six"])
        #expect(byText.map(\.rows.count) == [3, 2])
    }

    /// A `card_id` typed as text (on a command line) stands for the number the reader gives the
    /// same field in a file, and is a text id when the reader keeps a text for it.
    @Test(arguments: ["1700000000001", " 42\t", "+7", "-3", "0", "note-17", " note-17 ", "99999999999999999999", "1e3", "単語"])
    func aCardIDsNumberIsTheOneTheReaderGivesIt(spelling: String) throws {
        let file = try RevlogCSV.read(Self.header + "\n" + spelling + ",1772442000000,3,0,1000\n")
        let cardID = try #require(file.rows.first?.cardID)
        let read = RevlogCardTexts.read(cardID: spelling)
        #expect(read.number == cardID)
        #expect(read.text == file.cardTexts[cardID])
    }
}

