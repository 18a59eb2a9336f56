/// Why a list of FSRS parameters was rejected. The message says what was wrong and what to do.
public enum FSRSParameterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The list has a count other than 17, 19 or 21.
    case wrongCount(Int)
    /// The weight at `index` is NaN or infinite.
    case notFinite(index: Int, value: Double)
    /// The weight at `index` lies outside [lower, upper] (FORMULAS.md 1.3).
    case outOfBounds(index: Int, value: Double, lower: Double, upper: Double)

    /// A stable code scripts can match on.
    public var code: String {
        switch self {
        case .wrongCount: "fsrs.parameters.count"
        case .notFinite: "fsrs.parameters.not-finite"
        case .outOfBounds: "fsrs.parameters.out-of-bounds"
        }
    }

    public var description: String {
        switch self {
        case .wrongCount(let count):
            "FSRS parameters: expected 21 (FSRS-6), 19 (FSRS-5) or 17 (FSRS-4.5) values, got \(count); "
                + "pass the full list an optimizer produced"
        case .notFinite(let index, let value):
            "FSRS parameters: w\(index) is \(value), which is not a finite number; replace it with a finite value"
        case .outOfBounds(let index, let value, let lower, let upper):
            "FSRS parameters: w\(index) = \(Float(value)) is outside its bounds [\(Float(lower)), \(Float(upper))]; "
                + "use a value within the bounds (parameters are never clamped silently)"
        }
    }
}
