@testable import Events
import Foundation
import Testing
import TestSupport

/// The canonical reader's body buffer writes the log encoding's bytes: the same as
/// ``BinaryWriter`` for every primitive, across growth, with an array's count patched in place.
@Suite struct BodyBufferTests {
    @Test(arguments: 0..<8 as Range<UInt64>)
    func writesTheBinaryWritersBytes(seed: UInt64) {
        var random = SplitMix64(seed: seed ^ 0xB0D7)
        // A small buffer, so that it grows many times.
        var buffer = BodyBuffer(capacity: 1)
        var writer = BinaryWriter()
        for _ in 0..<2_000 {
            let value = random.next() >> UInt64.random(in: 0...63, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0:
                buffer.writeByte(UInt8(truncatingIfNeeded: value))
                writer.writeByte(UInt8(truncatingIfNeeded: value))
            case 1:
                buffer.writeVarint(value)
                writer.writeVarint(value)
            case 2:
                let signed = Bool.random(using: &random) ? Int64(bitPattern: value) : -Int64(truncatingIfNeeded: value >> 1)
                buffer.writeSignedVarint(signed)
                writer.writeSignedVarint(signed)
            case 3:
                buffer.writeFixed64(value)
                writer.writeFixed64(value)
            case 4:
                let (low, high) = (random.next(), random.next())
                buffer.writeUUID(low: low, high: high)
                writer.writeUUID(HexWord.uuid(low: low, high: high))
            default:
                let bytes = (0..<Int.random(in: 0...40, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
                bytes.withUnsafeBytes { buffer.append($0) }
                writer.bytes += bytes
            }
        }
        #expect(Array(buffer.bytes) == writer.bytes)
        buffer.removeAll()
        #expect(buffer.count == 0)
    }

    @Test(arguments: [0, 1, 127, 128, 300, 16_383, 16_384, 1 << 40] as [UInt64])
    func aCountPatchedInPlaceMovesTheBytesAfterIt(count: UInt64) {
        var buffer = BodyBuffer(capacity: 4)
        let tail: [UInt8] = Array(0..<200)
        buffer.writeByte(0xAA)
        buffer.writeByte(0)
        tail.withUnsafeBytes { buffer.append($0) }
        buffer.replaceByte(at: 1, withVarint: count)
        var expected = BinaryWriter()
        expected.writeByte(0xAA)
        expected.writeVarint(count)
        #expect(Array(buffer.bytes) == expected.bytes + tail)
    }

    /// Pieces of every size from 0 to 40 bytes (copied inline or by a call) moved into a
    /// random order: the bytes end up as the pieces laid out in that order.
    @Test(arguments: 0..<8 as Range<UInt64>)
    func piecesMoveIntoTheOrderGiven(seed: UInt64) {
        var random = SplitMix64(seed: seed ^ 0x0DE5)
        var buffer = BodyBuffer(capacity: 8)
        var scratch = BodyBuffer(capacity: 8)
        for _ in 0..<200 {
            let prefix = (0..<Int.random(in: 0...5, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let pieces = (0..<Int.random(in: 1...9, using: &random)).map { _ in
                (0..<Int.random(in: 0...40, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            }
            let order = Array(pieces.indices).shuffled(using: &random)
            buffer.removeAll()
            prefix.withUnsafeBytes { buffer.append($0) }
            var ends: [Int] = []
            for piece in pieces {
                piece.withUnsafeBytes { buffer.append($0) }
                ends.append(buffer.count)
            }
            ends.withUnsafeBufferPointer { buffer.reorder(from: prefix.count, ends: $0, order: order, scratch: &scratch) }
            #expect(Array(buffer.bytes) == prefix + order.flatMap { pieces[$0] })
        }
    }
}
