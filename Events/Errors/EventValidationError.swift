/// A value given to an event (or read back from an encoded one) that breaks the event's rules:
/// a rating of 7, an empty word list, an hour of 25. Says which field, what was wrong and what
/// is allowed, so the caller can correct the input.
public struct EventValidationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The closed set of rule kinds, stable for programs that react to them.
    public enum Code: String, Sendable, Equatable {
        /// A number outside its allowed range.
        case outOfRange = "out-of-range"
        /// A text or list that must not be empty was empty.
        case empty
        /// A floating-point value that was NaN or infinite.
        case notFinite = "not-finite"
        /// A list with the wrong number of elements.
        case wrongCount = "wrong-count"
        /// A text with characters it may not hold.
        case invalidCharacters = "invalid-characters"
    }

    /// Which rule was broken.
    public let code: Code
    /// The field (or value type) that holds the bad value, e.g. `rating`.
    public let field: String
    /// What was wrong and what is allowed, in one sentence.
    public let message: String

    /// An error for `field`, with a message that names the bad value and the allowed ones.
    public init(_ code: Code, field: String, _ message: String) {
        self.code = code
        self.field = field
        self.message = message
    }

    public var description: String { "invalid \(field) (\(code.rawValue)): \(message)" }
}
