import Foundation

/// The spelling of JSON strings, integers and UUIDs, written through a pointer into room the
/// caller provides (``JSONOutput/append(upTo:_:)``): no `String`, no array, no check per byte.
/// ``JSONOutput`` documents the spelling; `JSONWriterTests` holds it to Foundation's.
enum JSONSpelling {
    /// Writes `utf8` (assumed valid UTF-8) as a quoted, escaped JSON string at `out`, which must
    /// have room for `utf8.count * 6 + 2` bytes.
    /// - Returns: the number of bytes written.
    /// - Complexity: O(n); eight bytes a step where nothing needs escaping, the last one to
    ///   seven bytes in one step too when the room allows a word's store.
    @inline(__always) static func string(_ utf8: UnsafeRawBufferPointer, to out: UnsafeMutablePointer<UInt8>) -> Int {
        out[0] = 0x22
        var written = 1
        var index = 0
        let count = utf8.count
        while index < count {
            let rest = count &- index
            // Eight bytes at a time while none is a quote, a backslash or a control character:
            // stored whole (the room for six bytes per byte read leaves space for the word).
            if rest >= 8 {
                let word = utf8.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if !JSONWriter.needsEscaping(UInt64(littleEndian: word)) {
                    UnsafeMutableRawPointer(out + written).storeBytes(of: word, as: UInt64.self)
                    written &+= 8
                    index &+= 8
                    continue
                }
            } else if written &+ 8 <= count &* 6 &+ 2 {
                // The last bytes as the low lanes of a word: stored whole when none needs
                // escaping (the lanes above them are past the text, and borrows only flag lanes
                // above a real one, so masking them off leaves exactly the text's).
                let word = tail(utf8, from: index)
                if JSONWriter.escapeLanes(word) & (~0 &>> UInt64(truncatingIfNeeded: (8 &- rest) &* 8)) == 0 {
                    UnsafeMutableRawPointer(out + written).storeBytes(of: word.littleEndian, as: UInt64.self)
                    written &+= rest
                    break
                }
            }
            let byte = utf8[index]
            index &+= 1
            if byte >= 0x20 && byte != 0x22 && byte != 0x5C {
                out[written] = byte
                written &+= 1
            } else {
                written &+= escape(byte, to: out + written)
            }
        }
        out[written] = 0x22
        return written &+ 1
    }

    /// The one to seven bytes of `utf8` from `index` on (its last ones) as the low lanes of a
    /// word, the lanes above them zero: one load when the text is eight bytes or longer, else
    /// two overlapping ones of four or two bytes, or the one byte.
    @inline(__always) private static func tail(_ utf8: UnsafeRawBufferPointer, from index: Int) -> UInt64 {
        let count = utf8.count
        let rest = count &- index
        if count >= 8 {
            let last = UInt64(littleEndian: utf8.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
            return last &>> UInt64(truncatingIfNeeded: (8 &- rest) &* 8)
        }
        if rest >= 4 {
            let low = UInt64(UInt32(littleEndian: utf8.loadUnaligned(fromByteOffset: index, as: UInt32.self)))
            let high = UInt64(UInt32(littleEndian: utf8.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)))
            return low | high &<< UInt64(truncatingIfNeeded: (rest &- 4) &* 8)
        }
        if rest >= 2 {
            let low = UInt64(UInt16(littleEndian: utf8.loadUnaligned(fromByteOffset: index, as: UInt16.self)))
            let high = UInt64(UInt16(littleEndian: utf8.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)))
            return low | high &<< UInt64(truncatingIfNeeded: (rest &- 2) &* 8)
        }
        return UInt64(utf8[index])
    }

    /// Writes the escape sequence of `byte` (a quote, a backslash or a control character) at
    /// `out` (room for six bytes).
    /// - Returns: the number of bytes written (2 or 6).
    private static func escape(_ byte: UInt8, to out: UnsafeMutablePointer<UInt8>) -> Int {
        out[0] = 0x5C
        switch byte {
        case 0x22, 0x5C: out[1] = byte
        case 0x08: out[1] = 0x62  // b
        case 0x09: out[1] = 0x74  // t
        case 0x0A: out[1] = 0x6E  // n
        case 0x0C: out[1] = 0x66  // f
        case 0x0D: out[1] = 0x72  // r
        default:
            // `\u00XX`, lower-case hex.
            out[1] = 0x75
            out[2] = 0x30
            out[3] = 0x30
            out[4] = hexDigit(byte >> 4)
            out[5] = hexDigit(byte & 0xF)
            return 6
        }
        return 2
    }

    /// The lower-case ASCII hex digit of `nibble` (0-15).
    @inline(__always) private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? 0x30 &+ nibble : 0x57 &+ nibble
    }

    /// Writes `value` in decimal at `out` (room for 20 bytes; bytes past the digits may be
    /// overwritten), eight digits per step (``DecimalWord``).
    /// - Returns: the number of digits written.
    @inline(__always) static func decimal(_ value: UInt64, to out: UnsafeMutablePointer<UInt8>) -> Int {
        DecimalWord.write(value, to: out)
    }

    /// Writes `value` in decimal at `out` (room for 20 bytes), `-` first when negative.
    /// - Returns: the number of bytes written.
    @inline(__always) static func decimal(_ value: Int64, to out: UnsafeMutablePointer<UInt8>) -> Int {
        guard value < 0 else { return decimal(UInt64(value), to: out) }
        out[0] = 0x2D
        // The magnitude of Int64.min has 19 digits, so sign and digits fit in 20 bytes.
        return 1 &+ decimal(0 &- UInt64(bitPattern: value), to: out + 1)
    }

    /// 10^k for k in 0...19 (a switch of constants, which the compiler makes a table), for the
    /// canonical reader's eight-digit steps.
    @inline(__always) static func powerOfTen(_ k: Int) -> UInt64 {
        switch k {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        case 9: 1_000_000_000
        case 10: 10_000_000_000
        case 11: 100_000_000_000
        case 12: 1_000_000_000_000
        case 13: 10_000_000_000_000
        case 14: 100_000_000_000_000
        case 15: 1_000_000_000_000_000
        case 16: 10_000_000_000_000_000
        case 17: 100_000_000_000_000_000
        case 18: 1_000_000_000_000_000_000
        default: 10_000_000_000_000_000_000
        }
    }

    /// Writes `uuid`'s canonical string (upper-case hex) at `out`, between quotes when `quoted`
    /// (room for 38 bytes, or 36 without quotes).
    /// - Returns: the number of bytes written (38 or 36).
    @inline(__always) static func uuid(_ uuid: UUID, quoted: Bool, to out: UnsafeMutablePointer<UInt8>) -> Int {
        let text = UnsafeMutableRawPointer(out) + (quoted ? 1 : 0)
        withUnsafeBytes(of: uuid.uuid) { raw in
            // `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX`: where each byte's two digits go.
            @inline(__always) func pair(_ index: Int, at offset: Int) {
                text.storeBytes(of: HexWord.pair(raw.load(fromByteOffset: index, as: UInt8.self)), toByteOffset: offset, as: UInt16.self)
            }
            pair(0, at: 0)
            pair(1, at: 2)
            pair(2, at: 4)
            pair(3, at: 6)
            pair(4, at: 9)
            pair(5, at: 11)
            pair(6, at: 14)
            pair(7, at: 16)
            pair(8, at: 19)
            pair(9, at: 21)
            pair(10, at: 24)
            pair(11, at: 26)
            pair(12, at: 28)
            pair(13, at: 30)
            pair(14, at: 32)
            pair(15, at: 34)
            text.storeBytes(of: 0x2D, toByteOffset: 8, as: UInt8.self)
            text.storeBytes(of: 0x2D, toByteOffset: 13, as: UInt8.self)
            text.storeBytes(of: 0x2D, toByteOffset: 18, as: UInt8.self)
            text.storeBytes(of: 0x2D, toByteOffset: 23, as: UInt8.self)
        }
        guard quoted else { return 36 }
        out[0] = 0x22
        out[37] = 0x22
        return 38
    }
}
