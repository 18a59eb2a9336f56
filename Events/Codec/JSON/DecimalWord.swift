/// Eight ASCII decimal digits written at once (SWAR: the eight bytes of a `UInt64` are handled as
/// lanes, with no lane's arithmetic carrying into the next), for the integers of the JSON export:
/// a millisecond timestamp (13 digits) is two such words, so writing one takes a few dozen
/// instructions instead of a division and a table load per two digits.
enum DecimalWord {
    /// The eight decimal digits of `value` (below 10^8), leading zeros included, as ASCII in a word
    /// whose lowest byte is the first digit (to be stored little-endian).
    ///
    /// Each step splits every lane of the word in two lanes of half the width, the quotient in the
    /// lower one (the digits that come first) and the remainder in the upper one: four digits
    /// into two lanes of 32 bits, then two into 16 bits, then one into 8. A division by 100 or
    /// 10 in a lane is a multiply and a shift (`x * 10486 >> 20` is `x / 100` for x < 43,699;
    /// `x * 103 >> 10` is `x / 10` for x < 179), which carries no bit into the lane kept.
    @inline(__always) static func digits(_ value: UInt32) -> UInt64 {
        let high = value / 10_000
        let merged = UInt64(high) | UInt64(value &- high &* 10_000) &<< 32
        let hundreds = ((merged &* 10_486) &>> 20) & 0x0000_007F_0000_007F
        let pairs = (merged &- hundreds &* 100) &<< 16 | hundreds
        let tens = ((pairs &* 103) &>> 10) & 0x000F_000F_000F_000F
        let digits = (pairs &- tens &* 10) &<< 8 | tens
        return digits | 0x3030_3030_3030_3030
    }

    /// Writes `value` in decimal at `out`, which must have room for 20 bytes (bytes past the
    /// digits may be overwritten).
    /// - Returns: the number of digits written (1 for 0).
    /// - Complexity: one to three words of eight digits, each a store; one digit (a schema
    ///   version, a small count) a store of its own.
    @inline(__always) static func write(_ value: UInt64, to out: UnsafeMutablePointer<UInt8>) -> Int {
        if value < 10 {
            out[0] = 0x30 &+ UInt8(truncatingIfNeeded: value)
            return 1
        }
        let raw = UnsafeMutableRawPointer(out)
        if value < 100_000_000 {
            let (word, count) = leading(UInt32(truncatingIfNeeded: value))
            raw.storeBytes(of: word.littleEndian, as: UInt64.self)
            return count
        }
        if value < 10_000_000_000_000_000 {
            let (high, low) = value.quotientAndRemainder(dividingBy: 100_000_000)
            let (word, count) = leading(UInt32(truncatingIfNeeded: high))
            raw.storeBytes(of: word.littleEndian, as: UInt64.self)
            raw.storeBytes(of: digits(UInt32(truncatingIfNeeded: low)).littleEndian, toByteOffset: count, as: UInt64.self)
            return count &+ 8
        }
        // 17 to 20 digits: one to four, then two words of eight.
        let (top, rest) = value.quotientAndRemainder(dividingBy: 10_000_000_000_000_000)
        let (high, low) = rest.quotientAndRemainder(dividingBy: 100_000_000)
        let (word, count) = leading(UInt32(truncatingIfNeeded: top))
        raw.storeBytes(of: word.littleEndian, as: UInt64.self)
        raw.storeBytes(of: digits(UInt32(truncatingIfNeeded: high)).littleEndian, toByteOffset: count, as: UInt64.self)
        raw.storeBytes(of: digits(UInt32(truncatingIfNeeded: low)).littleEndian, toByteOffset: count &+ 8, as: UInt64.self)
        return count &+ 16
    }

    /// The digits of `value` (below 10^8) without leading zeros, first in a word, and their
    /// number (1 for 0): the leading zeros are the word's lowest lanes holding `0`, counted from
    /// its trailing zero bits once the ASCII offset is taken off (at most seven, so that 0 keeps
    /// its digit).
    @inline(__always) private static func leading(_ value: UInt32) -> (word: UInt64, count: Int) {
        let word = digits(value)
        let zeros = min((word ^ 0x3030_3030_3030_3030).trailingZeroBitCount & ~7, 56)
        return (word &>> UInt64(truncatingIfNeeded: zeros), 8 &- zeros &>> 3)
    }
}
