import Testing
import TestSupport
@testable import EventLog

/// The multi-buffer checksum (up to four records' CRCs computed side by side) must give, for
/// every buffer, exactly the one-buffer checksum: on every length the scanner meets, any
/// alignment, any mix of lengths in a group, and on both the hardware and the portable path.
@Suite struct CRC32CMultiTests {
    /// The checksums of `slices` of `bytes` (start, count) by the multi-buffer function.
    static func multi(_ bytes: [UInt8], _ slices: [(start: Int, count: Int)], portable: Bool) -> [UInt32] {
        bytes.withUnsafeBytes { raw in
            let pointers: [UnsafeRawPointer?] = slices.map { raw.baseAddress! + $0.start }
            let lengths = slices.map(\.count)
            var crcs = [UInt32](repeating: 0xDEAD_BEEF, count: slices.count)
            crcs.withUnsafeMutableBufferPointer { out in
                if portable {
                    CRC32C.checksumsPortable(pointers, lengths: lengths, into: out.baseAddress!, count: slices.count)
                } else {
                    CRC32C.checksums(pointers, lengths: lengths, into: out.baseAddress!, count: slices.count)
                }
            }
            return crcs
        }
    }

    /// The one-buffer checksums of the same slices.
    static func single(_ bytes: [UInt8], _ slices: [(start: Int, count: Int)]) -> [UInt32] {
        bytes.withUnsafeBytes { raw in
            slices.map { CRC32C.extendPortable(0, UnsafeRawBufferPointer(rebasing: raw[$0.start..<($0.start + $0.count)])) }
        }
    }

    /// Every length 0...300, each in a group with three random others, at random unaligned starts.
    @Test(arguments: [false, true])
    func everyLengthInAGroupMatchesOneBuffer(portable: Bool) {
        var random = SplitMix64(seed: portable ? 11 : 12)
        let bytes = random.bytes(4096)
        for length in 0...300 {
            var slices = [(start: Int.random(in: 0...(4096 - length), using: &random), count: length)]
            for _ in 0..<3 {
                let count = Int.random(in: 0...300, using: &random)
                slices.append((start: Int.random(in: 0...(4096 - count), using: &random), count: count))
            }
            slices.shuffle(using: &random)
            #expect(Self.multi(bytes, slices, portable: portable) == Self.single(bytes, slices), "length \(length)")
        }
    }

    /// Any count of buffers (groups of four and a remainder), lengths across the boundary where
    /// a buffer goes the single-buffer way (2048 bytes), and overlapping buffers.
    @Test(arguments: 0..<12)
    func randomGroupsMatchOneBuffer(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let bytes = random.bytes(20_000)
        let count = Int.random(in: 0...13, using: &random)
        let slices = (0..<count).map { _ -> (start: Int, count: Int) in
            let length = Bool.random(using: &random) ? Int.random(in: 0...64, using: &random)
                                                      : Int.random(in: 1900...9000, using: &random)
            return (start: Int.random(in: 0...(bytes.count - length), using: &random), count: length)
        }
        let expected = Self.single(bytes, slices)
        #expect(Self.multi(bytes, slices, portable: false) == expected)
        #expect(Self.multi(bytes, slices, portable: true) == expected)
    }

    /// Known values: the check value of "123456789" among three other buffers.
    @Test func checkValueAmongOthers() {
        let bytes = Array("123456789".utf8) + [UInt8](repeating: 0, count: 32) + [UInt8](repeating: 0xFF, count: 32)
        let crcs = Self.multi(bytes, [(0, 9), (9, 32), (41, 32), (0, 0)], portable: false)
        #expect(crcs == [0xE306_9283, 0x8A91_36AA, 0x62A8_AB43, 0])
    }

    /// The lanes of a group are put in order of length before the rounds: every order of four
    /// lengths (two of them equal, one under a word, one one byte past a word) gives each buffer
    /// its own checksum, in its own slot.
    @Test func everyOrderOfFourLengthsMatchesOneBuffer() {
        var random = SplitMix64(seed: 21)
        let bytes = random.bytes(2048)
        let lengths = [[9, 120, 120, 301], [5, 8, 64, 257]]
        for set in lengths {
            for a in 0..<4 { for b in 0..<4 where b != a { for c in 0..<4 where c != a && c != b {
                let d = 6 - a - b - c
                let slices = [a, b, c, d].enumerated().map { (start: $0.offset * 400 + 3, count: set[$0.element]) }
                #expect(Self.multi(bytes, slices, portable: false) == Self.single(bytes, slices), "\(slices.map(\.count))")
            } } }
        }
    }
}
