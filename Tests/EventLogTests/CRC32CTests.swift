import Testing
@testable import EventLog

@Suite struct CRC32CTests {
    /// The check value of CRC-32C for "123456789" (RFC 3720, appendix B.4 catalogues).
    @Test func checkValue() {
        #expect(CRC32C.checksum(Array("123456789".utf8)) == 0xE306_9283)
    }

    @Test func emptyInputIsZero() {
        #expect(CRC32C.checksum([UInt8]()) == 0)
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
}
