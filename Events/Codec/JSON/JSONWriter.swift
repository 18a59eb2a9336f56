import Foundation

/// Appends JSON text (RFC 8259) to a byte array, UTF-8 in, UTF-8 out, with no `String` built per
/// value: the one place that decides how the export's JSON spells a string, a number or a UUID.
///
/// The spelling is the one Foundation's `JSONEncoder` (`.sortedKeys`, `.withoutEscapingSlashes`)
/// gave the export, byte for byte, so files written before this writer existed and after it are
/// the same (`JSONWriterTests` compares the two on seeded random values):
/// - strings: `"` and `\` escaped with a backslash; the control characters U+0008, U+0009,
///   U+000A, U+000C, U+000D as `\b \t \n \f \r`, the other ones below U+0020 as `\u00XX` (lower-case
///   hex); everything else (`/`, DEL, U+2028, non-ASCII) as its UTF-8 bytes;
/// - integers in decimal, `-` for negatives, no leading zeros;
/// - doubles as Swift's `description` (the shortest text that reads back to the same double),
///   without a trailing `.0`: `1`, `0.1`, `1e-07`, `1e+20`, `-0`;
/// - UUIDs as their canonical upper-case string.
/// Writing never fails except for a double that is not finite (JSON has no spelling for it).
package struct JSONWriter {
    /// The text written so far.
    package var bytes: [UInt8]

    /// A writer appending to `bytes`.
    package init(bytes: [UInt8] = []) { self.bytes = bytes }

    /// Appends one byte of JSON punctuation (`{`, `,`, `:`...).
    @inline(__always) package mutating func write(byte: UInt8) { bytes.append(byte) }

    /// Appends bytes that are already JSON (a key with its quotes and colon, a literal).
    @inline(__always) package mutating func write(raw: UnsafeRawBufferPointer) { bytes.append(contentsOf: raw) }

    /// Appends ASCII JSON text known at compile time (`"eventId":`, `true`).
    @inline(__always) package mutating func write(raw: StaticString) {
        write(raw: UnsafeRawBufferPointer(start: raw.utf8Start, count: raw.utf8CodeUnitCount))
    }

    /// Appends `value` as `true` or `false`.
    @inline(__always) package mutating func write(_ value: Bool) { write(raw: value ? "true" : "false") }

    /// Appends `value` as a quoted JSON string, escaped as the type's documentation says.
    @inline(__always) package mutating func write(_ value: String) {
        var text = value
        text.withUTF8 { write(string: UnsafeRawBufferPointer($0)) }
    }

    /// Appends the UTF-8 text `utf8` (assumed valid) as a quoted JSON string.
    /// - Complexity: O(n); eight bytes a step where nothing needs escaping.
    package mutating func write(string utf8: UnsafeRawBufferPointer) {
        bytes.append(0x22)
        var start = 0
        var index = 0
        let count = utf8.count
        while index < count {
            // Skip eight bytes at a time while none is a quote, a backslash or a control character.
            if index &+ 8 <= count {
                let word = UInt64(littleEndian: utf8.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                if !Self.needsEscaping(word) {
                    index &+= 8
                    continue
                }
            }
            let byte = utf8[index]
            if byte >= 0x20 && byte != 0x22 && byte != 0x5C {
                index &+= 1
                continue
            }
            if index > start { bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: utf8[start..<index])) }
            writeEscape(of: byte)
            index &+= 1
            start = index
        }
        if count > start { bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: utf8[start..<count])) }
        bytes.append(0x22)
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

    /// Appends the escape sequence of `byte` (a quote, a backslash or a control character).
    private mutating func writeEscape(of byte: UInt8) {
        switch byte {
        case 0x22: write(raw: "\\\"")
        case 0x5C: write(raw: "\\\\")
        case 0x08: write(raw: "\\b")
        case 0x09: write(raw: "\\t")
        case 0x0A: write(raw: "\\n")
        case 0x0C: write(raw: "\\f")
        case 0x0D: write(raw: "\\r")
        default:
            write(raw: "\\u00")
            bytes.append(Self.hexDigit(byte >> 4, letters: 0x57))
            bytes.append(Self.hexDigit(byte & 0xF, letters: 0x57))
        }
    }

    /// Appends `value` in decimal.
    @inline(__always) package mutating func write(_ value: Int64) {
        if value < 0 {
            bytes.append(0x2D)
            write(UInt64(0 &- UInt64(bitPattern: value)))
        } else {
            write(UInt64(value))
        }
    }

    /// Appends `value` in decimal.
    /// - Complexity: O(digits).
    package mutating func write(_ value: UInt64) {
        // 20 digits at most; filled from the end.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var index = 24
            var rest = value
            repeat {
                index &-= 1
                buffer[index] = 0x30 &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[index...]))
        }
    }

    /// Appends `value` as its shortest round-trip decimal text (Swift's `description`), without a
    /// trailing `.0`.
    /// - Throws: `EncodingError.invalidValue` for NaN or an infinity, which JSON cannot spell.
    package mutating func write(_ value: Double) throws { try writeShortest(value) }

    /// Appends `value` as its shortest round-trip decimal text (Swift's `description` of the
    /// `Float`, not of the `Double` it widens to), without a trailing `.0`.
    /// - Throws: `EncodingError.invalidValue` for NaN or an infinity.
    package mutating func write(_ value: Float) throws { try writeShortest(value) }

    private mutating func writeShortest<F: BinaryFloatingPoint & CustomStringConvertible>(_ value: F) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: [], debugDescription: "\(value) is not a finite number; JSON has no spelling for it"))
        }
        var text = value.description
        text.withUTF8 { utf8 in
            var count = utf8.count
            if count >= 2 && utf8[count - 2] == 0x2E && utf8[count - 1] == 0x30 { count -= 2 }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(utf8)[..<count]))
        }
    }

    /// Appends `uuid` as its quoted canonical string, upper-case hex (as Foundation's `uuidString`).
    @inline(__always) package mutating func write(_ uuid: UUID) { write(uuid, quoted: true) }

    /// Appends `uuid`'s canonical string without quotes (a CSV cell).
    @inline(__always) package mutating func write(unquoted uuid: UUID) { write(uuid, quoted: false) }

    @inline(__always) private mutating func write(_ uuid: UUID, quoted: Bool) {
        // 38 bytes: the quotes and 36 characters; the 32 digits written eight at a time.
        var text: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &text) { out in
            withUnsafeBytes(of: uuid.uuid) { raw in
                func digits(_ offset: Int) -> UInt64 {
                    HexWord.digits(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
                }
                func store(_ word: UInt64, at offset: Int) { out.storeBytes(of: word.littleEndian, toByteOffset: offset, as: UInt64.self) }
                func store(half word: UInt64, at offset: Int) {
                    out.storeBytes(of: UInt32(truncatingIfNeeded: word).littleEndian, toByteOffset: offset, as: UInt32.self)
                }
                // `"XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX"`: the middle words are split by a dash.
                let second = digits(4), third = digits(8)
                store(digits(0), at: 1)
                store(half: second, at: 10)
                store(half: second &>> 32, at: 15)
                store(half: third, at: 20)
                store(half: third &>> 32, at: 25)
                store(digits(12), at: 29)
                out[0] = 0x22
                out[9] = 0x2D
                out[14] = 0x2D
                out[19] = 0x2D
                out[24] = 0x2D
                out[37] = 0x22
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: quoted ? out[0..<38] : out[1..<37]))
        }
    }

    /// The ASCII hex digit of `nibble` (0-15): `letters` is 0x37 for upper case, 0x57 for lower.
    @inline(__always) private static func hexDigit(_ nibble: UInt8, letters: UInt8) -> UInt8 {
        nibble < 10 ? 0x30 &+ nibble : letters &+ nibble
    }
}
