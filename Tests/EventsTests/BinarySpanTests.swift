@testable import Events
import Foundation
import Testing
import TestSupport

/// Fields written into reserved memory (``BinaryWriter/write(atMost:_:)``) are the bytes the
/// writer's own appends give, in exact reservations and loose ones, after bytes already held.
@Suite struct BinarySpanTests {
    /// Exact bytes of a run of every primitive, reserved to the byte.
    @Test func aRunOfFieldsHasTheBytesOfTheFieldsAppended() {
        var writer = BinaryWriter(bytes: [9])
        let uuid = UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))
        writer.write(atMost: 1 + 2 + 8 + 16 + 4 + 1) { span in
            span.writeByte(0xAB)
            span.writeVarint(300)
            span.writeFixed64(0x0102_0304_0506_0708)
            span.writeUUID(uuid)
            span.writeString("hé")
            span.writeSignedVarint(-1)
        }
        #expect(writer.bytes == [9, 0xAB, 0xAC, 0x02, 8, 7, 6, 5, 4, 3, 2, 1] + Array(1...16) + [3, 0x68, 0xC3, 0xA9, 0x01])
    }

    /// Raw bytes are copied as they are, after the fields before them; none write nothing.
    @Test(arguments: [[], [0], [1, 2, 3], Array(0..<64)] as [[UInt8]])
    func rawBytesAreCopiedAsTheyAre(raw: [UInt8]) {
        var writer = BinaryWriter(bytes: [9])
        writer.write(atMost: 1 + raw.count) { span in
            span.writeByte(0xAB)
            raw.withUnsafeBytes { span.writeRaw($0) }
        }
        #expect(writer.bytes == [9, 0xAB] + raw)
    }

    /// Seeded runs of random fields (varints and signed ones at their extremes, texts of every
    /// length up to 300 bytes, UUIDs, fixed words) give the writer's bytes for the same calls.
    @Test(arguments: 0..<50 as Range<UInt64>)
    func runsMatchTheWritersAppends(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let texts = ["", "a", "🐕", "👩‍👩‍👧‍👦", "e\u{301}", "\u{0}", String(repeating: "x", count: 127), String(repeating: "é", count: 150)]
        var steps: [(inout BinarySpan) -> Void] = []
        var appended = BinaryWriter()
        var maxSize = 0
        for _ in 0..<Int.random(in: 0...30, using: &random) {
            let shift = UInt64.random(in: 0...63, using: &random)
            let word = random.next() >> shift
            switch random.next() % 6 {
            case 0:
                appended.writeByte(UInt8(truncatingIfNeeded: word)); maxSize += 1
                steps.append { $0.writeByte(UInt8(truncatingIfNeeded: word)) }
            case 1:
                appended.writeVarint(word); maxSize += 10
                steps.append { $0.writeVarint(word) }
            case 2:
                let signed = Int64(bitPattern: word) * (word % 2 == 0 ? 1 : -1)
                appended.writeSignedVarint(signed); maxSize += 10
                steps.append { $0.writeSignedVarint(signed) }
            case 3:
                appended.writeFixed64(word); maxSize += 8
                steps.append { $0.writeFixed64(word) }
            case 4:
                let uuid = UUID(uuid: (UInt8(word & 0xFF), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, UInt8(word >> 56)))
                appended.writeUUID(uuid); maxSize += 16
                steps.append { $0.writeUUID(uuid) }
            default:
                let text = texts[Int(word % UInt64(texts.count))]
                appended.writeString(text); maxSize += BinarySpan.maxSize(of: text)
                steps.append { $0.writeString(text) }
            }
        }
        var spanned = BinaryWriter()
        spanned.write(atMost: maxSize) { span in
            for step in steps { step(&span) }
        }
        #expect(spanned.bytes == appended.bytes)
    }
}
