/// A reference to a credential held elsewhere (the keychain, a secrets manager), such as `keychain:openai-api-key`. The secret itself never enters the log; only this name of where to find it.
/// Encoded as a plain string in both encodings.
public struct CredentialReference: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The text itself.
    public let value: String

    /// The credential `value`.
    /// - Throws: ``EventValidationError`` unless `value` is 1 to 256 bytes of printable ASCII
    ///   without spaces.
    public init(_ value: String) throws(EventValidationError) {
        self.value = try TextToken.checked(value, field: "credential", maxLength: 256)
    }

    public var description: String { value }

    public init(from decoder: any Decoder) throws {
        self = try decoder.singleValueContainer().decodeValidated(String.self) { v throws(EventValidationError) in try CredentialReference(v) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

extension CredentialReference: BinaryCodable {
    @inline(__always) package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        self = try reader.readValidated({ r throws(EventDecodingError) in try r.readString() }) {
            raw throws(EventValidationError) in try CredentialReference(raw)
        }
    }
    @inline(__always) package func encode(to writer: inout BinaryWriter) { writer.writeString(value) }
}

