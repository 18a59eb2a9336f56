import Events
import SeededRandom
import Testing
import TestSupport
@testable import Projections

@Suite("TextColumn: texts by slot in one UTF-8 buffer")
struct TextColumnTests {
    static func column(_ texts: [String]) -> TextColumn {
        var column = TextColumn()
        for text in texts { column.append(text) }
        return column
    }

    static func decodeColumn(_ bytes: [UInt8]) throws -> TextColumn {
        try bytes.withUnsafeBytes { raw throws(EventDecodingError) in
            var reader = BinaryReader(raw)
            return try TextColumn(from: &reader, "text")
        }
    }

    static func encodedColumn(_ column: TextColumn) -> [UInt8] {
        var writer = BinaryWriter()
        column.encode(to: &writer)
        return writer.bytes
    }

    @Test("texts round-trip through the encoding", arguments: [
        [], [""], ["a"], ["", "", ""], ["chien", "Größe", "犬", "🐈‍⬛ cat", ""], [String(repeating: "x", count: 5000), "é"],
    ] as [[String]])
    func roundTrip(texts: [String]) throws {
        let column = Self.column(texts)
        #expect((0..<column.count).map { column[$0] } == texts)
        let again = try Self.decodeColumn(Self.encodedColumn(column))
        #expect(again == column)
        #expect((0..<again.count).map { again[$0] } == texts)
    }

    @Test("replaced texts: equal to a column built with the final texts, same bytes, buffer within twice the texts")
    func replacements() throws {
        var rng = SplitMix64(seed: 7)
        var column = Self.column((0..<50).map { "card \($0)" })
        var expected = (0..<50).map { "card \($0)" }
        for round in 0..<20_000 {
            let slot = Int(rng.next() % 50)
            let text = String(repeating: round % 3 == 0 ? "é" : "ab", count: Int(rng.next() % 40))
            column[slot] = text
            expected[slot] = text
            let live = expected.reduce(0) { $0 + $1.utf8.count }
            #expect(column.bufferByteCount <= 2 * max(live, 4096) + 80, "round \(round)")
        }
        #expect(column == Self.column(expected))
        #expect(Self.encodedColumn(column) == Self.encodedColumn(Self.column(expected)))
        #expect((0..<50).map { column[$0] } == expected)
    }

    @Test("columns with different texts are unequal", arguments: [
        (["a", "b"], ["a", "c"]), (["ab", ""], ["a", "b"]), (["a"], ["a", ""]),
    ] as [([String], [String])])
    func inequality(left: [String], right: [String]) {
        #expect(Self.column(left) != Self.column(right))
    }

    /// Bytes of a column of `lengths` over `blob`.
    static func bytes(lengths: [UInt32], blob: [UInt8]) -> [UInt8] {
        var writer = BinaryWriter()
        writer.writeVarint(UInt64(lengths.count))
        writer.writeVarint(UInt64(lengths.count * 4))
        for length in lengths { withUnsafeBytes(of: length.littleEndian) { writer.bytes.append(contentsOf: $0) } }
        writer.writeVarint(UInt64(blob.count))
        writer.bytes.append(contentsOf: blob)
        return writer.bytes
    }

    @Test("lengths that do not add up to the blob are refused", arguments: [
        ([2, 2], [0x61, 0x62, 0x63], "not the 4 its lengths add up to"),
        ([3], [0xE7, 0x8A], "not the 3 its lengths add up to"),
        ([], [0x61], "not the 0 its lengths add up to"),
    ] as [([UInt32], [UInt8], String)])
    func refused(lengths: [UInt32], blob: [UInt8], reason: String) throws {
        let error = try #require(throws: EventDecodingError.self) { try Self.decodeColumn(Self.bytes(lengths: lengths, blob: blob)) }
        #expect(error.message.contains(reason), "\(error)")
        #expect(error.offset != nil)
    }

    @Test("bytes that are not UTF-8 (only in a forged snapshot) read as U+FFFD and are written back unchanged", arguments: [
        ([1, 1], [0xC3, 0xA9], ["\u{FFFD}", "\u{FFFD}"]),  // "é" cut in two
        ([1, 1], [0xFF, 0x61], ["\u{FFFD}", "a"]),
    ] as [([UInt32], [UInt8], [String])])
    func forgedBytes(lengths: [UInt32], blob: [UInt8], texts: [String]) throws {
        let bytes = Self.bytes(lengths: lengths, blob: blob)
        let column = try Self.decodeColumn(bytes)
        #expect((0..<column.count).map { column[$0] } == texts)
        #expect(Self.encodedColumn(column) == bytes)
    }

    @Test("a column of non-ASCII texts cut at characters decodes")
    func nonASCIIAccepted() throws {
        let column = try Self.decodeColumn(Self.bytes(lengths: [2, 3, 0, 1], blob: Array("é犬a".utf8)))
        #expect((0..<column.count).map { column[$0] } == ["é", "犬", "", "a"])
    }

    /// `texts` as the string blob of a snapshot table (the deck names' form), length prefix first.
    static func stringBlob(_ texts: [String]) -> [UInt8] {
        var writer = BinaryWriter()
        writer.writeStringBlob(texts)
        return writer.bytes
    }

    /// A column read from `blob` (a length-prefixed blob) cut at `lengths`.
    static func columnFromBlob(_ blob: [UInt8], lengths: [UInt32], validating: Bool) throws -> TextColumn {
        try blob.withUnsafeBytes { raw throws(EventDecodingError) in
            var reader = BinaryReader(raw)
            let column = try TextColumn(lengths: lengths, blobFrom: &reader, "text", validatingUTF8: validating)
            try reader.expectEnd()
            return column
        }
    }

    @Test("the blob alone is the string blob of the same texts (the vocabulary's card fronts), and reads back cut at lengths kept apart",
          arguments: [
              [], [""], ["a", "", "revlog card 12"], ["chien", "Größe", "犬", "🐈‍⬛ cat", ""], [String(repeating: "x", count: 5000), "é"],
          ] as [[String]])
    func blobAlone(texts: [String]) throws {
        var column = Self.column(texts.map { _ in "replaced before" })
        for (slot, text) in texts.enumerated() { column[slot] = text }
        var writer = BinaryWriter()
        column.writeBlob(to: &writer)
        #expect(writer.bytes == Self.stringBlob(texts))
        let lengths = (0..<column.count).map { column.utf8Count(at: $0) }
        #expect(lengths == texts.map { UInt32($0.utf8.count) })
        for validating in [false, true] {
            let again = try Self.columnFromBlob(writer.bytes, lengths: lengths, validating: validating)
            #expect(again == Self.column(texts))
        }
    }

    @Test("read with validation, a piece that is not UTF-8 by itself is refused at its offset, as a string blob's; without, repaired",
          arguments: [
              ([1, 2] as [UInt32], [0x78, 0xC3, 0xA9] as [UInt8], 0),  // "x" then "é": fine
              ([2, 1], [0x78, 0xC3, 0xA9], 0),                          // "x\u{C3}" then "\u{A9}": a scalar split
              ([3], [0xE7, 0x8A, 0x41], 0),                              // cut short inside a scalar
              ([2, 2], [0x41, 0x42, 0xFF, 0x43], 1),                     // a byte no UTF-8 holds
          ])
    func validation(lengths: [UInt32], blob: [UInt8], firstBadPiece: Int) throws {
        var writer = BinaryWriter()
        writer.writeVarint(UInt64(blob.count))
        let prefixed = writer.bytes + blob
        let valid = lengths == [1, 2]
        // The bad piece's own offset: after the one-byte length prefix and the pieces before it.
        let offset = 1 + lengths.prefix(firstBadPiece).reduce(0) { $0 + Int($1) }
        for validating in [false, true] {
            let read = Result { try Self.columnFromBlob(prefixed, lengths: lengths, validating: validating) }
            let strings = Result { () throws -> [String] in
                try prefixed.withUnsafeBytes { raw throws(EventDecodingError) in
                    var reader = BinaryReader(raw)
                    return try reader.readStringBlob(lengths: lengths, "text")
                }
            }
            if valid || !validating {
                let column = try read.get()
                #expect(column.count == lengths.count)
                if valid { #expect(try strings.get() == ["x", "é"]) }
            } else {
                for result in [read.map { _ in () }, strings.map { _ in () }] {
                    #expect(throws: EventDecodingError.self) { try result.get() }
                    if case .failure(let error as EventDecodingError) = result {
                        #expect(error.description.contains("a text is not valid UTF-8"))
                        #expect(error.offset == offset)
                    }
                }
            }
        }
    }
}
