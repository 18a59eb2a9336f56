/// Bytes or JSON that do not decode to an event: truncated or damaged input, a value that breaks
/// an event's rules, an encoding this build cannot read. Never a crash: every decoder path ends
/// here. Carries where it happened (byte offset, log position, type name) so a damaged record can
/// be found and reported.
public struct EventDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The closed set of failure kinds, stable for programs that react to them.
    public enum Code: String, Sendable, Equatable {
        /// The input ended in the middle of a value.
        case truncated
        /// The record starts with a log format version this build does not know.
        case unsupportedFormat = "unsupported-format"
        /// A variable-length integer was longer than needed or did not fit its type.
        case malformedInteger = "malformed-integer"
        /// A text was not valid UTF-8.
        case invalidUTF8 = "invalid-utf8"
        /// A value was read but breaks the rules of its field (see ``EventValidationError``).
        case invalidValue = "invalid-value"
        /// The input continued after the last field of the event.
        case trailingBytes = "trailing-bytes"
        /// The JSON was not a well-formed event envelope.
        case invalidJSON = "invalid-json"
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
