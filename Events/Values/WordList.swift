/// The words of a spelling test: at least one, none of them empty. Words are content (not
/// personal data) and are kept in the events as text. Encoded as an array of strings.
public struct WordList: Hashable, Sendable, Codable {
    /// The words, in the order the test asks them.
    public let words: [String]

    /// The list `words`.
    /// - Throws: ``EventValidationError``: `empty` when there are no words or one of them is
    ///   the empty string.
    public init(_ words: [String]) throws(EventValidationError) {
        guard !words.isEmpty else {
            throw EventValidationError(.empty, field: "words", "a spelling test needs at least one word")
        }
        if let index = words.firstIndex(where: \.isEmpty) {
            throw EventValidationError(.empty, field: "words", "word \(index + 1) of \(words.count) is empty")
        }
        self.words = words
    }

    public init(from decoder: any Decoder) throws {
        self = try decoder.singleValueContainer().decodeValidated([String].self) { v throws(EventValidationError) in try WordList(v) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(words)
    }
}

extension WordList: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        self = try reader.readValidated({ r throws(EventDecodingError) in try [String](from: &r) }) {
            raw throws(EventValidationError) in try WordList(raw)
        }
    }
    package func encode(to writer: inout BinaryWriter) { words.encode(to: &writer) }
}
