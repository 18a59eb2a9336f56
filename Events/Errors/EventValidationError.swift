/// A value given to an event (or read back from an encoded one) that breaks the event's rules:
/// a rating of 7, an empty word list, an hour of 25. Says which field, what was wrong and what
/// is allowed, so the caller can correct the input.
public struct EventValidationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is: a stable name programs match on. A struct with static
    /// members, not an enum, so a later version can add a code without breaking a caller's
    /// `switch` (which therefore needs a `default`).
    public struct Code: RawRepresentable, Hashable, Sendable {
        /// The code's stable spelling, the same in every version.
        public let rawValue: String
        /// The code spelled `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A number outside its allowed range.
        public static let outOfRange = Code(rawValue: "out-of-range")
        /// A text or list that must not be empty was empty.
        public static let empty = Code(rawValue: "empty")
        /// A floating-point value that was NaN or infinite.
        public static let notFinite = Code(rawValue: "not-finite")
        /// A list with the wrong number of elements.
        public static let wrongCount = Code(rawValue: "wrong-count")
        /// A text with characters it may not hold.
        public static let invalidCharacters = Code(rawValue: "invalid-characters")
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
