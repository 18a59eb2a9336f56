/// Why parameters could not be fitted: a stable code and a message that says what to do.
public struct OptimizerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is: a stable name programs match on. A struct with static
    /// members, not an enum, so a later version can add a code without breaking a caller's
    /// `switch` (which therefore needs a `default`).
    public struct Code: RawRepresentable, Hashable, Sendable {
        /// The code's stable spelling, the same in every version.
        public let rawValue: String
        /// The code spelled `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// No card has a review on a later day after its first day that pretraining could use.
        public static let notEnoughData = Code(rawValue: "fsrs.optimizer.not-enough-data")
        /// Training produced a weight that is NaN or infinite.
        public static let diverged = Code(rawValue: "fsrs.optimizer.diverged")
        /// A configuration value is unusable.
        public static let invalidConfiguration = Code(rawValue: "fsrs.optimizer.invalid-configuration")
    }

    /// What kind of problem it is.
    public var code: Code
    /// What was wrong and what to do.
    public var message: String

    /// An error.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(message) [\(code.rawValue)]" }

    /// Nothing to fit the initial stabilities on.
    static let notEnoughData = OptimizerError(
        code: .notEnoughData,
        message: "not enough review history to fit parameters: review cards again on a later day than their first, then retry")
    /// A weight became NaN or infinite.
    static let diverged = OptimizerError(
        code: .diverged, message: "training diverged (a parameter became NaN or infinite); keep the current parameters")

    /// `what` is wrong with the configuration.
    static func invalidConfiguration(_ what: String) -> OptimizerError {
        OptimizerError(code: .invalidConfiguration, message: "invalid optimizer configuration: \(what)")
    }
}
