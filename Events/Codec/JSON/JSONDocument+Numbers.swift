// Numbers of a ``JSONDocument``, read as Foundation's `JSONDecoder` reads them: an integer type
// takes any number whose value is a whole number in its range (`3`, `3.0`, `3e0`, `-0`), a
// double any number that is finite once rounded (the conversions are ``JSONNumberText``'s).

extension JSONDocument {
    /// Number `index` as an `Int64`, or nil when it is not a number or not a whole number in range.
    /// - Complexity: O(digits).
    @inline(__always) package func int64(_ index: Index) -> Int64? {
        guard let (negative, magnitude) = wholeNumber(index) else { return nil }
        return JSONNumberText.int64(negative: negative, magnitude: magnitude)
    }

    /// Number `index` as a `UInt64`, or nil when it is not a number or not a whole number in range
    /// (`-0` is 0).
    @inline(__always) package func uint64(_ index: Index) -> UInt64? {
        guard let (negative, magnitude) = wholeNumber(index) else { return nil }
        return JSONNumberText.uint64(negative: negative, magnitude: magnitude)
    }

    /// Number `index` as an integer of type `T`, or nil when it is not a whole number in `T`'s range.
    package func integer<T: FixedWidthInteger>(_ index: Index, as type: T.Type) -> T? {
        T.isSigned ? int64(index).flatMap { T(exactly: $0) } : uint64(index).flatMap { T(exactly: $0) }
    }

    /// Number `index` as the nearest `Double`, or nil when it is not a number or rounds to an infinity.
    package func double(_ index: Index) -> Double? {
        let kind = kind(index)
        guard kind == .integer || kind == .number else { return nil }
        return JSONNumberText.double(rawBytes(index), isInteger: kind == .integer)
    }

    /// The sign and magnitude of number `index` when it is a whole number that fits in 64 bits.
    @inline(__always) private func wholeNumber(_ index: Index) -> (negative: Bool, magnitude: UInt64)? {
        let raw = rawBytes(index)
        switch kind(index) {
        case .integer:
            return JSONNumberText.wholeNumber(integer: raw)
        case .number:
            return Self.wholeNumber(inScientific: raw)
        default:
            return nil
        }
    }

    /// The whole number written with a fraction or exponent in `raw` (`12.50e1` is 125), or nil when
    /// it is not whole or beyond 64 bits. Exact: digits are shifted, never rounded.
    private static func wholeNumber(inScientific raw: UnsafeRawBufferPointer) -> (negative: Bool, magnitude: UInt64)? {
        var offset = 0
        let negative = raw[0] == 0x2D
        if negative { offset = 1 }
        var digits: [UInt8] = []
        var fractionDigits = 0
        var inFraction = false
        while offset < raw.count, raw[offset] != 0x65 && raw[offset] != 0x45 {
            if raw[offset] == 0x2E { inFraction = true } else {
                digits.append(raw[offset] &- 0x30)
                if inFraction { fractionDigits += 1 }
            }
            offset += 1
        }
        var exponent = 0
        if offset < raw.count {
            offset += 1
            let exponentNegative = raw[offset] == 0x2D
            if raw[offset] == 0x2D || raw[offset] == 0x2B { offset += 1 }
            while offset < raw.count {
                // Past 10^6 the number is zero or far beyond 64 bits either way.
                exponent = min(exponent * 10 + Int(raw[offset] &- 0x30), 1_000_000)
                offset += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        exponent -= fractionDigits
        while let last = digits.last, last == 0, !digits.isEmpty {
            digits.removeLast()
            exponent += 1
        }
        while digits.first == 0 { digits.removeFirst() }
        if digits.isEmpty { return (negative, 0) }
        guard exponent >= 0, digits.count + exponent <= 20 else { return nil }
        var magnitude: UInt64 = 0
        for digit in digits + [UInt8](repeating: 0, count: exponent) {
            let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times10.addingReportingOverflow(UInt64(digit))
            if overflow || carry { return nil }
            magnitude = sum
        }
        return (negative, magnitude)
    }
}
