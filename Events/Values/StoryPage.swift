/// One page of a generated story: its number and a reference to its text in the personal-data
/// side store (a story's text names the child, so it never enters the log in the clear).
public struct StoryPage: Hashable, Sendable, Codable {
    /// The page number, from 1.
    public let number: PageNumber
    /// Where the page's text is kept.
    public let text: PersonalDataReference

    /// Page `number` whose text is stored under `text`.
    public init(number: PageNumber, text: PersonalDataReference) {
        self.number = number
        self.text = text
    }
}

extension StoryPage: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        number = try PageNumber(from: &reader)
        text = try PersonalDataReference(from: &reader)
    }
    package func encode(to writer: inout BinaryWriter) {
        number.encode(to: &writer)
        text.encode(to: &writer)
    }
}
