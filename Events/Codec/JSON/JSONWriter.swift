import Foundation

/// Appends JSON text (RFC 8259) to a byte array, UTF-8 in, UTF-8 out, with no `String` built per
/// value: the output of the event JSON codec, the CSV export and tests. It spells every value as
/// ``JSONOutput`` says (the one home of the export's JSON spelling); the JSON Lines export writes
/// the same text into raw memory (``JSONByteBuffer``).
package struct JSONWriter: JSONOutput {
    /// The text written so far.
    package var bytes: [UInt8]

    /// A writer appending to `bytes`.
    package init(bytes: [UInt8] = []) { self.bytes = bytes }

    /// Appends one byte of JSON punctuation (`{`, `,`, `:`...).
    @inline(__always) package mutating func write(byte: UInt8) { bytes.append(byte) }

    /// Appends bytes that are already JSON (a key with its quotes and colon, a literal).
    @inline(__always) package mutating func write(raw: UnsafeRawBufferPointer) { bytes.append(contentsOf: raw) }

    /// Lets `body` write up to `maxCount` bytes (into room on the stack, or the heap when large)
    /// and appends the first `n` of them, `n` being what it returns.
    @inline(__always) package mutating func append(upTo maxCount: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxCount) { room in
            // A temporary allocation of a positive capacity has a base address.
            let count = body(room.baseAddress!)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: room[..<count]))
        }
    }

    /// Whether any of the eight bytes of `word` may be below 0x20, a quote or a backslash: never
    /// false when one is, and true only when one is somewhere in the word (a borrow can flag a
    /// lane after a real one), so a true answer falls back to checking bytes one by one. The
    /// classic tests: `(x - 0x01…) & ~x & 0x80…` finds a zero byte, `(x - n…) & ~x & 0x80…` a
    /// byte below n; a quote or backslash is a zero byte of `word` xor that byte.
    @inline(__always) package static func needsEscaping(_ word: UInt64) -> Bool { escapeLanes(word) != 0 }

    /// The high bit of each of the eight byte lanes of `word` (little-endian: lane 0 is the first
    /// byte) that may hold a byte below 0x20, a quote or a backslash, as ``needsEscaping(_:)``
    /// tests them: the lowest lane set is always a real one (a borrow only flags lanes above
    /// it), so `trailingZeroBitCount / 8` is the offset of the first such byte.
    @inline(__always) package static func escapeLanes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let control = (word &- ones &* 0x20) & ~word
        let quote = (quotes &- ones) & ~quotes
        let backslash = (backslashes &- ones) & ~backslashes
        return (control | quote | backslash) & high
    }
}
