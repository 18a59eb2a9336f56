/// The fast step over the inside of a JSON string, shared by the parser and the canonical
/// reader: eight bytes at a time up to the first byte that needs a look of its own.
enum JSONStringScan {
    /// The offset of the first quote, backslash or byte below 0x20 at or after `index`, looked
    /// for eight bytes a step while eight remain (the last few bytes are left to the caller, which
    /// then goes on byte by byte from the offset returned). Every byte passed over is or-ed into
    /// `seen`, so `seen & 0x8080…` tells whether any was outside ASCII (and needs the UTF-8 check).
    /// - Complexity: O(n / 8).
    @inline(__always) static func skipPlainWords(_ bytes: UnsafeRawBufferPointer, from index: Int, seen: inout UInt64) -> Int {
        var index = index
        while index &+ 8 <= bytes.count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let lanes = JSONWriter.escapeLanes(word)
            if lanes != 0 {
                // Go straight to the first quote, backslash or control byte; the bytes before it
                // count for the UTF-8 check.
                let skipped = lanes.trailingZeroBitCount &>> 3
                seen |= word & ((1 &<< (UInt64(skipped) &<< 3)) &- 1)
                return index &+ skipped
            }
            seen |= word
            index &+= 8
        }
        return index
    }
}
