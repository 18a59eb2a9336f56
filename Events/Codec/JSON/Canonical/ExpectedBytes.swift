import Foundation

/// A short run of bytes known before the text is read, such as a key as exports write it
/// (`"card":`) or an enumeration's name in its quotes (`"cram"`), held so that comparing it with
/// the text costs a few loads whatever its length: 8 to 24 bytes as three words (overlapping
/// when the length is not 24), 4 to 7 as two half words; other lengths are compared byte by byte.
///
/// Built once, for a reading plan (``CanonicalReadingPlan``), not per text.
struct ExpectedBytes: Sendable {
    /// The bytes.
    let bytes: [UInt8]
    /// How many bytes there are.
    let count: Int
    /// For 8 to 24 bytes, the words at offsets 0, ``middle`` and `count - 8`; for 4 to 7, the half
    /// words at 0 and `count - 4` in the first two.
    private let first: UInt64, second: UInt64, last: UInt64
    /// The offset of the middle word: between the first and the last, so that the three cover
    /// every byte.
    private let middle: Int

    /// The bytes of `bytes`.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        count = bytes.count
        let count = count
        let middle = Swift.min(8, Swift.max(0, count &- 16))
        self.middle = middle
        (first, second, last) = bytes.withUnsafeBytes { start in
            switch count {
            case 8...24:
                (start.loadUnaligned(as: UInt64.self), start.loadUnaligned(fromByteOffset: middle, as: UInt64.self),
                 start.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
            case 4..<8:
                (UInt64(start.loadUnaligned(as: UInt32.self)), UInt64(start.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)), 0)
            default:
                (0, 0, 0)
            }
        }
    }

    /// A key as exports write it: in quotes, with the colon after it (`"card":`).
    init(member key: StaticString) {
        self.init([0x22] + UnsafeRawBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount) + [0x22, 0x3A])
    }

    /// A string value without escapes: `text` in quotes (`"cram"`).
    init(quoted text: StaticString) {
        self.init([0x22] + UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount) + [0x22])
    }

    /// Whether the ``count`` bytes at `pointer` (all of them readable) are these bytes.
    @inline(__always) func matches(_ pointer: UnsafeRawPointer) -> Bool {
        if count >= 8 && count <= 24 {
            return (pointer.loadUnaligned(as: UInt64.self) ^ first)
                | (pointer.loadUnaligned(fromByteOffset: middle, as: UInt64.self) ^ second)
                | (pointer.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) ^ last) == 0
        }
        if count >= 4 && count < 8 {
            return (UInt64(pointer.loadUnaligned(as: UInt32.self)) ^ first)
                | (UInt64(pointer.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)) ^ second) == 0
        }
        return count == 0 || bytes.withUnsafeBytes { memcmp(pointer, $0.baseAddress!, count) == 0 }
    }
}
