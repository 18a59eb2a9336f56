import Foundation

/// A cursor over one JSON text for the canonical reader
/// (``RecordedEvent/init(canonicalJSON:reader:personalData:)``): each step reads what an export
/// writes at that place (a given key, a string without escapes or a text with them checked as
/// the parser checks them, a whole number, a UUID) and answers nil or false when the text holds
/// anything else there, so the reader can hand the whole text to the general parser, which reads
/// it or says exactly what is wrong. Whitespace is allowed wherever JSON allows it. Never reads
/// outside `bytes`.
///
/// A step that fails may leave the cursor anywhere, except ``consumeKey(_:)`` and
/// ``consumeMember(_:after:)``, which move only when they succeed (a reader tries the keys of
/// left-out optionals in turn).
struct CanonicalJSONScanner {
    /// The text (or the part of it being read).
    let bytes: UnsafeRawBufferPointer
    /// The offset of the next byte to read.
    var index = 0

    /// A cursor at the start of `bytes`.
    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// Whether only whitespace is left.
    mutating func isAtEndAfterWhitespace() -> Bool {
        skipWhitespace()
        return index == bytes.count
    }

    @inline(__always) mutating func skipWhitespace() {
        // One compare for the usual next byte, which is no whitespace (all of it is below 0x21).
        while index < bytes.count && bytes[index] <= 0x20 {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index &+= 1
            default: return
            }
        }
    }

    /// Consumes `byte` (after whitespace); false when another byte or the end comes first.
    @inline(__always) mutating func consume(_ byte: UInt8) -> Bool {
        if index < bytes.count && bytes[index] == byte {
            index &+= 1
            return true
        }
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index &+= 1
        return true
    }

    /// Consumes `"key":` when the next key spells `key` without escapes; otherwise moves nothing
    /// and answers false.
    @inline(__always) mutating func consumeKey(_ key: UnsafeRawBufferPointer) -> Bool {
        let saved = index
        skipWhitespace()
        let count = key.count
        guard bytes.count &- index >= count &+ 2, bytes[index] == 0x22, bytes[index &+ count &+ 1] == 0x22,
              Self.equal(bytes.baseAddress! + (index &+ 1), key.baseAddress!, count) else {
            index = saved
            return false
        }
        index &+= count &+ 2
        guard consume(0x3A) else {
            index = saved
            return false
        }
        return true
    }

    /// Consumes `member` (a key in quotes and its colon, `"eventId":`, as exports write it) when
    /// it comes next byte for byte; otherwise ``consumeKey(_:)`` with the key alone, for the same
    /// key with whitespace around its colon.
    @inline(__always) mutating func consumeMember(_ member: StaticString) -> Bool {
        let count = member.utf8CodeUnitCount
        if bytes.count &- index >= count && Self.equal(bytes.baseAddress! + index, member.utf8Start, count) {
            index &+= count
            return true
        }
        return consumeKey(member)
    }

    /// Consumes `separator` (a comma, or the brace that opens an object) and then `member`, as
    /// ``consume(_:)`` and ``consumeMember(_:)`` do one after the other: the two compared at once
    /// when they come next byte for byte, as exports write them (the test stays small, so that it
    /// is inlined and the member's bytes become constants), else read as those two steps read them.
    @inline(__always) mutating func consumeMember(_ member: StaticString, after separator: UInt8) -> Bool {
        let count = member.utf8CodeUnitCount
        if bytes.count &- index > count && bytes[index] == separator
            && Self.equal(bytes.baseAddress! + (index &+ 1), member.utf8Start, count) {
            index &+= count &+ 1
            return true
        }
        return consumeSpacedMember(member, after: separator)
    }

    /// ``consumeMember(_:after:)`` for any text: `separator`, then `member`, whitespace allowed
    /// around either; moves nothing when it answers false.
    @inline(never) private mutating func consumeSpacedMember(_ member: StaticString, after separator: UInt8) -> Bool {
        let saved = index
        if consume(separator) && consumeMember(member) { return true }
        index = saved
        return false
    }

    /// Consumes `member` (a key as exports write it, `"card":`) when it comes next byte for byte;
    /// otherwise ``consumeKey(_:)`` with its key, for the same key with whitespace before it or
    /// around its colon. Moves nothing when it answers false.
    @inline(__always) mutating func consumeMember(_ member: ExpectedBytes) -> Bool {
        if bytes.count &- index >= member.count && member.matches(bytes.baseAddress! + index) {
            index &+= member.count
            return true
        }
        return consumeSpacedMember(member)
    }

    /// ``consumeMember(_:)-(ExpectedBytes)`` for any text.
    @inline(never) private mutating func consumeSpacedMember(_ member: ExpectedBytes) -> Bool {
        member.bytes.withUnsafeBytes { consumeKey(UnsafeRawBufferPointer(rebasing: $0[1..<(member.count &- 2)])) }
    }

    /// The index in `names` (strings in quotes, ``ExpectedBytes/init(quoted:)``), among `range`,
    /// of the one that comes next (after whitespace) byte for byte, which is consumed; nil when
    /// none does (another string, one with escapes, or no string).
    @inline(__always) mutating func consumeOne(of names: [ExpectedBytes], in range: Range<Int>) -> Int? {
        skipWhitespace()
        let left = bytes.count &- index
        return names.withUnsafeBufferPointer { names in
            for offset in range {
                let name = names.baseAddress! + offset
                if left >= name.pointee.count && name.pointee.matches(bytes.baseAddress! + index) {
                    index &+= name.pointee.count
                    return offset
                }
            }
            return nil
        }
    }

    /// ``consumeKey(_:)`` with the key of `member` (its bytes between the quotes).
    @inline(never) private mutating func consumeKey(_ member: StaticString) -> Bool {
        consumeKey(UnsafeRawBufferPointer(start: member.utf8Start + 1, count: member.utf8CodeUnitCount &- 3))
    }

    /// Whether the `count` bytes at `left` and `right` are equal, compared a word at a time.
    @inline(__always) static func equal(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer, _ count: Int) -> Bool {
        func word(_ pointer: UnsafeRawPointer, _ offset: Int) -> UInt64 { pointer.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
        func half(_ pointer: UnsafeRawPointer, _ offset: Int) -> UInt32 { pointer.loadUnaligned(fromByteOffset: offset, as: UInt32.self) }
        if count >= 8 {
            var offset = 0
            while offset &+ 8 < count {
                guard word(left, offset) == word(right, offset) else { return false }
                offset &+= 8
            }
            // The last eight bytes, overlapping the word before when the count is not a multiple of 8.
            return word(left, count &- 8) == word(right, count &- 8)
        }
        if count >= 4 { return half(left, 0) == half(right, 0) && half(left, count &- 4) == half(right, count &- 4) }
        for offset in 0..<count where left.load(fromByteOffset: offset, as: UInt8.self) != right.load(fromByteOffset: offset, as: UInt8.self) {
            return false
        }
        return true
    }

    /// The bytes between the quotes of a string without escapes or control characters, checked
    /// to be UTF-8; nil for anything else.
    @inline(__always) mutating func plainString() -> UnsafeRawBufferPointer? {
        guard let text = string(), !text.escaped else { return nil }
        return text.raw
    }

    /// ``plainString()``, taken without a scan when it is `known`: bytes of this text already
    /// known to be a plain string's contents (no quote, backslash or control character, UTF-8)
    /// with a quote on either side, and the cursor is at the quote before them.
    @inline(__always) mutating func plainString(knownAt known: UnsafeRawBufferPointer?) -> UnsafeRawBufferPointer? {
        if let known, index < bytes.count, bytes.baseAddress! + (index &+ 1) == known.baseAddress, bytes[index] == 0x22 {
            index &+= known.count &+ 2
            return known
        }
        return plainString()
    }

    /// A string: the bytes between its quotes, checked to be UTF-8 and free of control
    /// characters, its escapes checked as the parser checks them (``JSONEscape``), and how many
    /// bytes it holds once they are resolved (``JSONEscape/unescape(_:into:)``); nil for
    /// anything else (which the parser refuses). With `checkingPlainUTF8` false, the UTF-8 of a
    /// string without escapes is left for the caller to check (whoever reads those very bytes
    /// later, as the body decoder reads a text field's).
    mutating func string(checkingPlainUTF8: Bool = true) -> (raw: UnsafeRawBufferPointer, escaped: Bool, unescapedCount: Int)? {
        guard consume(0x22) else { return nil }
        let start = index
        var seen: UInt64 = 0
        // What the escapes save: the bytes they take less the bytes they stand for (at least one
        // each: two bytes for one, six for up to three, twelve for four), so escapes are there
        // when something is saved.
        var saved = 0
        while true {
            index = JSONStringScan.skipPlainWords(bytes, from: index, seen: &seen)
            guard index < bytes.count else { return nil }
            let byte = bytes[index]
            if byte == 0x22 { break }
            if byte == 0x5C {
                guard let escape = try? JSONEscape(bytes, at: index) else { return nil }
                saved &+= escape.length &- escape.utf8Count
                index &+= escape.length
                continue
            }
            guard byte >= 0x20 else { return nil }
            seen |= UInt64(byte)
            index &+= 1
        }
        let text = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
        index &+= 1
        if seen & 0x8080_8080_8080_8080 != 0 && (checkingPlainUTF8 || saved != 0) && UTF8Text.validate(text) == nil { return nil }
        return (text, saved != 0, text.count &- saved)
    }

    /// A UUID string of 36 characters (`8-4-4-4-12` hex digits, either case); nil for anything else.
    @inline(__always) mutating func uuid() -> UUID? {
        uuidBytes().map { HexWord.uuid(low: $0.low, high: $0.high) }
    }

    /// The 16 bytes of a UUID string, as ``HexWord/uuid(_:)`` answers them; nil for anything else.
    @inline(__always) mutating func uuidBytes() -> (low: UInt64, high: UInt64)? {
        guard consume(0x22), bytes.count &- index >= 37, bytes[index &+ 36] == 0x22,
              let words = HexWord.uuid(bytes.baseAddress! + index) else { return nil }
        index &+= 37
        return words
    }

    /// `true` or `false`; nil for anything else.
    @inline(__always) mutating func bool() -> Bool? {
        if consumeLiteral("true") { return true }
        if consumeLiteral("false") { return false }
        return nil
    }

    /// Consumes `literal` (`true`, `false`, `null`) when it comes next.
    @inline(__always) mutating func consumeLiteral(_ literal: StaticString) -> Bool {
        skipWhitespace()
        let count = literal.utf8CodeUnitCount
        guard bytes.count &- index >= count, memcmp(bytes.baseAddress! + index, literal.utf8Start, count) == 0 else { return false }
        index &+= count
        return true
    }

    /// A number without fraction or exponent, as sign and magnitude; nil for anything else (a
    /// number with a fraction or exponent, one beyond 64 bits, or not a number).
    @inline(__always) mutating func wholeNumber() -> (negative: Bool, magnitude: UInt64)? {
        // The usual case, a number right at the cursor with at most 15 digits and 17 bytes to
        // load from, read in straight-line code: a sign, then two words of up to eight digits.
        // Anything else (whitespace first, a longer number, the end of the text near) is read by
        // the general loop.
        guard let base = bytes.baseAddress, bytes.count &- index >= 17 else { return wholeNumberInAnyText() }
        var at = index
        let negative = base.load(fromByteOffset: at, as: UInt8.self) == 0x2D
        if negative { at &+= 1 }
        let first = Self.leadingDigits(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: at, as: UInt64.self)))
        var count = first.count
        var magnitude = first.value
        if count == 8 {
            let second = Self.leadingDigits(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: at &+ 8, as: UInt64.self)))
            guard second.count < 8 else { return wholeNumberInAnyText() }
            count &+= second.count
            magnitude = magnitude &* JSONSpelling.powerOfTen(second.count) &+ second.value
        }
        guard count > 0 else { return wholeNumberInAnyText() }
        // No leading zero, and no fraction or exponent after the digits (as in the general loop).
        let next = base.load(fromByteOffset: at &+ count, as: UInt8.self) | 0x20
        guard count == 1 || base.load(fromByteOffset: at, as: UInt8.self) != 0x30, next != 0x65 && next != 0x2E else { return nil }
        index = at &+ count
        return (negative, magnitude)
    }

    /// ``wholeNumber()`` for any text: whitespace first, any number of digits, near the end.
    @inline(never) mutating func wholeNumberInAnyText() -> (negative: Bool, magnitude: UInt64)? {
        skipWhitespace()
        // The cursor and the bytes in locals (no store per step, no check of the base per load).
        guard let base = bytes.baseAddress else { return nil }
        let end = bytes.count
        let start = index
        var at = index
        let negative = at < end && base.load(fromByteOffset: at, as: UInt8.self) == 0x2D
        if negative { at &+= 1 }
        let digitsStart = at
        var magnitude: UInt64 = 0
        // Up to eight digits a step while eight bytes remain, then one at a time.
        while end &- at >= 8 {
            let (count, value) = Self.leadingDigits(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: at, as: UInt64.self)))
            magnitude = magnitude &* JSONSpelling.powerOfTen(count) &+ value
            at &+= count
            if count < 8 { break }
        }
        if end &- at < 8 {
            while at < end {
                let digit = base.load(fromByteOffset: at, as: UInt8.self) &- 0x30
                guard digit < 10 else { break }
                magnitude = magnitude &* 10 &+ UInt64(digit)
                at &+= 1
            }
        }
        index = at
        let count = at &- digitsStart
        // At least one digit, no leading zero, and no fraction or exponent after them ('.' and
        // 'e' or 'E' with bit 5 set; a control byte that maps to '.' is no number's end either).
        guard count > 0, count == 1 || base.load(fromByteOffset: digitsStart, as: UInt8.self) != 0x30 else { return nil }
        if at < end {
            let next = base.load(fromByteOffset: at, as: UInt8.self) | 0x20
            guard next != 0x65 && next != 0x2E else { return nil }
        }
        // Up to 19 digits cannot overflow 64 bits; more are counted with overflow checks.
        if count > 19 { return JSONNumberText.wholeNumber(integer: UnsafeRawBufferPointer(rebasing: bytes[start..<at])) }
        return (negative, magnitude)
    }

    /// How many of the bytes of `word` (loaded little-endian) are decimal digits before the first
    /// that is not (0 to 8), and their value.
    @inline(__always) static func leadingDigits(_ word: UInt64) -> (count: Int, value: UInt64) {
        // A lane is flagged when it is no digit; a carry or borrow only flags lanes above a
        // flagged one, so the lowest flag is exact.
        let flags = ((word &+ 0x4646_4646_4646_4646) | (word &- 0x3030_3030_3030_3030)) & 0x8080_8080_8080_8080
        if flags == 0 { return (8, eightDigits(word)) }
        let count = flags.trailingZeroBitCount &>> 3
        if count == 0 { return (0, 0) }
        // The digits moved to the top lanes, the lanes below them filled with '0'.
        let shift = UInt64(64 &- count &* 8)
        return (count, eightDigits(word &<< shift | 0x3030_3030_3030_3030 &>> UInt64(count &* 8)))
    }

    /// The value of the eight decimal digits of `word` (loaded little-endian, its first digit in
    /// its lowest byte; every byte must be a digit). SWAR: every byte is a lane; pairs, then
    /// quads, then the halves are combined with one multiply each.
    @inline(__always) static func eightDigits(_ word: UInt64) -> UInt64 {
        var value = word &- 0x3030_3030_3030_3030
        value = value &* 10 &+ (value &>> 8)
        let mask: UInt64 = 0x0000_00FF_0000_00FF
        return (((value & mask) &* 0x000F_4240_0000_0064) &+ (((value &>> 16) & mask) &* 0x0000_2710_0000_0001)) &>> 32
    }

    /// A whole number in `Int64`'s range; nil for anything else.
    @inline(__always) mutating func int64() -> Int64? {
        wholeNumber().flatMap { JSONNumberText.int64(negative: $0.negative, magnitude: $0.magnitude) }
    }

    /// A whole number in `UInt64`'s range (`-0` is 0); nil for anything else.
    @inline(__always) mutating func uint64() -> UInt64? {
        wholeNumber().flatMap { JSONNumberText.uint64(negative: $0.negative, magnitude: $0.magnitude) }
    }

    /// A number as the nearest finite `Double` (as ``JSONNumberText/double(_:isInteger:)``); nil
    /// for anything else.
    @inline(__always) mutating func double() -> Double? {
        guard let (text, isInteger) = number() else { return nil }
        return JSONNumberText.double(text, isInteger: isInteger)
    }

    /// The text of a number (`-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`) and whether
    /// it has neither fraction nor exponent; nil when no number comes next.
    @inline(__always) mutating func number() -> (text: UnsafeRawBufferPointer, isInteger: Bool)? {
        skipWhitespace()
        let start = index
        if index < bytes.count && bytes[index] == 0x2D { index &+= 1 }
        guard let first = digit() else { return nil }
        if first != 0 { while digit() != nil {} }
        var isInteger = true
        if index < bytes.count && bytes[index] == 0x2E {
            isInteger = false
            index &+= 1
            guard digit() != nil else { return nil }
            while digit() != nil {}
        }
        if index < bytes.count && bytes[index] | 0x20 == 0x65 {
            isInteger = false
            index &+= 1
            if index < bytes.count && (bytes[index] == 0x2B || bytes[index] == 0x2D) { index &+= 1 }
            guard digit() != nil else { return nil }
            while digit() != nil {}
        }
        return (UnsafeRawBufferPointer(rebasing: bytes[start..<index]), isInteger)
    }

    /// Consumes one decimal digit and answers its value, or nil when none comes next.
    @inline(__always) private mutating func digit() -> UInt8? {
        guard index < bytes.count else { return nil }
        let value = bytes[index] &- 0x30
        guard value < 10 else { return nil }
        index &+= 1
        return value
    }

    /// Skips an object or array whose brackets balance (strings skipped whole, escapes and all)
    /// and answers its bytes, bracket to bracket, without checking what is inside (the caller reads
    /// them afterwards); nil when no object or array comes next or it is not closed.
    mutating func skipContainer() -> UnsafeRawBufferPointer? {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == 0x7B || bytes[index] == 0x5B else { return nil }
        let start = index
        var depth = 0
        var seen: UInt64 = 0
        while index < bytes.count {
            switch bytes[index] {
            case 0x7B, 0x5B:
                depth &+= 1
            case 0x7D, 0x5D:
                depth &-= 1
                if depth == 0 {
                    index &+= 1
                    return UnsafeRawBufferPointer(rebasing: bytes[start..<index])
                }
            case 0x22:
                index &+= 1
                while true {
                    index = JSONStringScan.skipPlainWords(bytes, from: index, seen: &seen)
                    guard index < bytes.count else { return nil }
                    if bytes[index] == 0x22 { break }
                    // A backslash and the byte after it (which may be a quote).
                    index &+= bytes[index] == 0x5C ? 2 : 1
                }
            default:
                break
            }
            index &+= 1
        }
        return nil
    }
}
