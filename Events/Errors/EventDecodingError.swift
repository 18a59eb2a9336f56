/// Bytes or JSON that do not decode to an event: truncated or damaged input, a value that breaks
/// an event's rules, an encoding this build cannot read. Never a crash: every decoder path ends
/// here. Carries where it happened (byte offset, log position, type name) so a damaged record can
/// be found and reported.
public struct EventDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is: a stable name programs match on. A struct with static
    /// members, not an enum, so a later version can add a code without breaking a caller's
    /// `switch` (which therefore needs a `default`).
    public struct Code: RawRepresentable, Hashable, Sendable {
        /// The code's stable spelling, the same in every version.
        public let rawValue: String
        /// The code spelled `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The input ended in the middle of a value.
        public static let truncated = Code(rawValue: "truncated")
        /// The record starts with a log format version this build does not know.
        public static let unsupportedFormat = Code(rawValue: "unsupported-format")
        /// A variable-length integer was longer than needed or did not fit its type.
        public static let malformedInteger = Code(rawValue: "malformed-integer")
        /// A text was not valid UTF-8.
        public static let invalidUTF8 = Code(rawValue: "invalid-utf8")
        /// A value was read but breaks the rules of its field (see ``EventValidationError``).
        public static let invalidValue = Code(rawValue: "invalid-value")
        /// The input continued after the last field of the event.
        public static let trailingBytes = Code(rawValue: "trailing-bytes")
        /// The JSON was not a well-formed event envelope.
        public static let invalidJSON = Code(rawValue: "invalid-json")
    }

    /// What went wrong.
    public let code: Code
    /// What was wrong and what to do, in one sentence.
    public let message: String
    /// The byte offset inside the payload where the problem was found (binary input only).
    public var offset: Int?
    /// The log position of the record, when the caller gave it.
    public var position: UInt64?
    /// The event type being decoded, when it was already known.
    public var typeName: String?

    /// An error of `code` with its explanation and whatever context is known.
    public init(_ code: Code, _ message: String, offset: Int? = nil, position: UInt64? = nil,
                typeName: String? = nil) {
        self.code = code
        self.message = message
        self.offset = offset
        self.position = position
        self.typeName = typeName
    }

    public var description: String {
        var context: [String] = []
        if let position { context.append("position \(position)") }
        if let typeName { context.append("type \(typeName)") }
        if let offset { context.append("byte offset \(offset)") }
        let suffix = context.isEmpty ? "" : " (" + context.joined(separator: ", ") + ")"
        return "cannot decode event [\(code.rawValue)]: \(message)\(suffix)"
    }
}
