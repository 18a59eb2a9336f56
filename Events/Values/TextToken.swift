/// The shared rules of the short machine-readable texts in events (setting keys, credential
/// references, language tags): not empty, bounded, printable ASCII without spaces.
enum TextToken {
    /// `text` if it is 1 to `maxLength` bytes of printable ASCII without spaces.
    /// - Throws: ``EventValidationError`` naming `field` and the rule broken.
    static func checked(_ text: String, field: String, maxLength: Int) throws(EventValidationError) -> String {
        guard !text.isEmpty else {
            throw EventValidationError(.empty, field: field, "\(field) is empty; give 1 to \(maxLength) characters")
        }
        guard text.utf8.count <= maxLength else {
            throw EventValidationError(.outOfRange, field: field,
                                       "\(field) is \(text.utf8.count) bytes long; the limit is \(maxLength)")
        }
        guard text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw EventValidationError(.invalidCharacters, field: field,
                                       "\(field) \"\(text)\" may hold only printable ASCII without spaces")
        }
        return text
    }
}

extension BinaryReader {
    /// A length-prefixed token that already obeys ``TextToken`` (1 to `maxLength` bytes of
    /// printable ASCII without spaces, so also valid UTF-8), read without the checks on the
    /// built `String`; nil, with the offset unchanged, for anything else, so that the caller
    /// takes its checked path and reports what is wrong.
    @inline(__always) mutating func readPlainToken(maxLength: Int) -> String? {
        let start = offset
        guard let bytes = try? readLengthPrefixed(), !bytes.isEmpty, bytes.count <= maxLength,
              bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            offset = start
            return nil
        }
        return String(decoding: bytes.assumingMemoryBound(to: UInt8.self), as: UTF8.self)
    }
}
