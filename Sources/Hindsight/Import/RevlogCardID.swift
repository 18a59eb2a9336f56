import FSRS

/// The `card_id` a card was imported with from a revlog CSV (an Anki card id, or a text key such
/// as `Spanish::hola`), as ``RevlogCardOrigin/cardID(of:profile:)`` reads it back from the card's
/// creation for the revlog export, the audit and the `card` command: its number in revlog rows,
/// and its text when the file spelled it as text. JSON: the text as a string, else the
/// integer, as the revlog export writes the id.
public struct RevlogCardID: Sendable, Hashable, Encodable, CustomStringConvertible {
    /// The id's number (``RevlogRow/cardID``): the integer, or a text's stable hash.
    public let number: Int64
    /// The id's text, when the file spelled it as text (nil for an integer id).
    public let text: String?

    /// The id of `number` and `text` (nil for an integer id).
    public init(number: Int64, text: String?) {
        self.number = number
        self.text = text
    }

    /// The id as the file spelled it: the text, or the integer in decimal.
    public var description: String { text ?? String(number) }

    /// A string for a text id, else a number.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let text { try container.encode(text) } else { try container.encode(number) }
    }
}
