/// The `card_id`s of a revlog that are text rather than integers (fsrs-optimizer's schema allows
/// "integer or string": a note's key, a UUID, `deck::card`), by the number each stands for in
/// its rows' ``RevlogRow/cardID``; and the rule that no two ids of a file share a number.
///
/// A text's number is a stable hash of it (``number(of:)``), negative, so it is never an id Anki
/// writes (a positive millisecond time); a file whose text ids would collide with each other or
/// with one of its negative integer ids is refused, so a number names one card of the file.
/// Rows stay plain values (no text in each): the texts are kept once a card, here.
public struct RevlogCardTexts: Sendable, Equatable {
    /// The text of each text id, by its number.
    public private(set) var texts: [Int64: String] = [:]
    /// The negative integer ids read (a text's number may not be one).
    private var negativeIntegers: Set<Int64> = []

    /// No text ids.
    public init() {}

    /// The text ids `texts` (to write rows of those cards: ``RevlogCSV/write(_:cardTexts:)``).
    /// - Throws: ``RevlogError`` `cardIDCollision` (line 0) when two of them share a number.
    public init(_ texts: some Sequence<String>) throws(RevlogError) {
        for text in texts { _ = try record(text: text, line: 0) }
    }

    /// The number of a `card_id` written as `text`: the 64-bit FNV-1a hash of its UTF-8 bytes
    /// with the sign bit set. The same text gives the same number in every version: the ids a
    /// store derives for an imported card rest on it.
    public static func number(of text: String) -> Int64 {
        var hash = FNV1a64()
        for byte in text.utf8 { hash.add(byte) }
        return Int64(bitPattern: hash.value | 1 << 63)
    }

    /// A `card_id` spelled `text`, as a revlog's reader reads the field: the number it stands
    /// for in rows (``RevlogRow/cardID``), and its text when it is a text id. An integer (an
    /// optional sign and decimal digits) is its own number, with no text; anything else is a
    /// text id, numbered by ``number(of:)``. Spaces and tabs around are dropped either way.
    public static func read(cardID text: String) -> (number: Int64, text: String?) {
        let trimmed = text.trimmingSpaces()
        if let integer = Int64(trimmed) { return (integer, nil) }
        return (number(of: trimmed), trimmed)
    }

    /// The text of the card numbered `cardID`, or nil for an integer id.
    public subscript(cardID: Int64) -> String? { texts[cardID] }

    /// The `card_id` of card `cardID` as the file spells it: its text, or the integer in decimal.
    public func name(of cardID: Int64) -> String { texts[cardID] ?? String(cardID) }

    /// The number of the text id `text`, read on line `line`, recorded.
    /// - Throws: ``RevlogError`` `cardIDCollision` when the number is another text's or a
    ///   negative integer id read before.
    mutating func record(text: String, line: Int) throws(RevlogError) -> Int64 {
        let number = Self.number(of: text)
        if let known = texts[number] {
            guard known == text else { throw Self.collision(text, known, number, line: line) }
        } else {
            guard !negativeIntegers.contains(number) else { throw Self.collision(text, String(number), number, line: line) }
            texts[number] = text
        }
        return number
    }

    /// Records the integer id `cardID`, read on line `line` (only a negative one can collide).
    /// - Throws: ``RevlogError`` `cardIDCollision` when it is a text id's number.
    mutating func record(integer cardID: Int64, line: Int) throws(RevlogError) {
        guard cardID < 0 else { return }
        if let known = texts[cardID] { throw Self.collision(String(cardID), known, cardID, line: line) }
        negativeIntegers.insert(cardID)
    }

    private static func collision(_ id: String, _ earlier: String, _ number: Int64, line: Int) -> RevlogError {
        RevlogError(code: .cardIDCollision, line: line,
                    message: "card_id '\(id)' and the earlier card_id '\(earlier)' have the same number (\(number)), "
                        + "so they would be one card; rename one of them")
    }
}
