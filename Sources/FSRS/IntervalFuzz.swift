/// Interval fuzz with the reference ranges (FORMULAS.md 8, Anki's `with_review_fuzz`), seeded
/// deterministically from the card and the review instead of a random generator, so that
/// every replay of a history gives the same due dates.
public enum IntervalFuzz {
    /// The fuzz factor f in [0, 1) of the review with 1-based `ordinal` (the card's reps
    /// after it) of the card whose fuzz seed is `fuzzSeed`: a SplitMix64 hash of both, the top 24
    /// bits as a fraction.
    public static func factor(fuzzSeed: Int64, ordinal: Int) -> Float {
        var z = (UInt64(bitPattern: fuzzSeed) &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(bitPattern: Int64(ordinal))
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Float(z >> 40) / Float(1 << 24)
    }

    /// The half-width of the fuzz range for the unrounded interval `interval` (0 below 2.5 days):
    /// 1 + 0.15·(min(I, 7) − 2.5)⁺ + 0.10·(min(I, 20) − 7)⁺ + 0.05·(I − 20)⁺.
    public static func delta(_ interval: Float) -> Float {
        guard interval >= 2.5 else { return 0 }
        var delta: Float = 1
        delta += 0.15 * max(min(interval, 7) - 2.5, 0)
        delta += 0.10 * max(min(interval, 20) - 7, 0)
        delta += 0.05 * max(interval - 20, 0)
        return delta
    }

    /// The range a fuzzed interval is drawn from: round(I ∓ delta), clamped into
    /// [`minimum`, `maximum`], widened by one day when it collapsed to a single value above
    /// 2 days (Anki's `constrained_fuzz_bounds`).
    public static func bounds(interval: Float, minimum: Int, maximum: Int) -> ClosedRange<Int> {
        let maximum = max(1, maximum)
        let minimum = min(max(1, minimum), maximum)
        let clamped = min(max(interval, Float(minimum)), Float(maximum))
        let delta = delta(clamped)
        var lower = Int((clamped - delta).rounded(.toNearestOrAwayFromZero))
        var upper = Int((clamped + delta).rounded(.toNearestOrAwayFromZero))
        lower = min(max(lower, minimum), maximum)
        upper = min(max(upper, minimum), maximum)
        if upper == lower && upper > 2 && upper < maximum { upper = lower + 1 }
        return lower...upper
    }

    /// The fuzzed interval: floor(lower + f·(upper − lower + 1)) over ``bounds(interval:minimum:maximum:)``.
    public static func interval(_ interval: Float, factor: Float, minimum: Int = 1, maximum: Int) -> Int {
        let range = bounds(interval: interval, minimum: minimum, maximum: maximum)
        let width = Float(range.upperBound - range.lowerBound + 1)
        let picked = Int((width * factor + Float(range.lowerBound)).rounded(.down))
        return min(max(picked, range.lowerBound), range.upperBound)
    }
}
