import CUTF8

/// UTF-8 validation for the decoder's text fields, faster than the standard library's on the
/// mixed Latin and CJK text that cards hold, followed by a `String` copy that does not validate
/// again (`UTF8Span(unchecked:)`, where the platform has it).
///
/// Two validators give the same verdicts: 16 bytes at a time with byte shuffles (the C target
/// `CUTF8`, on x86-64 with SSSE3), else a table-driven automaton (``validateWithTable(_:)``).
///
/// Accepts exactly what `String(validating:as: UTF8.self)` accepts: shortest forms only, no
/// surrogates (U+D800-U+DFFF), nothing above U+10FFFF (`UTF8TextTests` checks the two agree on
/// seeded random bytes).
@usableFromInline package enum UTF8Text {
    /// `bytes` as a `String` when they are valid UTF-8, else nil.
    /// - Complexity: O(n): one pass to validate (eight ASCII bytes per step), one copy.
    @usableFromInline package static func string(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard let ascii = validate(bytes) else { return nil }
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            let span = UTF8Span(unchecked: bytes.assumingMemoryBound(to: UInt8.self).span, isKnownASCII: ascii)
            return String(copying: span)
        } else {
            return String(decoding: bytes.assumingMemoryBound(to: UInt8.self), as: UTF8.self)
        }
    }

    /// Whether `bytes` are valid UTF-8: nil when not, else whether they are all ASCII.
    /// - Complexity: O(n).
    @inline(__always)
    package static func validate(_ bytes: UnsafeRawBufferPointer) -> Bool? {
        switch hindsight_utf8_validate(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count) {
        case 1: true
        case 0: false
        case -1: nil
        default: validateWithTable(bytes)
        }
    }

    /// Whether ``validate(_:)`` uses the SIMD validator on this machine.
    package static var usesSIMD: Bool { hindsight_utf8_validate_is_available() != 0 }

    /// ``validate(_:)`` by the table-driven automaton, the path of machines without the SIMD
    /// validator (and the tests' second opinion on it).
    /// - Complexity: O(n).
    package static func validateWithTable(_ bytes: UnsafeRawBufferPointer) -> Bool? {
        // A shift-based DFA: `state` is a shift amount, each table row holds the next state of
        // every state for one byte, so a step is a load, a shift and a mask. A step depends on
        // the one before, so long texts are cut in two at a character boundary near the middle
        // and the halves run interleaved (valid UTF-8 cut before a lead or ASCII byte gives two
        // valid halves, and two valid halves make a valid whole). The state is the low six bits
        // of the last row shifted; `&>>` uses only those bits of its shift, so the rest is never
        // masked off inside the loops.
        transitions.withUnsafeBufferPointer { table in
            let count = bytes.count
            var seen: UInt64 = 0
            if count >= 64 {
                var middle = count &>> 1
                let limit = middle &+ 4
                while middle < limit && bytes[middle] & 0xC0 == 0x80 { middle &+= 1 }
                if middle < limit {
                    var first = accept
                    var second = accept
                    let words = min(middle, count &- middle) &>> 3
                    for index in 0 ..< words {
                        let a = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index &<< 3, as: UInt64.self))
                        let b = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: middle &+ index &<< 3, as: UInt64.self))
                        seen |= a | b
                        if (a | b) & highBits == 0 && first & 63 == accept && second & 63 == accept { continue }
                        for byte in 0 ..< 8 {
                            let shift = UInt64(byte &* 8)
                            first = table[Int(truncatingIfNeeded: a &>> shift) & 0xFF] &>> first
                            second = table[Int(truncatingIfNeeded: b &>> shift) & 0xFF] &>> second
                        }
                    }
                    first = run(table, bytes, from: words &<< 3, to: middle, state: first, seen: &seen)
                    second = run(table, bytes, from: middle &+ words &<< 3, to: count, state: second, seen: &seen)
                    return first & 63 == accept && second & 63 == accept ? seen & highBits == 0 : nil
                }
            }
            let state = run(table, bytes, from: 0, to: count, state: accept, seen: &seen)
            return state & 63 == accept ? seen & highBits == 0 : nil
        }
    }

    /// The DFA's state (in its low six bits) after `bytes[start..<end]` from `state`, eight ASCII bytes per step
    /// where it can; ORs every byte read into `seen`.
    @inline(__always) private static func run(_ table: UnsafeBufferPointer<UInt64>, _ bytes: UnsafeRawBufferPointer,
                                              from start: Int, to end: Int, state: UInt64, seen: inout UInt64) -> UInt64 {
        var state = state
        var index = start
        while index &+ 8 <= end {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            seen |= word
            if word & highBits == 0 && state & 63 == accept {
                index &+= 8
                continue
            }
            for byte in 0 ..< 8 {
                state = table[Int(truncatingIfNeeded: word &>> UInt64(byte &* 8)) & 0xFF] &>> state
            }
            index &+= 8
        }
        while index < end {
            let byte = bytes[index]
            seen |= UInt64(byte)
            state = table[Int(byte)] &>> state
            index &+= 1
        }
        return state
    }

    private static let highBits: UInt64 = 0x8080_8080_8080_8080
    /// The state between characters (each state is a multiple of 6; 0 is the error state).
    private static let accept: UInt64 = 6

    /// Row `b` holds, in 6-bit fields at each state's shift, the state that byte `b` leads to
    /// from it. States: 0 error, 6 accept, 12/18/24 one/two/three continuation bytes to go,
    /// 30 after E0 (next A0-BF), 36 after ED (next 80-9F), 42 after F0 (next 90-BF), 48 after F4
    /// (next 80-8F). Generated from those rules; `UTF8TextTests` checks it byte by byte.
    private static let transitions: [UInt64] = [
        0x00000000000180, 0x00000000000180, 0x00000000000180, 0x00000000000180, // 0-3
        0x00000000000180, 0x00000000000180, 0x00000000000180, 0x00000000000180, // 4-7
        0x00000000000180, 0x00000000000180, 0x00000000000180, 0x00000000000180, // 8-B
        0x00000000000180, 0x00000000000180, 0x00000000000180, 0x00000000000180, // C-F
        0x00000000000180, 0x00000000000180, 0x00000000000180, 0x00000000000180, // 10-13
        0x00000000000180, 0x00000000000180, 0x00000000000180, 0x00000000000180, // 14-17
        0x00000000000180, 0x00000000000180, 0x00000000000180, 0x00000000000180, // 18-1B
        0x00000000000180, 0x00000000000180, 0x00000000000180, 0x00000000000180, // 1C-1F
        0x00000000000180, 0x00000000000180, 0x00000000000180, 0x00000000000180, // 20-23
        0x00000000000180, 0x00000000000180, 0x00000000000180, 0x00000000000180, // 24-27
        0x00000000000180, 0x00000000000180, 0x00000000000180, 0x00000000000180, // 28-2B
        0x00000000000180, 0x00000000000180, 0x00000000000180, 0x00000000000180, // 2C-2F
        0x00000000000180, 0x00000000000180, 0x00000000000180, 0x00000000000180, // 30-33
        0x00000000000180, 0x00000000000180, 0x00000000000180, 0x00000000000180, // 34-37
        0x00000000000180, 0x00000000000180, 0x00000000000180, 0x00000000000180, // 38-3B
        0x00000000000180, 0x00000000000180, 0x00000000000180, 0x00000000000180, // 3C-3F
        0x00000000000180, 0x00000000000180, 0x00000000000180, 0x00000000000180, // 40-43
        0x00000000000180, 0x00000000000180, 0x00000000000180, 0x00000000000180, // 44-47
        0x00000000000180, 0x00000000000180, 0x00000000000180, 0x00000000000180, // 48-4B
        0x00000000000180, 0x00000000000180, 0x00000000000180, 0x00000000000180, // 4C-4F
        0x00000000000180, 0x00000000000180, 0x00000000000180, 0x00000000000180, // 50-53
        0x00000000000180, 0x00000000000180, 0x00000000000180, 0x00000000000180, // 54-57
        0x00000000000180, 0x00000000000180, 0x00000000000180, 0x00000000000180, // 58-5B
        0x00000000000180, 0x00000000000180, 0x00000000000180, 0x00000000000180, // 5C-5F
        0x00000000000180, 0x00000000000180, 0x00000000000180, 0x00000000000180, // 60-63
        0x00000000000180, 0x00000000000180, 0x00000000000180, 0x00000000000180, // 64-67
        0x00000000000180, 0x00000000000180, 0x00000000000180, 0x00000000000180, // 68-6B
        0x00000000000180, 0x00000000000180, 0x00000000000180, 0x00000000000180, // 6C-6F
        0x00000000000180, 0x00000000000180, 0x00000000000180, 0x00000000000180, // 70-73
        0x00000000000180, 0x00000000000180, 0x00000000000180, 0x00000000000180, // 74-77
        0x00000000000180, 0x00000000000180, 0x00000000000180, 0x00000000000180, // 78-7B
        0x00000000000180, 0x00000000000180, 0x00000000000180, 0x00000000000180, // 7C-7F
        0x1200C012306000, 0x1200C012306000, 0x1200C012306000, 0x1200C012306000, // 80-83
        0x1200C012306000, 0x1200C012306000, 0x1200C012306000, 0x1200C012306000, // 84-87
        0x1200C012306000, 0x1200C012306000, 0x1200C012306000, 0x1200C012306000, // 88-8B
        0x1200C012306000, 0x1200C012306000, 0x1200C012306000, 0x1200C012306000, // 8C-8F
        0x0048C012306000, 0x0048C012306000, 0x0048C012306000, 0x0048C012306000, // 90-93
        0x0048C012306000, 0x0048C012306000, 0x0048C012306000, 0x0048C012306000, // 94-97
        0x0048C012306000, 0x0048C012306000, 0x0048C012306000, 0x0048C012306000, // 98-9B
        0x0048C012306000, 0x0048C012306000, 0x0048C012306000, 0x0048C012306000, // 9C-9F
        0x00480312306000, 0x00480312306000, 0x00480312306000, 0x00480312306000, // A0-A3
        0x00480312306000, 0x00480312306000, 0x00480312306000, 0x00480312306000, // A4-A7
        0x00480312306000, 0x00480312306000, 0x00480312306000, 0x00480312306000, // A8-AB
        0x00480312306000, 0x00480312306000, 0x00480312306000, 0x00480312306000, // AC-AF
        0x00480312306000, 0x00480312306000, 0x00480312306000, 0x00480312306000, // B0-B3
        0x00480312306000, 0x00480312306000, 0x00480312306000, 0x00480312306000, // B4-B7
        0x00480312306000, 0x00480312306000, 0x00480312306000, 0x00480312306000, // B8-BB
        0x00480312306000, 0x00480312306000, 0x00480312306000, 0x00480312306000, // BC-BF
        0x00000000000000, 0x00000000000000, 0x00000000000300, 0x00000000000300, // C0-C3
        0x00000000000300, 0x00000000000300, 0x00000000000300, 0x00000000000300, // C4-C7
        0x00000000000300, 0x00000000000300, 0x00000000000300, 0x00000000000300, // C8-CB
        0x00000000000300, 0x00000000000300, 0x00000000000300, 0x00000000000300, // CC-CF
        0x00000000000300, 0x00000000000300, 0x00000000000300, 0x00000000000300, // D0-D3
        0x00000000000300, 0x00000000000300, 0x00000000000300, 0x00000000000300, // D4-D7
        0x00000000000300, 0x00000000000300, 0x00000000000300, 0x00000000000300, // D8-DB
        0x00000000000300, 0x00000000000300, 0x00000000000300, 0x00000000000300, // DC-DF
        0x00000000000780, 0x00000000000480, 0x00000000000480, 0x00000000000480, // E0-E3
        0x00000000000480, 0x00000000000480, 0x00000000000480, 0x00000000000480, // E4-E7
        0x00000000000480, 0x00000000000480, 0x00000000000480, 0x00000000000480, // E8-EB
        0x00000000000480, 0x00000000000900, 0x00000000000480, 0x00000000000480, // EC-EF
        0x00000000000A80, 0x00000000000600, 0x00000000000600, 0x00000000000600, // F0-F3
        0x00000000000C00, 0x00000000000000, 0x00000000000000, 0x00000000000000, // F4-F7
        0x00000000000000, 0x00000000000000, 0x00000000000000, 0x00000000000000, // F8-FB
        0x00000000000000, 0x00000000000000, 0x00000000000000, 0x00000000000000, // FC-FF
    ]
}
