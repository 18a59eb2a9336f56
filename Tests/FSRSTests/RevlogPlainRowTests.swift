import Testing
import TestSupport
@testable import FSRS

/// The revlog CSV's short way through a plain row (``RevlogCSV/plainRow(_:lineNumber:)``): the
/// rows it reads are the rows the long way reads, and it leaves every other line to the long way.
@Suite struct RevlogPlainRowTests {
    private static func plainRow(_ text: String, line: Int = 2) -> RevlogRow? {
        Array(text.utf8).withUnsafeBytes { RevlogCSV.plainRow($0[...], lineNumber: line) }
    }

    @Test(arguments: [
        ("1,2,3,4,5", RevlogRow(cardID: 1, reviewTimeMs: 2, rating: 3, state: .filtered, durationMs: 5, line: 2)),
        ("1704096000000,1704096000123,0,6,0",
         RevlogRow(cardID: 1_704_096_000_000, reviewTimeMs: 1_704_096_000_123, rating: 0, state: .rescheduled, durationMs: 0, line: 2)),
        ("999999999999999999,0,4,0,999999999999999999",
         RevlogRow(cardID: 999_999_999_999_999_999, reviewTimeMs: 0, rating: 4, state: .new, durationMs: 999_999_999_999_999_999, line: 2)),
        ("007,08,1,2,0100", RevlogRow(cardID: 7, reviewTimeMs: 8, rating: 1, state: .review, durationMs: 100, line: 2)),
    ])
    func aPlainRowIsReadOnTheShortWay(text: String, row: RevlogRow) {
        #expect(Self.plainRow(text) == row)
    }

    @Test(arguments: [
        "", "1,2,3,4", "1,2,3,4,5,6", "1,2,3,4,5,", ",1,2,3,4", "1,,3,4,5", " 1,2,3,4,5", "1,2,3,4,5 ", "1,2 ,3,4,5",
        "1,2,3,4,\t5", "-1,2,3,4,5", "+1,2,3,4,5", "1,2,5,4,5", "1,2,3,7,5", "1,2,3,4,x", "1.5,2,3,4,5",
        "1000000000000000000,2,3,4,5", "1,2,3,4,1000000000000000000", "1;2;3;4;5",
    ])
    func anyOtherLineIsLeftToTheLongWay(text: String) {
        #expect(Self.plainRow(text) == nil)
    }

    /// Seeded: random plain rows read the same on the short way as, with a space before each
    /// field (which only the long way reads), on the long way.
    @Test func theShortWayReadsWhatTheLongWayReads() throws {
        var random = SplitMix64(seed: 0x5EED_0021)
        var plain = RevlogCSV.header + "\n", spaced = RevlogCSV.header + "\n"
        for _ in 0..<2_000 {
            let fields = [Int64.random(in: 0...999_999_999_999_999_999, using: &random), Int64.random(in: 0...(1 << 45), using: &random),
                          Int64.random(in: 0...4, using: &random), Int64.random(in: 0...6, using: &random),
                          Int64.random(in: 0...(1 << Int64.random(in: 1...59, using: &random)), using: &random)]
            plain += fields.map(String.init).joined(separator: ",") + "\n"
            spaced += fields.map { " \($0)" }.joined(separator: ",") + "\n"
        }
        let short = try RevlogCSV.parse(plain)
        #expect(short.count == 2_000)
        #expect(short == (try RevlogCSV.parse(spaced)))
        #expect(Self.plainRow(" 1,2,3,4,5") == nil, "the spaced rows go the long way")
    }
}
