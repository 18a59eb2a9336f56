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
