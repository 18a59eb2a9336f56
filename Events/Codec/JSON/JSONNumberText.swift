// The one home of turning JSON number text into values, for the parser's documents
// (``JSONDocument``) and the canonical reader alike, as Foundation's `JSONDecoder` reads them: an
// integer type takes any number whose value is a whole number in its range (`3`, `3.0`, `3e0`,
// `-0`), a double any number that is finite once correctly rounded.

/// Conversions of number text that the grammar already accepted
/// (`-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`).
enum JSONNumberText {
    /// The sign and magnitude of `raw`, a number without fraction or exponent, or nil when the
    /// magnitude does not fit in 64 bits.
    /// - Complexity: O(digits).
    @inline(__always) static func wholeNumber(integer raw: UnsafeRawBufferPointer) -> (negative: Bool, magnitude: UInt64)? {
        let negative = raw[0] == 0x2D
        var magnitude: UInt64 = 0
        for offset in (negative ? 1 : 0)..<raw.count {
            let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times10.addingReportingOverflow(UInt64(raw[offset] &- 0x30))
            if overflow || carry { return nil }
            magnitude = sum
        }
        return (negative, magnitude)
    }

    /// The whole number of sign and magnitude as an `Int64`, or nil when out of range.
    @inline(__always) static func int64(negative: Bool, magnitude: UInt64) -> Int64? {
        if negative {
            return magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil
        }
        return Int64(exactly: magnitude)
    }

    /// The whole number of sign and magnitude as a `UInt64` (`-0` is 0), or nil when negative.
    @inline(__always) static func uint64(negative: Bool, magnitude: UInt64) -> UInt64? {
        negative && magnitude != 0 ? nil : magnitude
    }

    /// Number `raw` (`isInteger`: without fraction or exponent) as the nearest `Double`, or nil
    /// when it rounds to an infinity. A short integer is converted as an `Int64` (so `-0` is 0);
    /// a decimal whose digits and power of ten are both exact in a double is one correctly
    /// rounded multiplication or division (Clinger's fast path); anything else goes through the
    /// standard library's correctly rounded conversion, so every path gives the same bits.
    static func double(_ raw: UnsafeRawBufferPointer, isInteger: Bool) -> Double? {
        if isInteger && raw.count <= 15, let (negative, magnitude) = wholeNumber(integer: raw) {
            return Double(int64(negative: negative, magnitude: magnitude)!)
        }
        if !isInteger, let value = exactDecimal(raw) { return value }
        guard let value = Double(String(decoding: raw, as: UTF8.self)), value.isFinite else { return nil }
        return value
    }

    /// Exact powers of ten in a double: 10^0 through 10^22.
    private static let powersOfTen: [Double] = (0...22).map { exponent in (0..<exponent).reduce(1.0) { value, _ in value * 10 } }

    /// Number `raw` when its significant digits fit in 2^53 and its decimal exponent is within
    /// ±22, so both operands are exact and one IEEE operation rounds correctly; else nil.
    private static func exactDecimal(_ raw: UnsafeRawBufferPointer) -> Double? {
        var offset = 0
        let negative = raw[0] == 0x2D
        if negative { offset = 1 }
        var digits: UInt64 = 0
        var significant = 0
        var exponent = 0
        var inFraction = false
        while offset < raw.count {
            let byte = raw[offset]
            if byte == 0x2E {
                inFraction = true
            } else if byte == 0x65 || byte == 0x45 {
                break
            } else {
                if digits != 0 || byte != 0x30 { significant += 1 }
                // 19 digits always fit in 64 bits; longer numbers take the general conversion.
                guard significant <= 19 else { return nil }
                digits = digits &* 10 &+ UInt64(byte &- 0x30)
                if inFraction { exponent -= 1 }
            }
            offset += 1
        }
        if offset < raw.count {
            offset += 1
            let exponentNegative = raw[offset] == 0x2D
            if raw[offset] == 0x2D || raw[offset] == 0x2B { offset += 1 }
            var written = 0
            while offset < raw.count {
                written = written * 10 + Int(raw[offset] &- 0x30)
                guard written <= 1_000 else { return nil }
                offset += 1
            }
            exponent += exponentNegative ? -written : written
        }
        guard digits <= 1 << 53 else { return nil }
        var value = Double(digits)
        if digits != 0 {
            guard exponent >= -22 && exponent <= 22 else { return nil }
            value = exponent < 0 ? value / powersOfTen[-exponent] : value * powersOfTen[exponent]
        }
        return negative ? -value : value
    }
}
