import Events
import SeededRandom
import Testing
import TestSupport
@testable import Projections

@Suite("AttachedTexts: labelled texts attached to slots, oldest first")
struct AttachedTextsTests {
    static func encodedTexts(_ texts: AttachedTexts<String>) -> [UInt8] {
        var writer = BinaryWriter()
        texts.encode(to: &writer)
        return writer.bytes
    }

    static func decodeTexts(_ bytes: [UInt8], slotCount: Int) throws -> AttachedTexts<String> {
        try bytes.withUnsafeBytes { raw throws(EventDecodingError) in
            var reader = BinaryReader(raw)
            return try AttachedTexts(from: &reader, "note", slotCount: slotCount)
        }
    }

    @Test("seeded attachments: each slot gives its own back in order, before and after a snapshot", arguments: 0..<8 as Range<UInt64>)
    func chains(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        var texts = AttachedTexts<String>()
        var expected: [Int: [(String, String)]] = [:]
        for index in 0..<400 {
            let slot = Int(rng.next() % 30), label = ["m1", "m2", "é"][Int(rng.next() % 3)]
            texts.attach("text \(index) ß", label: label, to: slot)
            expected[slot, default: []].append((label, "text \(index) ß"))
        }
        let restored = try Self.decodeTexts(Self.encodedTexts(texts), slotCount: 30)
        #expect(restored == texts)
        #expect(Self.encodedTexts(restored) == Self.encodedTexts(texts))
        for slot in 0..<35 {
            let want = expected[slot] ?? []
            for model in [texts, restored] {
                let got = model.attachments(of: slot)
                #expect(got.map(\.label) == want.map(\.0) && got.map(\.text) == want.map(\.1), "slot \(slot)")
            }
        }
    }

    /// The bytes of one attachment record (slot, label number) with `labels` and one text "t".
    static func bytes(slot: Int32, label: UInt32, labels: [String]) -> [UInt8] {
        var writer = BinaryWriter()
        writer.writeVarint(1)
        writer.writeVarint(8)
        withUnsafeBytes(of: slot.littleEndian) { writer.bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: label.littleEndian) { writer.bytes.append(contentsOf: $0) }
        labels.encode(to: &writer)
        var column = TextColumn()
        column.append("t")
        column.encode(to: &writer)
        return writer.bytes
    }

    @Test("damaged attachments are refused with the reason", arguments: [
        (Int32(5), UInt32(0), ["a"], "names slot 5 of 5"),
        (-1, 0, ["a"], "names slot -1 of 5"),
        (Int32.max, 0, ["a"], "names slot 2147483647 of 5"),
        (0, 1, ["a"], "or label 1 of 1"),
        (0, 0, ["a", "a"], "listed twice"),
    ] as [(Int32, UInt32, [String], String)])
    func refused(slot: Int32, label: UInt32, labels: [String], reason: String) throws {
        let error = try #require(throws: EventDecodingError.self) {
            try Self.decodeTexts(Self.bytes(slot: slot, label: label, labels: labels), slotCount: 5)
        }
        #expect(error.message.contains(reason), "\(error)")
    }
}
