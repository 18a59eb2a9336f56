/// Why parameters could not be fitted.
public enum OptimizerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No card has a review on a later day after its first day, so there is nothing to fit
    /// the initial stabilities on.
    case notEnoughData
    /// Training diverged (a weight became NaN or infinite).
    case diverged
    /// A configuration value is unusable (names it).
    case invalidConfiguration(String)

    public var description: String {
        switch self {
        case .notEnoughData:
            "not enough review history to fit parameters: review cards again on a later day than their first, then retry"
        case .diverged:
            "training diverged (a parameter became NaN or infinite); report the history that caused it"
        case .invalidConfiguration(let what):
            "invalid optimizer configuration: \(what)"
        }
    }
}
