/// A BCP 47 language tag such as `en`, `de-CH` or `und` (undetermined).
/// Encoded as a plain string in both encodings.
public struct LanguageTag: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The text itself.
    public let value: String

    /// The language `value`.
    /// - Throws: ``EventValidationError`` unless `value` is 1 to 35 bytes of printable ASCII
    ///   without spaces.
    public init(_ value: String) throws(EventValidationError) {
        self.value = try TextToken.checked(value, field: "language", maxLength: Self.maximumLength)
    }

    /// The longest value, in UTF-8 bytes.
    static let maximumLength = 35

    public var description: String { value }

    public init(from decoder: any Decoder) throws {
        self = try decoder.singleValueContainer().decodeValidated(String.self) { v throws(EventValidationError) in try LanguageTag(v) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

extension LanguageTag: BinaryCodable {
    @inline(__always) package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        if let token = reader.readPlainToken(maxLength: Self.maximumLength) {
            value = token
            return
        }
        self = try reader.readValidated({ r throws(EventDecodingError) in try r.readString() }) {
            raw throws(EventValidationError) in try LanguageTag(raw)
        }
    }
    @inline(__always) package func encode(to writer: inout BinaryWriter) { writer.writeString(value) }
}

