import Testing
import TestSupport
@testable import EventLog

@Suite struct CRC32CTests {
    /// The check value of CRC-32C for "123456789" (RFC 3720, appendix B.4 catalogues).
    @Test func checkValue() {
        #expect(CRC32C.checksum(Array("123456789".utf8)) == 0xE306_9283)
        let portable = Array("123456789".utf8).withUnsafeBytes { CRC32C.extendPortable(0, $0) }
        #expect(portable == 0xE306_9283)
    }

    @Test func emptyInputIsZero() {
        #expect(CRC32C.checksum([UInt8]()) == 0)
    }

    /// RFC 3720 B.4: 32 bytes of zeros, and of 0xFF.
    @Test func rfc3720Vectors() {
        #expect(CRC32C.checksum([UInt8](repeating: 0, count: 32)) == 0x8A91_36AA)
        #expect(CRC32C.checksum([UInt8](repeating: 0xFF, count: 32)) == 0x62A8_AB43)
    }

    @Test(arguments: [1, 7, 8, 9, 63, 64, 65, 1000])
    func extendingInPiecesEqualsWhole(split: Int) {
        let bytes = (0..<2048).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ $0 >> 3) }
        let whole = CRC32C.checksum(bytes)
        let pieces = bytes.withUnsafeBytes { raw in
            CRC32C.extend(CRC32C.extend(0, UnsafeRawBufferPointer(rebasing: raw[..<split])),
                          UnsafeRawBufferPointer(rebasing: raw[split...]))
        }
        #expect(pieces == whole)
    }

    /// The hardware path (when the CPU has one) and the slicing-by-8 fallback agree on
    /// random data of every length and starting alignment.
    @Test(arguments: 0..<20)
    func hardwareAndPortableAgree(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let bytes = random.bytes(Int.random(in: 0...3000, using: &random))
        let start = bytes.isEmpty ? 0 : Int.random(in: 0..<min(16, bytes.count), using: &random)
        bytes.withUnsafeBytes { raw in
            let slice = UnsafeRawBufferPointer(rebasing: raw[start...])
            let seedCRC = UInt32(truncatingIfNeeded: random.next())
            #expect(CRC32C.extend(seedCRC, slice) == CRC32C.extendPortable(seedCRC, slice))
        }
    }

    /// The interleaved hardware path (three streams over 3 x 8 KiB and 3 x 256-byte blocks,
    /// combined by shifting) agrees with slicing-by-8 on large random buffers of random
    /// length, start alignment and starting CRC.
    @Test(arguments: 0..<40)
    func interleavedPathAgreesOnLargeBuffers(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let bytes = random.bytes(Int.random(in: 0...120_000, using: &random) + 16)
        let start = Int.random(in: 0..<16, using: &random)
        let count = Int.random(in: 0...(bytes.count - start), using: &random)
        let seedCRC = UInt32(truncatingIfNeeded: random.next())
        bytes.withUnsafeBytes { raw in
            let slice = UnsafeRawBufferPointer(rebasing: raw[start..<(start + count)])
            #expect(CRC32C.extend(seedCRC, slice) == CRC32C.extendPortable(seedCRC, slice), "length \(count) at \(start)")
        }
    }

    /// Lengths at the edges of the interleaved blocks, at every 8-byte alignment.
    @Test(arguments: [767, 768, 769, 775, 776, 24_575, 24_576, 24_577, 24_576 + 768, 49_152 + 767, 73_728 + 13])
    func interleavedBlockEdges(length: Int) {
        let bytes = (0..<(length + 8)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }
        bytes.withUnsafeBytes { raw in
            for start in 0..<8 {
                let slice = UnsafeRawBufferPointer(rebasing: raw[start..<(start + length)])
                #expect(CRC32C.extend(0x1234_5678, slice) == CRC32C.extendPortable(0x1234_5678, slice), "at \(start)")
            }
        }
    }

    #if arch(x86_64)
    /// Every x86-64 machine this runs on has SSE4.2; the fast path must be the one used.
    @Test func usesTheCPUInstruction() {
        #expect(CRC32C.isHardwareAccelerated)
    }
    #endif
}
