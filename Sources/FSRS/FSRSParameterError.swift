/// Why a list of FSRS parameters was rejected: a stable code, a message that says what was wrong
/// and what to do, and the weight concerned.
public struct FSRSParameterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is: a stable name programs match on. A struct with static
    /// members, not an enum, so a later version can add a code without breaking a caller's
    /// `switch` (which therefore needs a `default`).
    public struct Code: RawRepresentable, Hashable, Sendable {
        /// The code's stable spelling, the same in every version.
        public let rawValue: String
        /// The code spelled `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The list has a count other than 17, 19 or 21.
        public static let wrongCount = Code(rawValue: "fsrs.parameters.count")
        /// A weight is NaN or infinite.
        public static let notFinite = Code(rawValue: "fsrs.parameters.not-finite")
        /// A weight lies outside its bounds (FORMULAS.md 1.3).
        public static let outOfBounds = Code(rawValue: "fsrs.parameters.out-of-bounds")
    }

    /// What kind of failure this is.
    public let code: Code
    /// What was wrong and what to do.
    public let message: String
    /// The index of the weight concerned (`w0` is 0), nil for a wrong count.
    public let index: Int?

    /// An error of kind `code` saying `message` about weight `index`.
    public init(_ code: Code, _ message: String, index: Int? = nil) {
        self.code = code
        self.message = message
        self.index = index
    }

    public var description: String { message }

    /// The list has `count` values, not 17, 19 or 21.
    package static func wrongCount(_ count: Int) -> Self {
        Self(.wrongCount, "FSRS parameters: expected 21 (FSRS-6), 19 (FSRS-5) or 17 (FSRS-4.5) values, got \(count); "
                 + "pass the full list an optimizer produced")
    }

    /// The weight at `index` is `value`, NaN or infinite.
    package static func notFinite(index: Int, value: Double) -> Self {
        Self(.notFinite, "FSRS parameters: w\(index) is \(value), which is not a finite number; replace it with a finite value",
             index: index)
    }

    /// The weight at `index` is `value`, outside [`lower`, `upper`].
    package static func outOfBounds(index: Int, value: Double, lower: Double, upper: Double) -> Self {
        Self(.outOfBounds, "FSRS parameters: w\(index) = \(Float(value)) is outside its bounds [\(Float(lower)), \(Float(upper))]; "
                 + "use a value within the bounds (parameters are never clamped silently)", index: index)
    }
}
