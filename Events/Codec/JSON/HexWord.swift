import Foundation

/// Hex digits of UUIDs. Read eight at once (SWAR: the eight bytes of a `UInt64` are handled as
/// lanes, with no lane's arithmetic carrying into the next): a UUID string is four such words, so
/// reading one takes a few dozen instructions instead of a branch and a lookup per digit. Written
/// two at a time from a table of every byte's pair (``pair(_:)``): a load and a store per byte,
/// fewer instructions than spreading the nibbles of a word apart.
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

    /// The two upper-case hex digits of every byte value, in order: byte `b`'s at offset `2b`
    /// (a constant in the binary: reading it needs no lazy initialization).
    private static let pairs: StaticString = """
        000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F\
        202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F\
        404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F\
        606162636465666768696A6B6C6D6E6F707172737475767778797A7B7C7D7E7F\
        808182838485868788898A8B8C8D8E8F909192939495969798999A9B9C9D9E9F\
        A0A1A2A3A4A5A6A7A8A9AAABACADAEAFB0B1B2B3B4B5B6B7B8B9BABBBCBDBEBF\
        C0C1C2C3C4C5C6C7C8C9CACBCCCDCECFD0D1D2D3D4D5D6D7D8D9DADBDCDDDEDF\
        E0E1E2E3E4E5E6E7E8E9EAEBECEDEEEFF0F1F2F3F4F5F6F7F8F9FAFBFCFDFEFF
        """

    /// The two upper-case hex digits of `byte` as they lie in memory (to be stored as they are,
    /// the first digit first): one load from a 512-byte table.
    @inline(__always) static func pair(_ byte: UInt8) -> UInt16 {
        UnsafeRawPointer(pairs.utf8Start).loadUnaligned(fromByteOffset: Int(byte) &* 2, as: UInt16.self)
    }
}
