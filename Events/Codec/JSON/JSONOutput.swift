import Foundation

/// Where JSON text is written: a sink of bytes that can hand out room at its end. How the
/// export's JSON spells a string, a number or a UUID is decided once, in the extension below, on
/// top of these three requirements, so every output spells the same bytes: ``JSONWriter`` (a
/// byte array, for the codec, the CSV export and tests) and ``JSONByteBuffer`` (raw memory
/// with no uniqueness or bounds check per write, for the JSON Lines export).
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
package protocol JSONOutput: ~Copyable {
    /// Appends one byte of JSON punctuation (`{`, `,`, `:`...).
    mutating func write(byte: UInt8)

    /// Appends bytes that are already JSON (a key with its quotes and colon, a literal).
    mutating func write(raw: UnsafeRawBufferPointer)

    /// Lets `body` write up to `maxCount` bytes at the end of the output through a pointer, and
    /// keeps the first `n` of them, `n` being what `body` returns (at most `maxCount`).
    mutating func append(upTo maxCount: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int)
}

extension JSONOutput where Self: ~Copyable {
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
    @inline(__always) package mutating func write(string utf8: UnsafeRawBufferPointer) {
        // Each byte takes at most six (`\u00XX`), plus the two quotes.
        append(upTo: utf8.count &* 6 &+ 2) { JSONSpelling.string(utf8, to: $0) }
    }

    /// Appends `value` in decimal.
    @inline(__always) package mutating func write(_ value: UInt64) {
        append(upTo: 20) { JSONSpelling.decimal(value, to: $0) }
    }

    /// Appends `value` in decimal.
    @inline(__always) package mutating func write(_ value: Int64) {
        append(upTo: 20) { JSONSpelling.decimal(value, to: $0) }
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
        // Up to 24 characters (`-2.2250738585072014e-308`): a small string, built on the stack.
        var text = value.description
        text.withUTF8 { utf8 in
            var count = utf8.count
            if count >= 2 && utf8[count - 2] == 0x2E && utf8[count - 1] == 0x30 { count -= 2 }
            write(raw: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(utf8)[..<count]))
        }
    }

    /// Appends `uuid` as its quoted canonical string, upper-case hex (as Foundation's `uuidString`).
    @inline(__always) package mutating func write(_ uuid: UUID) {
        append(upTo: 38) { JSONSpelling.uuid(uuid, quoted: true, to: $0) }
    }

    /// Appends `uuid`'s canonical string without quotes (a CSV cell).
    @inline(__always) package mutating func write(unquoted uuid: UUID) {
        append(upTo: 36) { JSONSpelling.uuid(uuid, quoted: false, to: $0) }
    }
}
