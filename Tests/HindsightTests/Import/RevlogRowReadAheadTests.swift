import Foundation
import Testing
import TestSupport
import FSRS
@testable import Hindsight

/// The revlog rows read ahead: every row once, in file order, in blocks of the block length; a
/// bad line comes after the rows before it, naming its line; an empty file lacks its header.
@Suite struct RevlogRowReadAheadTests {
    /// The rows read from a file of `text`, in blocks, and what ended them.
    private static func read(_ text: String) throws -> (blocks: [[RevlogRow]], failure: ImportError?) {
        let directory = try TemporaryDirectory(prefix: "revlog-rows")
        defer { directory.remove() }
        let file = directory.appending("r.csv").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let reader = try RevlogRowReadAhead(file: file, path: "r.csv", progress: nil)
        var blocks: [[RevlogRow]] = [], rows: [RevlogRow] = []
        do {
            while try reader.next(into: &rows) { blocks.append(rows) }
            #expect(rows.isEmpty)
            #expect(try !reader.next(into: &rows), "the end stays the end")
            return (blocks, nil)
        } catch {
            return (blocks, error)
        }
    }

    /// A revlog of `rows` rows, row `n` (from 0) on line `n + 2`: card `n % 7`, time `n`.
    private static func revlog(rows: Int, badLine: Int? = nil) -> String {
        var text = RevlogCSV.header + "\n"
        for index in 0..<rows {
            text += index + 2 == badLine ? "1,x,3,2,5\n" : "\(index % 7),\(index),3,2,5\n"
        }
        return text
    }

    @Test(arguments: [0, 1, 8_191, 8_192, 8_193, 20_000])
    func everyRowComesOnceInOrderInBlocks(rows: Int) throws {
        let (blocks, failure) = try Self.read(Self.revlog(rows: rows))
        #expect(failure == nil)
        let all = blocks.flatMap { $0 }
        #expect(all.map(\.line) == (0..<rows).map { $0 + 2 })
        #expect(all.map(\.reviewTimeMs) == (0..<rows).map(Int64.init))
        #expect(all.map(\.cardID) == (0..<rows).map { Int64($0 % 7) })
        #expect(blocks.map(\.count) == Array(repeating: 8_192, count: rows / 8_192) + (rows % 8_192 == 0 ? [] : [rows % 8_192]))
    }

    @Test(arguments: [2, 3, 8_193, 8_194, 8_195, 20_001])
    func aBadLineComesAfterTheRowsBeforeIt(badLine: Int) throws {
        let (blocks, failure) = try Self.read(Self.revlog(rows: 20_000, badLine: badLine))
        #expect(blocks.flatMap { $0 }.map(\.line) == Array(2..<badLine))
        #expect(failure?.code == .badRevlogLine)
        #expect(failure?.line == badLine)
        #expect(failure?.path == "r.csv")
    }

    /// The text ids of a file read to its end are its reader's, each by its rows' number.
    @Test func theTextIDsAreKnownOnceTheFileIsRead() throws {
        let directory = try TemporaryDirectory(prefix: "revlog-rows")
        defer { directory.remove() }
        let file = directory.appending("r.csv").path
        var text = RevlogCSV.header + "\n"
        for index in 0..<20_000 { text += index % 2 == 0 ? "\(index % 7),\(index),3,2,5\n" : "\"card, \(index % 5)\",\(index),3,2,5\n" }
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let reader = try RevlogRowReadAhead(file: file, path: "r.csv", progress: nil)
        var all: [RevlogRow] = [], rows: [RevlogRow] = []
        while try reader.next(into: &rows) { all += rows }
        let names = (0..<5).map { "card, \($0)" }
        #expect(reader.cardTexts.texts == Dictionary(uniqueKeysWithValues: names.map { (RevlogCardTexts.number(of: $0), $0) }))
        #expect(all.map { reader.cardTexts.name(of: $0.cardID) } == (0..<20_000).map { $0 % 2 == 0 ? "\($0 % 7)" : "card, \($0 % 5)" })
    }

    @Test func anEmptyFileLacksItsHeader() throws {
        let (blocks, failure) = try Self.read("")
        #expect(blocks.isEmpty)
        #expect(failure?.code == .badRevlogLine)
        #expect(failure?.message.contains("the file is empty") == true)
    }
}
