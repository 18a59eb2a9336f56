/// The 21 weights w0 … w20 of the FSRS memory model, validated, stored as the IEEE `Float`
/// values fsrs-rs computes with.
///
/// Accepted counts (FORMULAS.md 1.1):
/// - **21** values: FSRS-6, used as given.
/// - **19** values: FSRS-5, filled as fsrs-rs does with w19 = 0 and w20 = 0.5.
/// - **17** values: FSRS-4.5, converted as fsrs-rs does (w4 := w4 + 2·w5, w5 := ln(1 + 3·w5)/3,
///   w6 := w6 + 0.5, then w17 = w18 = w19 = 0 and w20 = 0.5), so old histories can be audited.
///
/// Every value must be finite and lie within the bounds of FORMULAS.md 1.3 (after filling).
/// Unlike fsrs-rs, which clamps silently, a value out of bounds is rejected with an error that
/// names it: a scheduler must never run with weights other than the ones the person chose.
public struct FSRSParameters: Sendable, Hashable {
    /// The 21 effective weights, w0 … w20.
    public let weights: [Float]

    /// How many values were given (17, 19 or 21); 21 means FSRS-6.
    public let inputCount: Int

    /// Validates `values` and fills them to 21 weights.
    /// - Throws: ``FSRSParameterError`` for a wrong count, a value that is not finite, or a
    ///   value outside its bounds (naming the index, the value and the bounds).
    public init(_ values: [Float]) throws(FSRSParameterError) {
        var weights = values
        switch values.count {
        case 21:
            break
        case 19:
            weights += [0, 0.5]
        case 17:
            for (index, value) in values.enumerated() where !value.isFinite {
                throw .notFinite(index: index, value: Double(value))
            }
            // fsrs-rs: w5.mul_add(2, w4) and w5.mul_add(3, 1).ln() / 3 (fused multiply-adds).
            weights[4] = values[4].addingProduct(2, values[5])
            weights[5] = FloatMath.log((1 as Float).addingProduct(3, values[5])) / 3
            weights[6] = values[6] + 0.5
            weights += [0, 0, 0, 0.5]
        default:
            throw .wrongCount(values.count)
        }
        for (index, value) in weights.enumerated() {
            guard value.isFinite else { throw .notFinite(index: index, value: Double(value)) }
            let bounds = Self.bounds[index]
            guard bounds.contains(value) else {
                throw .outOfBounds(index: index, value: Double(value),
                                   lower: Double(bounds.lowerBound), upper: Double(bounds.upperBound))
            }
        }
        self.weights = weights
        self.inputCount = values.count
    }

    /// Validates decimal values, converting each to the nearest `Float` (as fsrs-rs's Python
    /// binding does).
    /// - Throws: ``FSRSParameterError`` as ``init(_:)-(Float)``.
    public init(_ values: [Double]) throws(FSRSParameterError) {
        try self.init(values.map { Float($0) })
    }

    /// The FSRS-6 defaults (fsrs-rs `DEFAULT_PARAMETERS`).
    public static let fsrs6Default = try! FSRSParameters([
        0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796,
        1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
    ] as [Float])

    /// The FSRS-5 defaults (fsrs-rs 2.x `DEFAULT_PARAMETERS`), filled to 21 weights.
    public static let fsrs5Default = try! FSRSParameters([
        0.40255, 1.18385, 3.173, 15.69105, 7.1949, 0.5345, 1.4604, 0.0046, 1.54575, 0.1192,
        1.01925, 1.9395, 0.11, 0.29605, 2.2698, 0.2315, 2.9898, 0.51655, 0.6621,
    ] as [Float])

    /// The documented bounds of each weight (FORMULAS.md 1.3, py-fsrs's
    /// `LOWER_BOUNDS_PARAMETERS` / `UPPER_BOUNDS_PARAMETERS`).
    public static let bounds: [ClosedRange<Float>] = [
        0.001...100, 0.001...100, 0.001...100, 0.001...100,
        1...10, 0.001...4, 0.001...4, 0.001...0.75, 0...4.5, 0...0.8, 0.001...3.5,
        0.001...5, 0.001...0.25, 0.001...0.9, 0...4, 0...1, 1...6, 0...2, 0...2,
        0...0.8, 0.1...0.8,
    ]

    /// A stable 64-bit fingerprint of the exact weights: FNV-1a over the little-endian bit
    /// patterns of the 21 `Float`s. The same on every machine and every run (unlike
    /// `hashValue`), so snapshots can record which parameters they were computed with.
    public var fingerprint: UInt64 {
        var hash = FNV1a64()
        for weight in weights {
            var bits = weight.bitPattern
            for _ in 0..<4 {
                hash.add(UInt8(truncatingIfNeeded: bits))
                bits >>= 8
            }
        }
        return hash.value
    }

    /// Two parameter sets are equal when their 21 effective weights are (whatever count
    /// they were given as), exactly when their fingerprints are.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.weights == rhs.weights }

    public func hash(into hasher: inout Hasher) { hasher.combine(weights) }

    /// The fingerprint as 16 lowercase hexadecimal digits.
    public var fingerprintHex: String {
        let digits = String(fingerprint, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
