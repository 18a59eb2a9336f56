/// Eight ASCII hex digits read or written at once (SWAR: the eight bytes of a `UInt64` are handled as lanes,
/// with no lane's arithmetic carrying into the next), for the UUIDs of the JSON export: a UUID
/// string is four such words, so reading or writing one takes a few dozen instructions instead of a branch
/// and a lookup per digit.
enum HexWord {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let high: UInt64 = 0x8080_8080_8080_8080

    /// The four bytes spelled by the eight hex digits (either case) of `word`, its first digit in
    /// its lowest byte (a little-endian load), as a number whose lowest byte is the first pair of
    /// digits; nil when any of the eight bytes is not a hex digit.
    @inline(__always) static func bytes(_ word: UInt64) -> UInt32? {
        // Every lane below 0x80, so adding at most 0x50 to a lane cannot carry out of it.
        guard word & high == 0 else { return nil }
        // A lane is in [lo, hi] when adding 0x80 - lo sets its top bit and adding 0x7F - hi does not.
        let digit = (word &+ ones &* 0x50) & ~(word &+ ones &* 0x46)
        let lower = word | ones &* 0x20
        let letter = (lower &+ ones &* 0x1F) & ~(lower &+ ones &* 0x19)
        guard (digit | letter) & high == high else { return nil }
        // A digit's value is its low four bits; a letter's (0x41 or 0x61 on) those plus 9.
        let nibbles = (word & 0x0F0F_0F0F_0F0F_0F0F) &+ ((word &>> 6) & ones) &* 9
        // Each even lane gets its digit as the high nibble and the next lane's as the low one;
        // then the even lanes are gathered into the low four bytes.
        let pairs = (nibbles &<< 4 | nibbles &>> 8) & 0x00FF_00FF_00FF_00FF
        let halves = (pairs | pairs &>> 8) & 0x0000_FFFF_0000_FFFF
        return UInt32(truncatingIfNeeded: halves | halves &>> 16)
    }

    /// The eight upper-case hex digits of the four bytes of `value` (its lowest byte first), as a
    /// word whose lowest byte is the first digit (to be stored little-endian): the inverse of
    /// ``bytes(_:)``.
    @inline(__always) static func digits(_ value: UInt32) -> UInt64 {
        // Byte k of `value` to lane 2k, then its high nibble there and its low one in lane 2k + 1.
        var spread = UInt64(value)
        spread = (spread | spread &<< 16) & 0x0000_FFFF_0000_FFFF
        spread = (spread | spread &<< 8) & 0x00FF_00FF_00FF_00FF
        let nibbles = (spread &>> 4) & 0x0F0F_0F0F_0F0F_0F0F | (spread & 0x0F0F_0F0F_0F0F_0F0F) &<< 8
        // A nibble of 10 or more (6 more carries into bit 4) is a letter: 0x41 is 0x30 + 10 + 7.
        let letters = ((nibbles &+ ones &* 0x06) &>> 4) & ones
        return nibbles &+ ones &* 0x30 &+ letters &* 7
    }
}
