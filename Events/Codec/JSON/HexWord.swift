import Foundation

/// Eight ASCII hex digits read or written at once (SWAR: the eight bytes of a `UInt64` are handled as lanes,
/// with no lane's arithmetic carrying into the next), for the UUIDs of the JSON export: a UUID
/// string is four such words, so reading or writing one takes a few dozen instructions instead of a branch
/// and a lookup per digit.
enum HexWord {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let high: UInt64 = 0x8080_8080_8080_8080

    /// The four bytes spelled by the eight hex digits (either case) of `word`, its first digit in
    /// its lowest byte (a little-endian load), as a number whose lowest byte is the first pair of
    /// digits (meaningless when `flaws` is not zero), and `flaws`, zero exactly when all eight
    /// bytes are hex digits: the check is left to the caller, so that the four words of a UUID are
    /// checked with one branch.
    @inline(__always) static func uncheckedBytes(_ word: UInt64) -> (value: UInt32, flaws: UInt64) {
        // A lane is in [lo, hi] when adding 0x80 - lo sets its top bit and adding 0x7F - hi does
        // not. That holds while every lane is below 0x80 (adding at most 0x50 cannot carry out of
        // it); a lane at or above 0x80 is a flaw of its own.
        let digit = (word &+ ones &* 0x50) & ~(word &+ ones &* 0x46)
        let lower = word | ones &* 0x20
        let letter = (lower &+ ones &* 0x1F) & ~(lower &+ ones &* 0x19)
        let flaws = (word | ~(digit | letter)) & high
        // A digit's value is its low four bits; a letter's (0x41 or 0x61 on) those plus 9.
        let nibbles = (word & 0x0F0F_0F0F_0F0F_0F0F) &+ ((word &>> 6) & ones) &* 9
        // Each even lane gets its digit as the high nibble and the next lane's as the low one;
        // then the even lanes are gathered into the low four bytes.
        let pairs = (nibbles &<< 4 | nibbles &>> 8) & 0x00FF_00FF_00FF_00FF
        let halves = (pairs | pairs &>> 8) & 0x0000_FFFF_0000_FFFF
        return (UInt32(truncatingIfNeeded: halves | halves &>> 16), flaws)
    }

    /// The 16 bytes (RFC 4122 order) spelled by the 36 characters of a UUID string at `text`
    /// (`8-4-4-4-12` hex digits, either case, as Foundation's `UUID(uuidString:)` reads), as two
    /// words to be stored little-endian, the first byte lowest in `low`; nil when the characters
    /// spell no UUID. Reads exactly 36 bytes.
    @inline(__always) static func uuid(_ text: UnsafeRawPointer) -> (low: UInt64, high: UInt64)? {
        func word(_ offset: Int) -> UInt64 { UInt64(littleEndian: text.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        func half(_ offset: Int) -> UInt64 { UInt64(UInt32(littleEndian: text.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) }
        func byte(_ offset: Int) -> UInt8 { text.load(fromByteOffset: offset, as: UInt8.self) }
        // The 32 digits as four words of eight (the dashes left out), each turned into four bytes.
        let first = uncheckedBytes(word(0)), second = uncheckedBytes(half(9) | half(14) &<< 32)
        let third = uncheckedBytes(half(19) | half(24) &<< 32), fourth = uncheckedBytes(word(28))
        let dashes = (byte(8) ^ 0x2D) | (byte(13) ^ 0x2D) | (byte(18) ^ 0x2D) | (byte(23) ^ 0x2D)
        guard dashes == 0, first.flaws | second.flaws | third.flaws | fourth.flaws == 0 else { return nil }
        return (UInt64(first.value) | UInt64(second.value) &<< 32, UInt64(third.value) | UInt64(fourth.value) &<< 32)
    }

    /// The UUID of the two words ``uuid(_:)`` answers.
    @inline(__always) static func uuid(low: UInt64, high: UInt64) -> UUID {
        BinaryReader.uuid(unsafeBitCast((low.littleEndian, high.littleEndian), to: uuid_t.self))
    }

    /// The eight upper-case hex digits of the four bytes of `value` (its lowest byte first), as a
    /// word whose lowest byte is the first digit (to be stored little-endian): the inverse of
    /// ``uncheckedBytes(_:)``.
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
