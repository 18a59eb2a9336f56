/// JSON decoding of validated values: the raw value is decoded, then passed through the same
/// validating initializer that code uses, so JSON cannot smuggle in a rating of 7.
extension SingleValueDecodingContainer {
    /// Decodes a `Raw` and builds the value from it.
    /// - Throws: `DecodingError.dataCorrupted` carrying the ``EventValidationError`` text when
    ///   the raw value breaks the rules, or the decoder's own error when it is not a `Raw`.
    func decodeValidated<Raw: Decodable, Value>(
        _ raw: Raw.Type, _ make: (Raw) throws(EventValidationError) -> Value
    ) throws -> Value {
        let value = try decode(Raw.self)
        do {
            return try make(value)
        } catch {
            throw DecodingError.dataCorruptedError(in: self, debugDescription: error.description)
        }
    }
}
