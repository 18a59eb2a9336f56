@testable import Events
import Foundation
import Testing
import TestSupport

/// The primitives of the log encoding: exact bytes for known values, canonical forms only.
@Suite struct BinaryCodecTests {
    @Test(arguments: [
        (UInt64(0), [UInt8(0)]), (1, [1]), (127, [0x7F]), (128, [0x80, 0x01]), (300, [0xAC, 0x02]),
        (UInt64.max, [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]),
    ] as [(UInt64, [UInt8])])
    func varintsHaveTheirLEB128Bytes(value: UInt64, bytes: [UInt8]) throws {
        var writer = BinaryWriter()
        writer.writeVarint(value)
        #expect(writer.bytes == bytes)
        let read = try bytes.withUnsafeBytes { raw throws(EventDecodingError) in
            var reader = BinaryReader(raw)
            return try reader.readVarint()
        }
        #expect(read == value)
    }

    @Test(arguments: [[UInt8(0x80), 0x00], [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02], [0x80]])
    func nonCanonicalOrTruncatedVarintsAreRefused(bytes: [UInt8]) {
        let error = bytes.withUnsafeBytes { raw -> EventDecodingError? in
            var reader = BinaryReader(raw)
            do throws(EventDecodingError) { _ = try reader.readVarint(); return nil } catch { return error }
        }
        #expect(error?.code == .malformedInteger || error?.code == .truncated)
        #expect(error?.offset == 0)
    }

    /// Varints of every length, read from the middle of a longer buffer (the one-load path for
    /// up to 8 bytes) and at its very end (the byte-by-byte path): the same values, the same
    /// offsets, and an overlong form of each refused where it starts.
    @Test(arguments: [UInt64(1), 2, 3])
    func varintsReadTheSameWithOrWithoutBytesAfterThem(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for _ in 0..<2_000 {
            let bits = Int.random(in: 0...64, using: &random)
            let value = bits == 0 ? 0 : random.next() >> UInt64(64 - bits)
            var writer = BinaryWriter()
            writer.writeVarint(value)
            let encoded = writer.bytes
            let lead = random.bytes(Int.random(in: 0...3, using: &random))
            for tail in [[], random.bytes(Int.random(in: 1...12, using: &random))] {
                let bytes = lead + encoded + tail
                let read = bytes.withUnsafeBytes { raw -> (UInt64, Int)? in
                    var reader = BinaryReader(raw)
                    reader.offset = lead.count
                    guard let value = try? reader.readVarint() else { return nil }
                    return (value, reader.offset)
                }
                #expect(read?.0 == value && read?.1 == lead.count + encoded.count)
                guard encoded.count < 10 else { continue }
                // The same value with one more, empty, byte is not canonical.
                var overlong = encoded
                overlong[overlong.count - 1] |= 0x80
                let refused = (lead + overlong + [0] + tail).withUnsafeBytes { raw -> EventDecodingError? in
                    var reader = BinaryReader(raw)
                    reader.offset = lead.count
                    do throws(EventDecodingError) { _ = try reader.readVarint(); return nil } catch { return error }
                }
                #expect(refused?.code == .malformedInteger && refused?.offset == lead.count)
            }
        }
    }

    @Test(arguments: [Int64.min, -1, 0, 1, 63, -64, 64, Int64.max])
    func signedVarintsRoundTrip(value: Int64) throws {
        var writer = BinaryWriter()
        writer.writeSignedVarint(value)
        let read = try writer.bytes.withUnsafeBytes { raw throws(EventDecodingError) in
            var reader = BinaryReader(raw)
            return try reader.readSignedVarint()
        }
        #expect(read == value)
    }

    @Test func uuidsAreReinterpretedExactly() {
        var rng = SplitMix64(seed: 1)
        for _ in 0..<1000 {
            let b = rng.bytes(16)
            let raw: uuid_t = (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15])
            #expect(BinaryReader.uuid(raw) == UUID(uuid: raw))
            #expect(BinaryReader.uuid(raw).uuidString == UUID(uuid: raw).uuidString)
        }
    }

    @Test(arguments: [[UInt8](), Array("Zürich 🐕".utf8), [0xC3], [0xF0, 0x9F, 0x90], [0xED, 0xA0, 0x80], [0xFF]])
    func textIsAcceptedExactlyWhenValidUTF8(bytes: [UInt8]) {
        let text = bytes.withUnsafeBytes { BinaryReader.validatedString($0) }
        let valid = String(validating: bytes, as: UTF8.self)
        #expect(text == valid)
    }

    @Test func wellKnownStreamCategoriesDecodeToEqualStreams() throws {
        for stream in [StreamID.card(CardID(fixedUUID(1))), .deck(DeckID(fixedUUID(2))), .story(StoryID(fixedUUID(3))),
                       .spellingSession(SpellingSessionID(fixedUUID(4))), try StreamID(category: "cards", id: fixedUUID(5))] {
            var writer = BinaryWriter()
            stream.encode(to: &writer)
            let back = try writer.bytes.withUnsafeBytes { raw throws(EventDecodingError) in
                var reader = BinaryReader(raw)
                return try StreamID(from: &reader)
            }
            #expect(back == stream)
        }
    }
}
